import type { ClientChange, DeliveryOutcome, FeedEntry, InsurerClaim, InsurerClient, InsurerStorePort, WebhookAttempt, WebhookDelivery } from '@eid/domain/insurer';

/** InsurerStorePort in memory (tests, the server's memory set-up; the same contract as the SQL stores). Values are copied in and out. */
export class MemoryInsurerStore implements InsurerStorePort {
  private readonly clients = new Map<string, InsurerClient>();
  private readonly entries: FeedEntry[] = [];
  private seq = 0;
  private readonly sent = new Map<string, WebhookDelivery & { leasedUntil: number | null }>();
  private readonly tries: WebhookAttempt[] = [];
  private readonly claims = new Map<string, InsurerClaim>();

  async addClient(client: InsurerClient): Promise<boolean> {
    if (this.clients.has(client.id)) return false;
    this.clients.set(client.id, { ...client });
    return true;
  }

  async clientById(id: string): Promise<InsurerClient | null> {
    const found = this.clients.get(id);
    return found ? { ...found } : null;
  }

  async listClients(): Promise<InsurerClient[]> {
    return [...this.clients.values()].sort((a, b) => b.createdAt - a.createdAt || b.id.localeCompare(a.id)).map((c) => ({ ...c }));
  }

  async updateClient(id: string, change: ClientChange): Promise<InsurerClient | null> {
    const found = this.clients.get(id);
    if (!found) return null;
    const changed = { ...found, ...change };
    this.clients.set(id, changed);
    return { ...changed };
  }

  async addToFeed(entries: ReadonlyArray<Omit<FeedEntry, 'seq'>>): Promise<void> {
    for (const e of entries) {
      if (this.entries.some((x) => x.insurerId === e.insurerId && x.declarationId === e.declarationId)) continue;
      this.entries.push({ ...e, seq: ++this.seq });
    }
  }

  async feed(insurerId: number, afterSeq: number, limit: number): Promise<FeedEntry[]> {
    return this.entries.filter((e) => e.insurerId === insurerId && e.seq > afterSeq).slice(0, limit).map((e) => ({ ...e }));
  }

  async feedPage(insurerId: number, limit: number, offset: number): Promise<{ entries: FeedEntry[]; total: number }> {
    const mine = this.entries.filter((e) => e.insurerId === insurerId).reverse();
    return { entries: mine.slice(offset, offset + limit).map((e) => ({ ...e })), total: mine.length };
  }

  async inFeed(insurerId: number, declarationIds: readonly string[]): Promise<Set<string>> {
    return new Set(this.entries.filter((e) => e.insurerId === insurerId && declarationIds.includes(e.declarationId)).map((e) => e.declarationId));
  }

  async feedEntry(insurerId: number, declarationId: string): Promise<FeedEntry | null> {
    const found = this.entries.find((e) => e.insurerId === insurerId && e.declarationId === declarationId);
    return found ? { ...found } : null;
  }

  async registerClaim(claim: InsurerClaim): Promise<'NEW' | 'SAME' | 'CHANGED'> {
    const key = `${claim.declarationId}:${claim.insurerId}`;
    const kept = this.claims.get(key);
    const same = kept && kept.claimNumber === claim.claimNumber && kept.contactName === claim.contactName && kept.contactPhone === claim.contactPhone && kept.contactEmail === claim.contactEmail;
    if (same) return 'SAME';
    this.claims.set(key, { ...claim });
    return kept ? 'CHANGED' : 'NEW';
  }

  async claimsFor(declarationId: string): Promise<InsurerClaim[]> {
    return [...this.claims.values()].filter((c) => c.declarationId === declarationId).sort((a, b) => a.insurerId - b.insurerId).map((c) => ({ ...c }));
  }

  async unanswered(insurerIds: readonly number[], finishedBefore: number, limit: number): Promise<FeedEntry[]> {
    return this.entries
      .filter((e) => insurerIds.includes(e.insurerId) && e.finishedAt < finishedBefore && !this.claims.has(`${e.declarationId}:${e.insurerId}`))
      .reverse()
      .slice(0, limit)
      .map((e) => ({ ...e }));
  }

  async declarationIds(): Promise<string[]> {
    return [...new Set([...this.entries.map((e) => e.declarationId), ...[...this.claims.values()].map((c) => c.declarationId), ...[...this.sent.values()].map((d) => d.declarationId)])].sort();
  }

  async removeFeedFor(declarationId: string): Promise<void> {
    for (let i = this.entries.length - 1; i >= 0; i--) if (this.entries[i]!.declarationId === declarationId) this.entries.splice(i, 1);
    for (const [key, c] of this.claims) if (c.declarationId === declarationId) this.claims.delete(key);
    for (const d of [...this.sent.values()].filter((x) => x.declarationId === declarationId)) {
      this.sent.delete(d.id);
      for (let i = this.tries.length - 1; i >= 0; i--) if (this.tries[i]!.deliveryId === d.id) this.tries.splice(i, 1);
    }
  }

  async addDeliveries(deliveries: readonly WebhookDelivery[]): Promise<void> {
    for (const d of deliveries) {
      const taken = this.sent.has(d.id) || [...this.sent.values()].some((x) => x.clientId === d.clientId && x.declarationId === d.declarationId && x.event === d.event);
      if (!taken) this.sent.set(d.id, { ...d, leasedUntil: null });
    }
  }

  async claimDueDeliveries(now: number, limit: number, leaseMs: number): Promise<WebhookDelivery[]> {
    const due = [...this.sent.values()]
      .filter((d) => d.state === 'PENDING' && d.nextAttemptAt <= now && (d.leasedUntil === null || d.leasedUntil <= now))
      .sort((a, b) => a.nextAttemptAt - b.nextAttemptAt || a.createdAt - b.createdAt || a.id.localeCompare(b.id))
      .slice(0, limit);
    for (const d of due) d.leasedUntil = now + leaseMs;
    return due.map(({ leasedUntil: _lease, ...d }) => ({ ...d }));
  }

  async recordAttempt(attempt: WebhookAttempt, outcome: DeliveryOutcome): Promise<void> {
    const d = this.sent.get(attempt.deliveryId);
    if (!d || d.state !== 'PENDING' || d.attempts !== outcome.attempts - 1) return;
    this.tries.push({ ...attempt });
    this.sent.set(d.id, { ...d, ...outcome, leasedUntil: null });
  }

  async deliveries(page: { readonly limit: number; readonly offset: number; readonly clientId?: string }): Promise<{ readonly deliveries: WebhookDelivery[]; readonly total: number }> {
    const all = [...this.sent.values()].filter((d) => page.clientId === undefined || d.clientId === page.clientId).sort((a, b) => b.createdAt - a.createdAt || b.id.localeCompare(a.id));
    return { deliveries: all.slice(page.offset, page.offset + page.limit).map(({ leasedUntil: _lease, ...d }) => ({ ...d })), total: all.length };
  }

  async deliveryById(id: string): Promise<WebhookDelivery | null> {
    const d = this.sent.get(id);
    if (!d) return null;
    const { leasedUntil: _lease, ...rest } = d;
    return { ...rest };
  }

  async attemptsOf(deliveryId: string): Promise<WebhookAttempt[]> {
    return this.tries.filter((a) => a.deliveryId === deliveryId).map((a) => ({ ...a }));
  }

  async replayDelivery(id: string, now: number): Promise<WebhookDelivery | null> {
    const d = this.sent.get(id);
    if (!d) return null;
    if (d.state !== 'PENDING') this.sent.set(id, { ...d, state: 'PENDING', attempts: 0, nextAttemptAt: now, deliveredAt: null, leasedUntil: null });
    else if (d.leasedUntil === null || d.leasedUntil <= now) this.sent.set(id, { ...d, nextAttemptAt: Math.min(d.nextAttemptAt, now) });
    return this.deliveryById(id);
  }
}
