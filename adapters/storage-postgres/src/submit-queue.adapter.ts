import type { SubmitQueuePort } from '@eid/domain';

/**
 * The submit queue of several nodes is the job queue: the store adds a declaration's submit job in
 * the very transaction that marks it waiting for the insurers' answer, which the hub commits right
 * after this call, under the declaration's lock. So this call adds nothing: a second job for the
 * same declaration, added outside that transaction, could wait beside the one being worked.
 */
export class PgSubmitQueue implements SubmitQueuePort {
  async enqueue(): Promise<void> {}
}
