/** InsurerStorePort on PostgreSQL: the insurers' clients and feeds, shared by every node. */
import { and, asc, count, desc, eq, gt, inArray, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { ClientChange, DeliveryOutcome, FeedEntry, InsurerClaim, InsurerClient, InsurerStorePort, WebhookAttempt, WebhookDelivery } from '@eid/domain/insurer';
import type { PgDatabase } from './database.js';
import { insurerClaims, insurerClients, insurerFeed, webhookAttempts, webhookDeliveries } from './schema.js';

const toDelivery = ({ leasedUntil: _lease, ...row }: typeof webhookDeliveries.$inferSelect): WebhookDelivery => row;
const sameClaim = (a: InsurerClaim, b: InsurerClaim) => a.claimNumber === b.claimNumber && a.contactName === b.contactName && a.contactPhone === b.contactPhone && a.contactEmail === b.contactEmail;
const toAttempt = ({ seq: _seq, ...row }: typeof webhookAttempts.$inferSelect): WebhookAttempt => row;

/**
 * The feed's writers take this transaction lock: a sequence hands out numbers before commit, so
 * two writers could commit 8 after a reader had passed 9; under the lock they commit in order.
 */
const FEED_LOCK = 0x45494446; // "EIDF"

export class PgInsurerStore implements InsurerStorePort {
  constructor(private readonly db: PgDatabase) {}

  async addClient(client: InsurerClient): Promise<boolean> {
    return (await this.db.insert(insurerClients).values(client).onConflictDoNothing().returning({ id: insurerClients.id })).length === 1;
  }

  async clientById(id: string): Promise<InsurerClient | null> {
    const [row] = await this.db.select().from(insurerClients).where(eq(insurerClients.id, id));
    return row ?? null;
  }

  async listClients(): Promise<InsurerClient[]> {
    return this.db.select().from(insurerClients).orderBy(desc(insurerClients.createdAt), desc(insurerClients.id));
  }

  async updateClient(id: string, change: ClientChange): Promise<InsurerClient | null> {
    if (Object.keys(change).length === 0) return this.clientById(id);
    const [row] = await this.db.update(insurerClients).set(change).where(eq(insurerClients.id, id)).returning();
    return row ?? null;
  }

  async addToFeed(entries: ReadonlyArray<Omit<FeedEntry, 'seq'>>): Promise<void> {
    if (entries.length === 0) return;
    await this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${FEED_LOCK})`);
      await tx.insert(insurerFeed).values([...entries]).onConflictDoNothing();
    });
  }

  async feed(insurerId: number, afterSeq: number, limit: number): Promise<FeedEntry[]> {
    return this.db
      .select()
      .from(insurerFeed)
      .where(and(eq(insurerFeed.insurerId, insurerId), gt(insurerFeed.seq, afterSeq)))
      .orderBy(asc(insurerFeed.seq))
      .limit(limit);
  }

  async feedPage(insurerId: number, limit: number, offset: number): Promise<{ entries: FeedEntry[]; total: number }> {
    const mine = eq(insurerFeed.insurerId, insurerId);
    const [entries, [counted]] = await Promise.all([
      this.db.select().from(insurerFeed).where(mine).orderBy(desc(insurerFeed.seq)).limit(limit).offset(offset),
      this.db.select({ n: count() }).from(insurerFeed).where(mine),
    ]);
    return { entries, total: Number(counted?.n ?? 0) };
  }

  async inFeed(insurerId: number, declarationIds: readonly string[]): Promise<Set<string>> {
    if (declarationIds.length === 0) return new Set();
    const rows = await this.db.select({ id: insurerFeed.declarationId }).from(insurerFeed).where(and(eq(insurerFeed.insurerId, insurerId), inArray(insurerFeed.declarationId, [...declarationIds])));
    return new Set(rows.map((r) => r.id));
  }

  async feedEntry(insurerId: number, declarationId: string): Promise<FeedEntry | null> {
    const [row] = await this.db.select().from(insurerFeed).where(and(eq(insurerFeed.insurerId, insurerId), eq(insurerFeed.declarationId, declarationId)));
    return row ?? null;
  }

  async registerClaim(claim: InsurerClaim): Promise<'NEW' | 'SAME' | 'CHANGED'> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${'claim:' + claim.declarationId}, 0))`);
      const [kept] = await tx.select().from(insurerClaims).where(and(eq(insurerClaims.declarationId, claim.declarationId), eq(insurerClaims.insurerId, claim.insurerId)));
      if (kept && sameClaim(kept, claim)) return 'SAME';
      await tx.insert(insurerClaims).values(claim).onConflictDoUpdate({ target: [insurerClaims.declarationId, insurerClaims.insurerId], set: claim });
      return kept ? 'CHANGED' : 'NEW';
    });
  }

  async claimsFor(declarationId: string): Promise<InsurerClaim[]> {
    return this.db.select().from(insurerClaims).where(eq(insurerClaims.declarationId, declarationId)).orderBy(asc(insurerClaims.insurerId));
  }

  async unanswered(insurerIds: readonly number[], finishedBefore: number, limit: number): Promise<FeedEntry[]> {
    if (insurerIds.length === 0) return [];
    return this.db
      .select({ seq: insurerFeed.seq, insurerId: insurerFeed.insurerId, declarationId: insurerFeed.declarationId, finishedAt: insurerFeed.finishedAt })
      .from(insurerFeed)
      .leftJoin(insurerClaims, and(eq(insurerClaims.declarationId, insurerFeed.declarationId), eq(insurerClaims.insurerId, insurerFeed.insurerId)))
      .where(and(inArray(insurerFeed.insurerId, [...insurerIds]), lt(insurerFeed.finishedAt, finishedBefore), isNull(insurerClaims.claimNumber)))
      .orderBy(desc(insurerFeed.seq))
      .limit(limit);
  }

  async removeFeedFor(declarationId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.delete(insurerFeed).where(eq(insurerFeed.declarationId, declarationId));
      await tx.delete(insurerClaims).where(eq(insurerClaims.declarationId, declarationId));
      const ids = (await tx.select({ id: webhookDeliveries.id }).from(webhookDeliveries).where(eq(webhookDeliveries.declarationId, declarationId))).map((r) => r.id);
      if (ids.length) await tx.delete(webhookAttempts).where(inArray(webhookAttempts.deliveryId, ids));
      await tx.delete(webhookDeliveries).where(eq(webhookDeliveries.declarationId, declarationId));
    });
  }

  async declarationIds(): Promise<string[]> {
    const ids = new Set<string>();
    for (const t of [insurerFeed, insurerClaims, webhookDeliveries]) for (const r of await this.db.selectDistinct({ id: t.declarationId }).from(t)) ids.add(r.id);
    return [...ids].sort();
  }

  async addDeliveries(deliveries: readonly WebhookDelivery[]): Promise<void> {
    if (deliveries.length === 0) return;
    await this.db.insert(webhookDeliveries).values(deliveries.map((d) => ({ ...d, leasedUntil: null }))).onConflictDoNothing();
  }

  async claimDueDeliveries(now: number, limit: number, leaseMs: number): Promise<WebhookDelivery[]> {
    const d = webhookDeliveries;
    return this.db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(d)
        .where(and(eq(d.state, 'PENDING'), lte(d.nextAttemptAt, now), or(isNull(d.leasedUntil), lte(d.leasedUntil, now))))
        .orderBy(asc(d.nextAttemptAt), asc(d.createdAt), asc(d.id))
        .limit(limit)
        .for('update', { skipLocked: true });
      if (due.length > 0) await tx.update(d).set({ leasedUntil: now + leaseMs }).where(inArray(d.id, due.map((r) => r.id)));
      return due.map(toDelivery);
    });
  }

  async recordAttempt(attempt: WebhookAttempt, outcome: DeliveryOutcome): Promise<void> {
    await this.db.transaction(async (tx) => {
      const changed = await tx
        .update(webhookDeliveries)
        .set({ ...outcome, leasedUntil: null })
        .where(and(eq(webhookDeliveries.id, attempt.deliveryId), eq(webhookDeliveries.state, 'PENDING'), eq(webhookDeliveries.attempts, outcome.attempts - 1)))
        .returning({ id: webhookDeliveries.id });
      if (changed.length === 1) await tx.insert(webhookAttempts).values(attempt);
    });
  }

  async deliveries(page: { readonly limit: number; readonly offset: number; readonly clientId?: string }): Promise<{ readonly deliveries: WebhookDelivery[]; readonly total: number }> {
    const where = page.clientId === undefined ? undefined : eq(webhookDeliveries.clientId, page.clientId);
    const rows = await this.db.select().from(webhookDeliveries).where(where).orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id)).limit(page.limit).offset(page.offset);
    const [total] = await this.db.select({ n: count() }).from(webhookDeliveries).where(where);
    return { deliveries: rows.map(toDelivery), total: total?.n ?? 0 };
  }

  async deliveryById(id: string): Promise<WebhookDelivery | null> {
    const [row] = await this.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
    return row ? toDelivery(row) : null;
  }

  async attemptsOf(deliveryId: string): Promise<WebhookAttempt[]> {
    return (await this.db.select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, deliveryId)).orderBy(asc(webhookAttempts.seq))).map(toAttempt);
  }

  async replayDelivery(id: string, now: number): Promise<WebhookDelivery | null> {
    const d = webhookDeliveries;
    await this.db.transaction(async (tx) => {
      // Delivered or failed: sent again, a new count. Waiting: due now, unless a sender holds it this moment.
      await tx.update(d).set({ state: 'PENDING', attempts: 0, nextAttemptAt: now, deliveredAt: null, leasedUntil: null }).where(and(eq(d.id, id), ne(d.state, 'PENDING')));
      await tx.update(d).set({ nextAttemptAt: now }).where(and(eq(d.id, id), eq(d.state, 'PENDING'), gt(d.nextAttemptAt, now), or(isNull(d.leasedUntil), lte(d.leasedUntil, now))));
    });
    return this.deliveryById(id);
  }
}
