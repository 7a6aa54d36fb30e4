import type { SubmitQueuePort } from '@eid/domain';
import { JOB_QUEUES, type PgJobs } from './jobs.adapter.js';

/**
 * The submit queue of several nodes: a pg-boss job per declaration (one waiting at a time: the
 * queue's policy), worked by one node; a job whose node died goes back to the queue after its
 * expiry. The store adds the same job in the transaction that marks the declaration waiting; this
 * call adds it as soon as both drivers submitted, before that commit.
 */
export class PgSubmitQueue implements SubmitQueuePort {
  constructor(private readonly jobs: PgJobs) {}

  async enqueue(declarationId: string): Promise<void> {
    await this.jobs.send(JOB_QUEUES.submit, { declarationId }, declarationId);
  }
}
