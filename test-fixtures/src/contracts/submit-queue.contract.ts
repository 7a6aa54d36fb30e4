import { describe, expect, it } from 'vitest';
import type { SubmitQueueConsumerPort } from '@eid/domain';

export interface SubmitQueueUnderTest {
  readonly queue: SubmitQueueConsumerPort;
  close(): Promise<void> | void;
}

const LEASE = 60_000;

/** The contract of the submit queue's worker side of one process (SQLite; several nodes use the job queue): once, oldest first, claimed with a lease. */
export function registerSubmitQueueContract(name: string, make: () => Promise<SubmitQueueUnderTest> | SubmitQueueUnderTest): void {
  describe(`submit queue contract: ${name}`, () => {
    async function withQueue(run: (s: SubmitQueueUnderTest) => Promise<void>) {
      const s = await make();
      try {
        await run(s);
      } finally {
        await s.close();
      }
    }

    it('enqueues a declaration once and hands out due entries oldest first', () =>
      withQueue(async ({ queue }) => {
        await queue.enqueue('d2', 200);
        await queue.enqueue('d1', 100);
        await queue.enqueue('d1', 300);
        await queue.enqueue('d3', 5000);
        expect(await queue.claimDue(1000, 10, LEASE)).toEqual([
          { declarationId: 'd1', attempts: 0, enqueuedAt: 100 },
          { declarationId: 'd2', attempts: 0, enqueuedAt: 200 },
        ]);
      }));

    it('a claimed entry is not handed out again until its lease ran out; a retry or done releases it', () =>
      withQueue(async ({ queue }) => {
        await queue.enqueue('d1', 100);
        await queue.enqueue('d2', 200);
        expect((await queue.claimDue(1000, 1, LEASE)).map((e) => e.declarationId)).toEqual(['d1']);
        expect((await queue.claimDue(1001, 10, LEASE)).map((e) => e.declarationId)).toEqual(['d2']);
        expect(await queue.claimDue(1002, 10, LEASE)).toEqual([]);
        await queue.retryLater('d1', 1, 5000, 'smtp down');
        await queue.markDone('d2');
        expect(await queue.claimDue(4999, 10, LEASE)).toEqual([]);
        expect(await queue.claimDue(5000, 10, LEASE)).toEqual([{ declarationId: 'd1', attempts: 1, enqueuedAt: 100 }]);
        // The worker that claimed d1 died: after the lease, another takes it; d2 is done for good.
        expect(await queue.claimDue(5000 + LEASE, 10, LEASE)).toEqual([{ declarationId: 'd1', attempts: 1, enqueuedAt: 100 }]);
        await queue.markDone('d1');
        await queue.retryLater('d1', 2, 0, 'late answer of a dead worker');
        expect(await queue.claimDue(10 ** 12, 10, LEASE)).toEqual([]);
      }));

    it('claims made at once never get the same entry', () =>
      withQueue(async ({ queue }) => {
        for (let i = 0; i < 40; i += 1) await queue.enqueue(`d${String(i).padStart(2, '0')}`, i);
        const claims = await Promise.all([queue.claimDue(1000, 15, LEASE), queue.claimDue(1000, 15, LEASE), queue.claimDue(1000, 15, LEASE)]);
        const ids = claims.flat().map((e) => e.declarationId);
        expect(ids).toHaveLength(40);
        expect(new Set(ids).size).toBe(40);
      }));
  });
}
