import type { DeliveryRecord, OutputStorePort, ReceivedDeclaration, StatementLink, StatementRecord } from '@eid/domain';

/** The output store in Maps (tests, practice mode): the same contract as SQLite's. */
export class MemoryOutputStore implements OutputStorePort {
  private readonly statements = new Map<string, StatementRecord>();
  private readonly deliveries = new Map<string, DeliveryRecord>();
  /** Until when a worker claimed a message. */
  private readonly leases = new Map<string, number>();

  async saveOutput(list: readonly StatementRecord[], messages: readonly DeliveryRecord[]): Promise<void> {
    const ids = new Set([...list.map((s) => s.declarationId), ...messages.map((m) => m.declarationId)]);
    if (ids.size > 1) throw new Error('saveOutput: one declaration at a time');
    const [declarationId] = ids;
    if (declarationId === undefined) return;
    if ([...this.statements.values()].some((s) => s.declarationId === declarationId)) return;
    const suids = new Set([...this.statements.values()].map((s) => s.suid));
    for (const s of list) if (this.statements.has(s.statementId) || suids.has(s.suid)) throw new Error('saveOutput: statement id taken');
    for (const s of list) this.statements.set(s.statementId, s);
    for (const m of messages) if (!this.deliveries.has(m.id)) this.deliveries.set(m.id, m);
  }

  async addMessages(messages: readonly DeliveryRecord[]): Promise<void> {
    for (const m of messages) if (!this.deliveries.has(m.id)) this.deliveries.set(m.id, m);
  }

  async removeFor(declarationId: string): Promise<void> {
    for (const [id, s] of this.statements) if (s.declarationId === declarationId) this.statements.delete(id);
    for (const [id, m] of this.deliveries) if (m.declarationId === declarationId) this.deliveries.delete(id);
  }

  async statementsFor(declarationId: string): Promise<StatementRecord[]> {
    return [...this.statements.values()].filter((s) => s.declarationId === declarationId).sort((a, b) => a.party.localeCompare(b.party));
  }

  async received(page: { readonly limit: number; readonly offset: number; readonly search?: string }): Promise<{ readonly declarations: ReceivedDeclaration[]; readonly total: number }> {
    const byId = new Map<string, ReceivedDeclaration>();
    for (const s of this.statements.values()) if (!byId.has(s.declarationId)) byId.set(s.declarationId, { declarationId: s.declarationId, accidentId: s.accidentId, receivedAt: s.createdAt });
    const search = page.search?.trim() ?? '';
    const all = [...byId.values()].filter((d) => d.accidentId.startsWith(search)).sort((a, b) => b.receivedAt - a.receivedAt || a.declarationId.localeCompare(b.declarationId));
    return { declarations: all.slice(page.offset, page.offset + page.limit), total: all.length };
  }

  async findStatement(link: StatementLink): Promise<StatementRecord | null> {
    for (const s of this.statements.values()) {
      if ('suid' in link ? s.suid === link.suid : s.statementId === link.statementId && s.accidentId === link.accidentId) return s;
    }
    return null;
  }

  async statementById(statementId: string): Promise<StatementRecord | null> {
    return this.statements.get(statementId) ?? null;
  }

  async deliveriesFor(declarationId: string): Promise<DeliveryRecord[]> {
    return [...this.deliveries.values()].filter((m) => m.declarationId === declarationId).sort((a, b) => a.key.localeCompare(b.key));
  }

  async claimDueDeliveries(now: number, limit: number, leaseMs: number): Promise<DeliveryRecord[]> {
    const due = [...this.deliveries.values()]
      .filter((m) => m.state === 'PENDING' && m.nextAttemptAt <= now && (this.leases.get(m.id) ?? 0) <= now)
      .sort((a, b) => a.nextAttemptAt - b.nextAttemptAt || a.createdAt - b.createdAt || a.id.localeCompare(b.id))
      .slice(0, limit);
    for (const m of due) this.leases.set(m.id, now + leaseMs);
    return due;
  }

  private update(id: string, change: Partial<DeliveryRecord>): void {
    const m = this.deliveries.get(id);
    if (m && m.state === 'PENDING') this.deliveries.set(id, { ...m, ...change });
  }

  async markSent(id: string, now: number): Promise<void> {
    this.update(id, { state: 'SENT', sentAt: now, lastError: null });
  }

  async markRetry(id: string, attempts: number, nextAttemptAt: number, error: string): Promise<void> {
    if (this.deliveries.get(id)?.state === 'PENDING') this.leases.delete(id);
    this.update(id, { attempts, nextAttemptAt, lastError: error.slice(0, 1000) });
  }

  async markFailed(id: string, attempts: number, error: string): Promise<void> {
    this.update(id, { state: 'FAILED', attempts, lastError: error.slice(0, 1000) });
  }
}
