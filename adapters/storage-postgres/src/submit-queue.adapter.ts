import { and, eq, sql } from 'drizzle-orm';
import type { QueuedSubmit, SubmitQueueConsumerPort } from '@eid/domain';
import type { PgDatabase } from './database.js';
import { submitQueue } from './schema.js';

/**
 * The submit queue in PostgreSQL, shared by every node. A claim locks the due rows it takes with
 * SKIP LOCKED and moves their next attempt past the lease in the same statement, so two nodes
 * claiming at once never take the same entry, and an entry whose node died is due again after it.
 */
export class PgSubmitQueue implements SubmitQueueConsumerPort {
  constructor(private readonly db: PgDatabase) {}

  async enqueue(declarationId: string, at: number): Promise<void> {
    await this.db
      .insert(submitQueue)
      .values({ declarationId, enqueuedAt: at, attempts: 0, state: 'PENDING', nextAttemptAt: at, lastError: null })
      .onConflictDoNothing();
  }

  async claimDue(now: number, limit: number, leaseMs: number): Promise<QueuedSubmit[]> {
    const result = await this.db.execute<{ declaration_id: string; attempts: number; enqueued_at: string }>(sql`
      with due as (
        select declaration_id from ${submitQueue}
        where state = 'PENDING' and next_attempt_at <= ${now} and (leased_until is null or leased_until <= ${now})
        order by enqueued_at, declaration_id
        limit ${limit}
        for update skip locked
      )
      update ${submitQueue} q set leased_until = ${now + leaseMs}
      from due where q.declaration_id = due.declaration_id
      returning q.declaration_id, q.attempts, q.enqueued_at`);
    return result.rows
      .map((r) => ({ declarationId: r.declaration_id, attempts: Number(r.attempts), enqueuedAt: Number(r.enqueued_at) }))
      .sort((a, b) => a.enqueuedAt - b.enqueuedAt || (a.declarationId < b.declarationId ? -1 : 1));
  }

  async markDone(declarationId: string): Promise<void> {
    await this.db.update(submitQueue).set({ state: 'DONE' }).where(eq(submitQueue.declarationId, declarationId));
  }

  async retryLater(declarationId: string, attempts: number, nextAttemptAt: number, error: string): Promise<void> {
    await this.db
      .update(submitQueue)
      .set({ attempts, nextAttemptAt, lastError: error.slice(0, 2000), leasedUntil: null })
      .where(and(eq(submitQueue.declarationId, declarationId), eq(submitQueue.state, 'PENDING')));
  }
}
