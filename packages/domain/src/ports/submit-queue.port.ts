/**
 * API Boundary: the submit queue (the "message-queue answer" of declaration-flow §4). A
 * declaration both drivers submitted is enqueued; a worker produces the document and answers
 * SUCCESS or FAIL. Enqueueing is durable: a submit survives a restart.
 */
export interface SubmitQueuePort {
  /** Enqueues a declaration once; a second enqueue of the same id is a no-op. */
  enqueue(declarationId: string, at: number): Promise<void>;
}
