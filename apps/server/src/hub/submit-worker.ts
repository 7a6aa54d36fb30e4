import { isStorageFull, type ClockPort, type QueuedSubmit, type SubmitQueueConsumerPort } from '@eid/domain';
import type { DeclarationHub } from '@eid/hub';
import type { DeclarationFinalizer } from '../output/finalizer.js';
import { SingleRun } from '../jobs/single-run.js';

/** Back-off between attempts of one queue entry: 1 s, 2 s, 4 s ... capped at 5 minutes. */
export function retryDelayMs(attempts: number): number {
  return Math.min(300_000, 1000 * 2 ** Math.max(0, attempts - 1));
}

/**
 * A declaration whose document could not be produced for this long ends in FAIL (not in the spec;
 * the spec's system-update wait is 10 minutes too): the drivers then get the failure screen that
 * tells them to fill in a paper declaration, rather than waiting on a spinner.
 */
export const SUBMIT_GIVE_UP_MS = 10 * 60_000;

/**
 * How long a claimed entry stays with the worker that took it. A node that dies with it leaves it
 * to another node after this; the finalizer recognises work already done, so a slow worker
 * overtaken by another doubles nothing.
 */
export const SUBMIT_LEASE_MS = 2 * 60_000;

/** How many entries one run claims. */
const BATCH = 10;

/**
 * Where the submits to answer come from: one process's queue table (SQLite) or the job queue of
 * several nodes. `runDue` hands each due entry to `answer` (which throws when it should be tried
 * again) and resolves how many were answered.
 */
export interface SubmitSource {
  runDue(answer: (entry: QueuedSubmit) => Promise<void>): Promise<number>;
}

/**
 * The consumer of the submit queue (declaration-flow §4 "WAITING for the message-queue answer").
 * Each due entry is finalized (the documents, the statements, the messages: see
 * DeclarationFinalizer) and answered through the hub, which commits the result and tells both
 * devices; an entry is marked done only after that, so a crash in between repeats the work (which
 * the finalizer recognises) and the answer (which the hub ignores for a finished declaration).
 */
export class SubmitWorker {
  private readonly single = new SingleRun(() => this.source.runDue((entry) => this.answer(entry)));

  constructor(
    private readonly source: SubmitSource,
    private readonly hub: DeclarationHub,
    private readonly finalizer: DeclarationFinalizer,
    private readonly clock: ClockPort,
    private readonly log: (level: 'warn' | 'error', message: string, data?: unknown) => void,
    /** Called after a declaration was answered SUCCESS (the delivery worker starts at once). */
    private readonly onSent: () => void = () => {},
  ) {}

  /** Resolves when no run is in progress (shutdown waits for it; it starts none). */
  idle(): Promise<void> {
    return this.single.idle();
  }

  /** Processes what is due; concurrent calls share one run. Resolves the number answered. */
  runOnce(): Promise<number> {
    return this.single.run();
  }

  /**
   * Finalizes one submitted declaration and answers it through the hub. Throws when it should be
   * tried again; after SUBMIT_GIVE_UP_MS it answers FAIL instead.
   */
  async answer(entry: QueuedSubmit): Promise<void> {
    try {
      const links = await this.finalizer.finalize(entry.declarationId);
      if (links) {
        await this.hub.completeSubmission(entry.declarationId, 'SUCCESS', links);
        this.onSent();
      }
    } catch (error) {
      // A full disk (OP3) is the server's, not the declaration's: tried again when space returns, never given up on.
      if (isStorageFull(error) || this.clock.now() - entry.enqueuedAt < SUBMIT_GIVE_UP_MS) throw error;
      this.log('error', 'the declaration document could not be produced: the declaration failed', { declarationId: entry.declarationId, attempts: entry.attempts + 1, error: String(error) });
      await this.hub.completeSubmission(entry.declarationId, 'FAIL', null);
    }
  }
}

/** The one-process source: the SQLite queue table, claimed with a lease, retried with back-off. */
export function queueSource(queue: SubmitQueueConsumerPort, clock: ClockPort, log: (level: 'warn' | 'error', message: string, data?: unknown) => void): SubmitSource {
  return {
    async runDue(answer) {
      let answered = 0;
      for (const entry of await queue.claimDue(clock.now(), BATCH, SUBMIT_LEASE_MS)) {
        try {
          await answer(entry);
          await queue.markDone(entry.declarationId);
          answered += 1;
        } catch (error) {
          const attempts = entry.attempts + 1;
          await queue.retryLater(entry.declarationId, attempts, clock.now() + retryDelayMs(attempts), String(error));
          log('warn', 'submit queue entry failed, will retry', { declarationId: entry.declarationId, attempts, error: String(error) });
        }
      }
      return answered;
    },
  };
}
