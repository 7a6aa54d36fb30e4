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
import type pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { PgDatabase } from './database.js';
import { JOB_QUEUES, type PgJobs } from './jobs.adapter.js';
import * as schema from './schema.js';
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

/**
 * Statements and the delivery outbox in PostgreSQL. `saveOutput` is one transaction that first
 * locks the declaration's id (two nodes finalizing the same declaration write it once): the first
 * call writes everything, any later call nothing.
 */
export class PgOutputStore implements OutputStorePort {
  constructor(
    private readonly db: PgDatabase,
    /** The job queue: each message's send is a job, added in the transaction that writes the message (or its retry). */
    private readonly jobs: { readonly pool: pg.Pool; readonly queue: PgJobs } | null = null,
  ) {}

  /** Runs `run` in a transaction on one connection (pg-boss adds its jobs on the same one). */
  private async inTransaction<T>(run: (db: PgDatabase, client: pg.PoolClient | null) => Promise<T>): Promise<T> {
    if (!this.jobs) return this.db.transaction((tx) => run(tx as unknown as PgDatabase, null));
    const client = await this.jobs.pool.connect();
    try {
      await client.query('begin');
      const result = await run(drizzle(client, { schema }), client);
      await client.query('commit');
      return result;
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  async saveOutput(list: readonly StatementRecord[], messages: readonly DeliveryRecord[]): Promise<void> {
    const declarationIds = new Set([...list.map((s) => s.declarationId), ...messages.map((m) => m.declarationId)]);
    if (declarationIds.size > 1) throw new Error('saveOutput: one declaration at a time');
    const [declarationId] = declarationIds;
    if (declarationId === undefined) return;
    await this.inTransaction(async (tx, client) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${'output:' + declarationId}, 0))`);
      const [existing] = await tx.select({ id: statements.statementId }).from(statements).where(eq(statements.declarationId, declarationId)).limit(1);
      if (existing) return;
      for (const s of list) {
        await tx
          .insert(statements)
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
          });
      }
      for (const m of messages) await this.insertMessage(tx, client, m);
    });
  }

  async addMessages(messages: readonly DeliveryRecord[]): Promise<void> {
    if (messages.length === 0) return;
    await this.inTransaction(async (tx, client) => {
      for (const m of messages) await this.insertMessage(tx, client, m);
    });
  }

  /** A message's row, and a job for it when the row is new (one written before has its job already). */
  private async insertMessage(tx: PgDatabase, client: pg.PoolClient | null, m: DeliveryRecord): Promise<void> {
    const inserted = await tx
      .insert(deliveries)
      .values({
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
      })
      .onConflictDoNothing()
      .returning({ id: deliveries.id });
    if (inserted.length === 1 && this.jobs && client) await this.jobs.queue.sendIn(client, JOB_QUEUES.deliver, { id: m.id, declarationId: m.declarationId }, m.id);
  }

  async statementsFor(declarationId: string): Promise<StatementRecord[]> {
    return (await this.db.select().from(statements).where(eq(statements.declarationId, declarationId)).orderBy(asc(statements.party))).map(toStatement);
  }

  async received(page: { readonly limit: number; readonly offset: number; readonly search?: string }): Promise<{ readonly declarations: ReceivedDeclaration[]; readonly total: number }> {
    const search = page.search?.trim() ?? '';
    // Party A's statement stands for its declaration (each sent declaration has one of each party).
    const where = and(eq(statements.party, 'A'), search === '' ? undefined : sql`left(${statements.accidentId}, ${search.length}) = ${search}`);
    const rows = await this.db.select({ declarationId: statements.declarationId, accidentId: statements.accidentId, receivedAt: statements.createdAt }).from(statements).where(where).orderBy(desc(statements.createdAt), asc(statements.declarationId)).limit(page.limit).offset(page.offset);
    const [total] = await this.db.select({ n: count() }).from(statements).where(where);
    return { declarations: rows, total: total?.n ?? 0 };
  }

  async findStatement(link: StatementLink): Promise<StatementRecord | null> {
    const [row] =
      'suid' in link
        ? await this.db.select().from(statements).where(eq(statements.suid, link.suid))
        : await this.db
            .select()
            .from(statements)
            .where(and(eq(statements.statementId, link.statementId), eq(statements.accidentId, link.accidentId)));
    return row ? toStatement(row) : null;
  }

  async statementById(statementId: string): Promise<StatementRecord | null> {
    const [row] = await this.db.select().from(statements).where(eq(statements.statementId, statementId));
    return row ? toStatement(row) : null;
  }

  async removeFor(declarationId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.delete(deliveries).where(eq(deliveries.declarationId, declarationId));
      await tx.delete(statements).where(eq(statements.declarationId, declarationId));
    });
  }

  async deliveriesFor(declarationId: string): Promise<DeliveryRecord[]> {
    return (await this.db.select().from(deliveries).where(eq(deliveries.declarationId, declarationId)).orderBy(asc(deliveries.key))).map(toDelivery);
  }

  async claimDueDeliveries(now: number, limit: number, leaseMs: number): Promise<DeliveryRecord[]> {
    return this.db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(deliveries)
        .where(and(eq(deliveries.state, 'PENDING'), lte(deliveries.nextAttemptAt, now), or(isNull(deliveries.leasedUntil), lte(deliveries.leasedUntil, now))))
        .orderBy(asc(deliveries.nextAttemptAt), asc(deliveries.createdAt), asc(deliveries.id))
        .limit(limit)
        .for('update', { skipLocked: true });
      if (due.length > 0) await tx.update(deliveries).set({ leasedUntil: now + leaseMs }).where(inArray(deliveries.id, due.map((r) => r.id)));
      return due.map(toDelivery);
    });
  }

  async markSent(id: string, now: number): Promise<void> {
    await this.db.update(deliveries).set({ state: 'SENT', sentAt: now, lastError: null }).where(and(eq(deliveries.id, id), eq(deliveries.state, 'PENDING')));
  }

  async markRetry(id: string, attempts: number, nextAttemptAt: number, error: string): Promise<void> {
    await this.inTransaction(async (tx, client) => {
      const retried = await tx
        .update(deliveries)
        .set({ attempts, nextAttemptAt, lastError: error.slice(0, 1000), leasedUntil: null })
        .where(and(eq(deliveries.id, id), eq(deliveries.state, 'PENDING')))
        .returning({ declarationId: deliveries.declarationId });
      // The next attempt is a job of its own, due at the retry's time.
      const row = retried[0];
      if (row && this.jobs && client) await this.jobs.queue.sendIn(client, JOB_QUEUES.deliver, { id, declarationId: row.declarationId }, id, new Date(nextAttemptAt));
    });
  }

  async markFailed(id: string, attempts: number, error: string): Promise<void> {
    await this.db.update(deliveries).set({ state: 'FAILED', attempts, lastError: error.slice(0, 1000) }).where(and(eq(deliveries.id, id), eq(deliveries.state, 'PENDING')));
  }
}
