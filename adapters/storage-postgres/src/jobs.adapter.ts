import type pg from 'pg';
import PgBoss from 'pg-boss';

/**
 * The background work of several nodes on pg-boss (a job queue in PostgreSQL). Chosen over
 * graphile-worker because a job whose node died comes back by itself after its expiry
 * (`expireInSeconds`, failed by the maintenance of any node, then retried), where graphile-worker
 * 0.17 leaves a crashed worker's job locked for 4 hours; and pg-boss ~10.4 runs on Node 20.
 */
export const JOB_QUEUES = {
  /** A declaration both drivers submitted: its documents, statements and messages, then the answer. */
  submit: 'eid-submit',
  /** Unfinished declarations inactive for 30 minutes (every minute, on one node). */
  sweep: 'eid-sweep',
  /** What the terms say is kept no longer (every 6 hours, on one node). */
  retention: 'eid-retention',
  /** One attempt to send one message of the delivery outbox (a retry is a new job, added with the retry's time). */
  deliver: 'eid-deliver',
} as const;
export type JobQueue = (typeof JOB_QUEUES)[keyof typeof JOB_QUEUES];

export interface JobSettings {
  /** How long a started job may run before it counts as its node's death and goes back to the queue. */
  readonly expireInSeconds: number;
  /** How often (seconds) expired jobs are looked for (pg-boss's maintenance, on any node). */
  readonly maintenanceIntervalSeconds: number;
}

export const DEFAULT_JOB_SETTINGS: JobSettings = { expireInSeconds: 120, maintenanceIntervalSeconds: 30 };

/** A job as a handler gets it: its data and when it was first added. */
export interface JobRun<T> {
  readonly id: string;
  readonly data: T;
  readonly createdOn: Date;
  readonly retryCount: number;
}

/**
 * pg-boss over the nodes' database (its own schema `pgboss`, installed by the first node to start).
 * `sendIn` adds a job on the caller's client, inside the caller's transaction: the job exists if
 * and only if the data it is about was committed.
 */
export class PgJobs {
  private readonly boss: PgBoss;
  private started = false;

  constructor(
    url: string,
    private readonly settings: JobSettings = DEFAULT_JOB_SETTINGS,
    private readonly log: (message: string, data?: unknown) => void = () => {},
  ) {
    this.boss = new PgBoss({
      connectionString: url,
      schema: 'pgboss',
      max: 4,
      application_name: 'eid-jobs',
      supervise: true,
      schedule: true,
      migrate: true,
      maintenanceIntervalSeconds: settings.maintenanceIntervalSeconds,
    });
    // A lost database is reported and retried by pg-boss itself; never an unhandled error.
    this.boss.on('error', (error: Error) => this.log('the job queue reported an error', { error: error.message }));
  }

  async start(): Promise<void> {
    await this.boss.start();
    const common = { expireInSeconds: this.settings.expireInSeconds, retentionMinutes: 7 * 24 * 60 };
    // A submit is tried again with back-off (1 s, 2 s, 4 s ...); the worker itself gives up after 10 minutes.
    await this.ensureQueue({ name: JOB_QUEUES.submit, policy: 'standard', retryLimit: 12, retryDelay: 1, retryBackoff: true, ...common });
    for (const name of [JOB_QUEUES.sweep, JOB_QUEUES.retention]) await this.ensureQueue({ name, policy: 'singleton', retryLimit: 0, ...common });
    // A message's retries follow the delivery rules (DELIVERY_RETRY), each its own job; one that expired (its node died) is tried again.
    await this.ensureQueue({ name: JOB_QUEUES.deliver, policy: 'standard', retryLimit: 3, retryDelay: 5, ...common });
    this.started = true;
  }

  /** Creates the queue, or brings an existing one's settings up to date (a new release may change them). */
  private async ensureQueue(queue: PgBoss.Queue & { name: JobQueue }): Promise<void> {
    await this.boss.createQueue(queue.name, queue);
    const { policy: _policy, ...settings } = queue;
    await this.boss.updateQueue(queue.name, settings);
  }

  /** Is the queue up (readiness)? */
  get isStarted(): boolean {
    return this.started;
  }

  /** Adds a job (once per key while one waits: the submit queue's policy). */
  async send<T extends object>(name: JobQueue, data: T, key: string): Promise<void> {
    await this.boss.send(name, data, { singletonKey: key });
  }

  /** Adds a job on `client`, in the transaction it is in; not before `startAfter` when given. */
  async sendIn<T extends object>(client: pg.ClientBase, name: JobQueue, data: T, key: string, startAfter?: Date): Promise<void> {
    await this.boss.send(name, data, { singletonKey: key, ...(startAfter ? { startAfter } : {}), db: { executeSql: (text, values) => client.query(text, values) } });
  }

  /**
   * Takes at most `limit` jobs of the queue that are due and runs `handler` on each, one after the
   * other: a job it finishes is completed, one it throws on is failed (and tried again as the
   * queue says). A taken job nobody finishes (its node died) comes back after its expiry. Resolves
   * how many were completed.
   */
  async runDue<T extends object>(name: JobQueue, handler: (job: JobRun<T>) => Promise<void>, limit = 10): Promise<number> {
    let completed = 0;
    // One job taken at a time: its expiry counts from when its work starts, never while it waits behind others.
    for (let i = 0; i < limit; i += 1) {
      const [job] = await this.boss.fetch<T>(name, { batchSize: 1, includeMetadata: true });
      if (!job) break;
      try {
        await handler({ id: job.id, data: job.data, createdOn: job.createdOn, retryCount: job.retryCount });
      } catch (error) {
        this.log('a job failed; the queue tries it again', { queue: name, attempt: job.retryCount + 1, error: error instanceof Error ? error.message : String(error) });
        await this.boss.fail(name, job.id);
        continue;
      }
      await this.boss.complete(name, job.id);
      completed += 1;
    }
    return completed;
  }

  /** A job every time the cron expression says (UTC), added by one node only. */
  async schedule(name: JobQueue, cron: string): Promise<void> {
    await this.boss.schedule(name, cron, {}, { tz: 'UTC' });
  }

  /** Stops fetching; waits (at most 10 s) for the jobs in progress. */
  async stop(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    await this.boss.stop({ graceful: true, wait: true, timeout: 10_000 });
  }
}
