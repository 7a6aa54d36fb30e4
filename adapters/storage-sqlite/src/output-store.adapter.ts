import { and, asc, count, desc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import {
  type DeliveryAttachment,
  type DeliveryRecord,
  type DeliveryState,
  type Locale,
  type OutputStorePort,
  type ReceivedDeclaration,
  type Party,
  type StatementLink,
  type StatementRecord,
} from '@eid/domain';
import type { EidDatabase } from './database.js';
import { deliveries, statements } from './schema.js';

const toStatement = (r: typeof statements.$inferSelect): StatementRecord => ({
  statementId: r.statementId,
  suid: r.suid,
  accidentId: r.accidentId,
  declarationId: r.declarationId,
  party: r.party as Party,
  lang: r.lang as Locale,
  passwordHash: r.passwordHash,
  documents: { primary: r.docPrimary, secondary: r.docSecondary },
  createdAt: r.createdAt,
});

const toDelivery = (r: typeof deliveries.$inferSelect): DeliveryRecord => ({
  id: r.id,
  declarationId: r.declarationId,
  key: r.key,
  channel: r.channel as DeliveryRecord['channel'],
  to: r.recipient,
  subject: r.subject,
  text: r.body,
  html: r.html,
  attachments: JSON.parse(r.attachments) as DeliveryAttachment[],
  state: r.state as DeliveryState,
  attempts: r.attempts,
  nextAttemptAt: r.nextAttemptAt,
  createdAt: r.createdAt,
  sentAt: r.sentAt,
  lastError: r.lastError,
});

/** A message as its row. */
const deliveryRow = (m: DeliveryRecord) => ({
  id: m.id,
  declarationId: m.declarationId,
  key: m.key,
  channel: m.channel,
  recipient: m.to,
  subject: m.subject,
  body: m.text,
  html: m.html,
  attachments: JSON.stringify(m.attachments),
  state: m.state,
  attempts: m.attempts,
  nextAttemptAt: m.nextAttemptAt,
  createdAt: m.createdAt,
  sentAt: m.sentAt,
  lastError: m.lastError,
});

/**
 * Statements and the delivery outbox in the SQLite file of the declarations. `saveOutput` is one
 * transaction: the first call for a declaration writes everything, any later call nothing.
 */
export class SqliteOutputStore implements OutputStorePort {
  constructor(private readonly db: EidDatabase) {}

  async saveOutput(list: readonly StatementRecord[], messages: readonly DeliveryRecord[]): Promise<void> {
    const declarationIds = new Set([...list.map((s) => s.declarationId), ...messages.map((m) => m.declarationId)]);
    if (declarationIds.size > 1) throw new Error('saveOutput: one declaration at a time');
    const [declarationId] = declarationIds;
    if (declarationId === undefined) return;
    this.db.transaction((tx) => {
      const existing = tx.select({ id: statements.statementId }).from(statements).where(eq(statements.declarationId, declarationId)).get();
      if (existing) return;
      for (const s of list) {
        tx.insert(statements)
          .values({
            statementId: s.statementId,
            suid: s.suid,
            accidentId: s.accidentId,
            declarationId: s.declarationId,
            party: s.party,
            lang: s.lang,
            passwordHash: s.passwordHash,
            docPrimary: s.documents.primary,
            docSecondary: s.documents.secondary,
            createdAt: s.createdAt,
          })
          .run();
      }
      for (const m of messages) tx.insert(deliveries).values(deliveryRow(m)).onConflictDoNothing().run();
    });
  }

  async addMessages(messages: readonly DeliveryRecord[]): Promise<void> {
    if (messages.length === 0) return;
    this.db.transaction((tx) => {
      for (const m of messages) tx.insert(deliveries).values(deliveryRow(m)).onConflictDoNothing().run();
    });
  }

  async statementsFor(declarationId: string): Promise<StatementRecord[]> {
    return this.db.select().from(statements).where(eq(statements.declarationId, declarationId)).orderBy(asc(statements.party)).all().map(toStatement);
  }

  async received(page: { readonly limit: number; readonly offset: number; readonly search?: string }): Promise<{ readonly declarations: ReceivedDeclaration[]; readonly total: number }> {
    const search = page.search?.trim() ?? '';
    // Party A's statement stands for its declaration (each sent declaration has one of each party).
    const where = and(eq(statements.party, 'A'), search === '' ? undefined : sql`substr(${statements.accidentId}, 1, ${search.length}) = ${search}`);
    const rows = this.db.select({ declarationId: statements.declarationId, accidentId: statements.accidentId, receivedAt: statements.createdAt }).from(statements).where(where).orderBy(desc(statements.createdAt), asc(statements.declarationId)).limit(page.limit).offset(page.offset).all();
    return { declarations: rows, total: this.db.select({ n: count() }).from(statements).where(where).get()?.n ?? 0 };
  }

  async findStatement(link: StatementLink): Promise<StatementRecord | null> {
    const row =
      'suid' in link
        ? this.db.select().from(statements).where(eq(statements.suid, link.suid)).get()
        : this.db
            .select()
            .from(statements)
            .where(and(eq(statements.statementId, link.statementId), eq(statements.accidentId, link.accidentId)))
            .get();
    return row ? toStatement(row) : null;
  }

  async statementById(statementId: string): Promise<StatementRecord | null> {
    const row = this.db.select().from(statements).where(eq(statements.statementId, statementId)).get();
    return row ? toStatement(row) : null;
  }

  async removeFor(declarationId: string): Promise<void> {
    this.db.transaction((tx) => {
      tx.delete(deliveries).where(eq(deliveries.declarationId, declarationId)).run();
      tx.delete(statements).where(eq(statements.declarationId, declarationId)).run();
    });
  }

  async deliveriesFor(declarationId: string): Promise<DeliveryRecord[]> {
    return this.db.select().from(deliveries).where(eq(deliveries.declarationId, declarationId)).orderBy(asc(deliveries.key)).all().map(toDelivery);
  }

  async claimDueDeliveries(now: number, limit: number, leaseMs: number): Promise<DeliveryRecord[]> {
    return this.db.transaction((tx) => {
      const due = tx
        .select()
        .from(deliveries)
        .where(and(eq(deliveries.state, 'PENDING'), lte(deliveries.nextAttemptAt, now), or(isNull(deliveries.leasedUntil), lte(deliveries.leasedUntil, now))))
        .orderBy(asc(deliveries.nextAttemptAt), asc(deliveries.createdAt), asc(deliveries.id))
        .limit(limit)
        .all();
      if (due.length > 0) tx.update(deliveries).set({ leasedUntil: now + leaseMs }).where(inArray(deliveries.id, due.map((r) => r.id))).run();
      return due.map(toDelivery);
    });
  }

  async markSent(id: string, now: number): Promise<void> {
    this.db.update(deliveries).set({ state: 'SENT', sentAt: now, lastError: null }).where(and(eq(deliveries.id, id), eq(deliveries.state, 'PENDING'))).run();
  }

  async markRetry(id: string, attempts: number, nextAttemptAt: number, error: string): Promise<void> {
    this.db.update(deliveries).set({ attempts, nextAttemptAt, lastError: error.slice(0, 1000), leasedUntil: null }).where(and(eq(deliveries.id, id), eq(deliveries.state, 'PENDING'))).run();
  }

  async markFailed(id: string, attempts: number, error: string): Promise<void> {
    this.db.update(deliveries).set({ state: 'FAILED', attempts, lastError: error.slice(0, 1000) }).where(and(eq(deliveries.id, id), eq(deliveries.state, 'PENDING'))).run();
  }

  /** Forgets every claim (see SqliteSubmitQueue.releaseLeases: one process, so a claim at start-up is a dead one's). */
  releaseLeases(): void {
    this.db.update(deliveries).set({ leasedUntil: null }).run();
  }
}
