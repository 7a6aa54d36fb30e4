/**
 * The background work of a node: the inactivity sweep, the submit queue, the delivery outbox and
 * the retention sweep. One process on SQLite runs them on timers over its own tables. Several
 * nodes share the job queue: the submits are jobs (each answered on one node; a job whose node
 * died comes back after its expiry), the sweeps are scheduled jobs (cron, added by one node, done
 * by one); each node still expires its own waiting joins and sends the deliveries it claims.
 */
import { JOB_QUEUES } from '@eid/adapter-storage-postgres';
import type { DeclarationHub } from '@eid/hub';
import type { ClockPort } from '@eid/domain';
import { outboxSource, type DeliverySource, type DeliveryWorker } from '../output/delivery-worker.js';
import type { RetentionSweep } from '../output/retention.js';
import type { Storage } from '../storage/index.js';
import type { SubmitSource } from '../hub/submit-worker.js';
import { queueSource } from '../hub/submit-worker.js';

type Log = (level: 'warn' | 'error', message: string, data?: unknown) => void;

/** How often the retention sweep runs (RT1). */
export const RETENTION_EVERY_MS = 6 * 60 * 60 * 1000;
const SWEEP_EVERY_MS = 60_000;

/** Where the submit worker takes its entries from, by storage. */
export function submitSource(storage: Storage, clock: ClockPort, log: Log): SubmitSource {
  const { work } = storage;
  if (work.kind === 'timers') return queueSource(work.queue, clock, log);
  return {
    runDue: (answer) =>
      work.jobs.runDue<{ declarationId: string }>(JOB_QUEUES.submit, (job) =>
        answer({ declarationId: job.data.declarationId, attempts: job.retryCount, enqueuedAt: job.createdOn.getTime() }),
      ),
  };
}

export interface BackgroundDeps {
  readonly storage: Storage;
  readonly hub: DeclarationHub;
  /** The accounts' sweep (ended sessions, addresses never confirmed: AC3, AC7), with the inactivity sweep. */
  readonly accounts: { sweep(): Promise<unknown> };
  readonly submit: { runOnce(): Promise<number> };
  readonly delivery: DeliveryWorker;
  /** Issue 36: the webhooks to insurers' systems (on every node: a delivery is claimed with a lease), and the sweep of declarations whose insurers were not told. */
  readonly webhooks: { runOnce(): Promise<number> };
  readonly insurersSweep: () => Promise<number>;
  readonly retention: RetentionSweep;
  readonly log: Log;
}

/** Where the delivery worker takes its messages from, by storage. */
export function deliverySource(storage: Storage, clock: ClockPort): DeliverySource {
  const { work, output } = storage;
  if (work.kind === 'timers') return outboxSource(output, clock);
  // A message's job says "try now"; the message itself is claimed in the outbox table with a lease
  // (atomic), so two nodes woken for it (a job repeated after its expiry) never both send it.
  const table = outboxSource(output, clock);
  return {
    async runDue(deliver) {
      let sent = 0;
      await work.jobs.runDue(JOB_QUEUES.deliver, async () => {
        sent += await table.runDue(deliver);
      });
      return sent;
    },
  };
}

/** Starts the timers (and, with several nodes, the schedules); resolves the timers to clear at close. */
export async function startBackgroundWork(deps: BackgroundDeps): Promise<NodeJS.Timeout[]> {
  const { storage, hub, accounts, submit, delivery, webhooks, insurersSweep, retention, log } = deps;
  // One sweep failing does not keep the other from running.
  const sweep = async () => {
    const [declarations, accountsSwept] = await Promise.allSettled([hub.sweep(), accounts.sweep()]);
    for (const r of [declarations, accountsSwept]) if (r.status === 'rejected') throw r.reason;
  };
  const every = (ms: number, run: () => Promise<unknown>, what: string) => {
    const t = setInterval(() => void run().catch((e: unknown) => log('error', `${what} failed`, String(e))), ms);
    t.unref();
    return t;
  };
  const timers = [every(1000, () => submit.runOnce(), 'the submit worker'), every(2000, () => delivery.runOnce(), 'delivery'), every(1000, () => webhooks.runOnce(), 'the webhooks'), every(SWEEP_EVERY_MS * 5, insurersSweep, 'the insurers\' sweep')];
  const { work } = storage;
  if (work.kind === 'timers') {
    timers.push(every(SWEEP_EVERY_MS, sweep, 'the inactivity sweep'), every(RETENTION_EVERY_MS, () => retention.runOnce(), 'the retention sweep'));
    return timers;
  }
  // Several nodes: the sweeps are scheduled once for all of them and done by one node each time.
  await work.jobs.schedule(JOB_QUEUES.sweep, '* * * * *');
  await work.jobs.schedule(JOB_QUEUES.retention, '0 */6 * * *');
  timers.push(
    every(SWEEP_EVERY_MS, () => hub.expireAdmissions(), 'the expiry of waiting joins'),
    every(SWEEP_EVERY_MS / 4, () => work.jobs.runDue(JOB_QUEUES.sweep, async () => void (await sweep())), 'the inactivity sweep'),
    every(SWEEP_EVERY_MS / 4, () => work.jobs.runDue(JOB_QUEUES.retention, async () => void (await retention.runOnce())), 'the retention sweep'),
  );
  return timers;
}
