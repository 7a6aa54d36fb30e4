/** InsurerStorePort on SQLite: the insurers' clients and feeds (one process: entries are numbered in the order written). */
import { and, asc, count, desc, eq, gt, inArray, isNull, lt, lte, ne, or } from 'drizzle-orm';
import type { ClientChange, DeliveryOutcome, FeedEntry, InsurerClaim, InsurerClient, InsurerStorePort, WebhookAttempt, WebhookDelivery } from '@eid/domain/insurer';
import type { EidDatabase } from './database.js';
import { insurerClaims, insurerClients, insurerFeed, webhookAttempts, webhookDeliveries } from './schema.js';

const toDelivery = ({ leasedUntil: _lease, ...row }: typeof webhookDeliveries.$inferSelect): WebhookDelivery => row;
const sameClaim = (a: InsurerClaim, b: InsurerClaim) => a.claimNumber === b.claimNumber && a.contactName === b.contactName && a.contactPhone === b.contactPhone && a.contactEmail === b.contactEmail;
const toAttempt = ({ seq: _seq, ...row }: typeof webhookAttempts.$inferSelect): WebhookAttempt => row;

export class SqliteInsurerStore implements InsurerStorePort {
  constructor(private readonly db: EidDatabase) {}

  async addClient(client: InsurerClient): Promise<boolean> {
    return this.db.insert(insurerClients).values(client).onConflictDoNothing().run().changes === 1;
  }

  async clientById(id: string): Promise<InsurerClient | null> {
    return this.db.select().from(insurerClients).where(eq(insurerClients.id, id)).get() ?? null;
  }

  async listClients(): Promise<InsurerClient[]> {
    return this.db.select().from(insurerClients).orderBy(desc(insurerClients.createdAt), desc(insurerClients.id)).all();
  }

  async updateClient(id: string, change: ClientChange): Promise<InsurerClient | null> {
    if (Object.keys(change).length) this.db.update(insurerClients).set(change).where(eq(insurerClients.id, id)).run();
    return this.clientById(id);
  }

  async addToFeed(entries: ReadonlyArray<Omit<FeedEntry, 'seq'>>): Promise<void> {
    if (entries.length === 0) return;
    this.db.insert(insurerFeed).values([...entries]).onConflictDoNothing().run();
  }

  async feed(insurerId: number, afterSeq: number, limit: number): Promise<FeedEntry[]> {
    return this.db
      .select()
      .from(insurerFeed)
      .where(and(eq(insurerFeed.insurerId, insurerId), gt(insurerFeed.seq, afterSeq)))
      .orderBy(asc(insurerFeed.seq))
      .limit(limit)
      .all();
  }

  async feedPage(insurerId: number, limit: number, offset: number): Promise<{ entries: FeedEntry[]; total: number }> {
    const mine = eq(insurerFeed.insurerId, insurerId);
    return this.db.transaction((tx) => ({
      entries: tx.select().from(insurerFeed).where(mine).orderBy(desc(insurerFeed.seq)).limit(limit).offset(offset).all(),
      total: tx.select({ n: count() }).from(insurerFeed).where(mine).get()?.n ?? 0,
    }));
  }

  async inFeed(insurerId: number, declarationIds: readonly string[]): Promise<Set<string>> {
    if (declarationIds.length === 0) return new Set();
    const rows = this.db.select({ id: insurerFeed.declarationId }).from(insurerFeed).where(and(eq(insurerFeed.insurerId, insurerId), inArray(insurerFeed.declarationId, [...declarationIds]))).all();
    return new Set(rows.map((r) => r.id));
  }

  async feedEntry(insurerId: number, declarationId: string): Promise<FeedEntry | null> {
    return this.db.select().from(insurerFeed).where(and(eq(insurerFeed.insurerId, insurerId), eq(insurerFeed.declarationId, declarationId))).get() ?? null;
  }

  async registerClaim(claim: InsurerClaim): Promise<'NEW' | 'SAME' | 'CHANGED'> {
    return this.db.transaction((tx) => {
      const kept = tx.select().from(insurerClaims).where(and(eq(insurerClaims.declarationId, claim.declarationId), eq(insurerClaims.insurerId, claim.insurerId))).get();
      if (kept && sameClaim(kept, claim)) return 'SAME';
      tx.insert(insurerClaims).values(claim).onConflictDoUpdate({ target: [insurerClaims.declarationId, insurerClaims.insurerId], set: claim }).run();
      return kept ? 'CHANGED' : 'NEW';
    });
  }

  async claimsFor(declarationId: string): Promise<InsurerClaim[]> {
    return this.db.select().from(insurerClaims).where(eq(insurerClaims.declarationId, declarationId)).orderBy(asc(insurerClaims.insurerId)).all();
  }

  async unanswered(insurerIds: readonly number[], finishedBefore: number, limit: number): Promise<FeedEntry[]> {
    if (insurerIds.length === 0) return [];
    return this.db
      .select({ seq: insurerFeed.seq, insurerId: insurerFeed.insurerId, declarationId: insurerFeed.declarationId, finishedAt: insurerFeed.finishedAt })
      .from(insurerFeed)
      .leftJoin(insurerClaims, and(eq(insurerClaims.declarationId, insurerFeed.declarationId), eq(insurerClaims.insurerId, insurerFeed.insurerId)))
      .where(and(inArray(insurerFeed.insurerId, [...insurerIds]), lt(insurerFeed.finishedAt, finishedBefore), isNull(insurerClaims.claimNumber)))
      .orderBy(desc(insurerFeed.seq))
      .limit(limit)
      .all();
  }

  async removeFeedFor(declarationId: string): Promise<void> {
    this.db.transaction((tx) => {
      tx.delete(insurerFeed).where(eq(insurerFeed.declarationId, declarationId)).run();
      tx.delete(insurerClaims).where(eq(insurerClaims.declarationId, declarationId)).run();
      const ids = tx.select({ id: webhookDeliveries.id }).from(webhookDeliveries).where(eq(webhookDeliveries.declarationId, declarationId)).all().map((r) => r.id);
      if (ids.length) tx.delete(webhookAttempts).where(inArray(webhookAttempts.deliveryId, ids)).run();
      tx.delete(webhookDeliveries).where(eq(webhookDeliveries.declarationId, declarationId)).run();
    });
  }

  async declarationIds(): Promise<string[]> {
    const ids = new Set<string>();
    for (const t of [insurerFeed, insurerClaims, webhookDeliveries]) for (const r of this.db.selectDistinct({ id: t.declarationId }).from(t).all()) ids.add(r.id);
    return [...ids].sort();
  }

  async addDeliveries(deliveries: readonly WebhookDelivery[]): Promise<void> {
    if (deliveries.length === 0) return;
    this.db.insert(webhookDeliveries).values(deliveries.map((d) => ({ ...d, leasedUntil: null }))).onConflictDoNothing().run();
  }

  async claimDueDeliveries(now: number, limit: number, leaseMs: number): Promise<WebhookDelivery[]> {
    const d = webhookDeliveries;
    return this.db.transaction((tx) => {
      const due = tx
        .select()
        .from(d)
        .where(and(eq(d.state, 'PENDING'), lte(d.nextAttemptAt, now), or(isNull(d.leasedUntil), lte(d.leasedUntil, now))))
        .orderBy(asc(d.nextAttemptAt), asc(d.createdAt), asc(d.id))
        .limit(limit)
        .all();
      if (due.length > 0) tx.update(d).set({ leasedUntil: now + leaseMs }).where(inArray(d.id, due.map((r) => r.id))).run();
      return due.map(toDelivery);
    });
  }

  async recordAttempt(attempt: WebhookAttempt, outcome: DeliveryOutcome): Promise<void> {
    this.db.transaction((tx) => {
      const changed = tx
        .update(webhookDeliveries)
        .set({ ...outcome, leasedUntil: null })
        .where(and(eq(webhookDeliveries.id, attempt.deliveryId), eq(webhookDeliveries.state, 'PENDING'), eq(webhookDeliveries.attempts, outcome.attempts - 1)))
        .run().changes;
      if (changed === 1) tx.insert(webhookAttempts).values(attempt).run();
    });
  }

  async deliveries(page: { readonly limit: number; readonly offset: number; readonly clientId?: string }): Promise<{ readonly deliveries: WebhookDelivery[]; readonly total: number }> {
    const where = page.clientId === undefined ? undefined : eq(webhookDeliveries.clientId, page.clientId);
    const rows = this.db.select().from(webhookDeliveries).where(where).orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id)).limit(page.limit).offset(page.offset).all();
    const total = this.db.select({ n: count() }).from(webhookDeliveries).where(where).get()?.n ?? 0;
    return { deliveries: rows.map(toDelivery), total };
  }

  async deliveryById(id: string): Promise<WebhookDelivery | null> {
    const row = this.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id)).get();
    return row ? toDelivery(row) : null;
  }

  async attemptsOf(deliveryId: string): Promise<WebhookAttempt[]> {
    return this.db.select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, deliveryId)).orderBy(asc(webhookAttempts.seq)).all().map(toAttempt);
  }

  async replayDelivery(id: string, now: number): Promise<WebhookDelivery | null> {
    const d = webhookDeliveries;
    this.db.transaction((tx) => {
      // Delivered or failed: sent again, a new count. Waiting: due now, unless a sender holds it this moment.
      tx.update(d).set({ state: 'PENDING', attempts: 0, nextAttemptAt: now, deliveredAt: null, leasedUntil: null }).where(and(eq(d.id, id), ne(d.state, 'PENDING'))).run();
      tx.update(d).set({ nextAttemptAt: now }).where(and(eq(d.id, id), eq(d.state, 'PENDING'), gt(d.nextAttemptAt, now), or(isNull(d.leasedUntil), lte(d.leasedUntil, now)))).run();
    });
    return this.deliveryById(id);
  }
}
