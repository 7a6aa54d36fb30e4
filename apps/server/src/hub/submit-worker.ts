import { viewUrlFor, type ClockPort, type DeclarationHub, type IdPort } from '@eid/domain';
import type { SqliteSubmitQueue } from '@eid/adapter-storage-sqlite';

/** Back-off between attempts of one queue entry: 1 s, 2 s, 4 s ... capped at 5 minutes. */
export function retryDelayMs(attempts: number): number {
  return Math.min(300_000, 1000 * 2 ** Math.max(0, attempts - 1));
}

/**
 * The consumer of the submit queue (declaration-flow §4 "WAITING for the message-queue answer").
 * Each due entry is answered through the hub, which commits the result and tells both devices;
 * an entry is marked done only after that, so a crash in between repeats the answer, and the hub
 * ignores an answer for a declaration already finished (exactly one result per declaration).
 *
 * Producing and delivering the declaration document (PDF, e-mail, SMS) joins this step with the
 * document port of the delivery issue; until then a declaration both drivers submitted ends in
 * SUCCESS with its view link.
 */
export class SubmitWorker {
  private running: Promise<number> | null = null;

  constructor(
    private readonly queue: SqliteSubmitQueue,
    private readonly hub: DeclarationHub,
    private readonly clock: ClockPort,
    private readonly ids: IdPort,
    private readonly log: (level: 'warn' | 'error', message: string, data?: unknown) => void,
  ) {}

  /** Processes what is due; concurrent calls share one run. Resolves the number answered. */
  runOnce(): Promise<number> {
    this.running ??= this.process().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async process(): Promise<number> {
    let answered = 0;
    for (const entry of this.queue.due(this.clock.now())) {
      try {
        await this.hub.completeSubmission(entry.declarationId, 'SUCCESS', viewUrlFor(this.ids.token()));
        this.queue.markDone(entry.declarationId);
        answered += 1;
      } catch (error) {
        const attempts = entry.attempts + 1;
        this.queue.retryLater(entry.declarationId, attempts, this.clock.now() + retryDelayMs(attempts), String(error));
        this.log('warn', 'submit queue entry failed, will retry', { declarationId: entry.declarationId, attempts });
      }
    }
    return answered;
  }
}
