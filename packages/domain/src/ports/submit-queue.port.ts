/**
 * API Boundary: the submit queue (the "message-queue answer" of declaration-flow §4). A
 * declaration both drivers submitted is enqueued; a worker produces the document and answers
 * SUCCESS or FAIL. Enqueueing is durable: a submit survives a restart.
 */
export interface SubmitQueuePort {
  /** Enqueues a declaration once; a second enqueue of the same id is a no-op. */
  enqueue(declarationId: string, at: number): Promise<void>;
}

/** An entry of the submit queue as its worker sees it. */
export interface QueuedSubmit {
  readonly declarationId: string;
  readonly attempts: number;
  readonly enqueuedAt: number;
}

/**
 * API Boundary: the worker's side of the durable submit queue (the server's). Entries are claimed
 * with a lease: a claimed entry is due again only when its lease ran out without an answer (the
 * node that took it died), so each entry is worked on by one worker at a time, on any node.
 */
export interface SubmitQueueConsumerPort extends SubmitQueuePort {
  /** Claims at most `limit` entries due at `now`, oldest first, for `leaseMs`. */
  claimDue(now: number, limit: number, leaseMs: number): Promise<QueuedSubmit[]>;
  markDone(declarationId: string): Promise<void>;
  /** Releases a claim: the entry is due again at `nextAttemptAt`. */
  retryLater(declarationId: string, attempts: number, nextAttemptAt: number, error: string): Promise<void>;
}
