import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import pg from 'pg';
import { storedDeclaration } from '@eid/test-fixtures';
import type { DeliveryRecord } from '@eid/domain';
import { PgDeclarationStore } from './declaration-store.adapter.js';
import { PgOutputStore } from './output-store.adapter.js';
import { JOB_QUEUES, PgJobs, type JobSettings } from './jobs.adapter.js';
import { testDatabase } from './testing.js';

let database: Awaited<ReturnType<typeof testDatabase>>;
beforeAll(async () => {
  database = await testDatabase(inject('postgresUrl'));
});
afterAll(() => database.dispose());

/** Short expiry and maintenance, so that a job left by a dead node comes back within the test. */
const FAST: JobSettings = { expireInSeconds: 1, maintenanceIntervalSeconds: 1 };

describe('the job queue of several nodes (pg-boss)', () => {
  it('[CL3] a submit job exists only if the transaction that added it committed; two nodes taking jobs at once answer it once', async () => {
    const opened = await database.open();
    const one = new PgJobs(database.url, FAST);
    const two = new PgJobs(database.url, FAST);
    await one.start();
    await two.start();
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      await client.query('begin');
      await one.sendIn(client, JOB_QUEUES.submit, { declarationId: 'rolled-back' }, 'rolled-back');
      await client.query('rollback');
      await client.query('begin');
      await one.sendIn(client, JOB_QUEUES.submit, { declarationId: 'committed' }, 'committed');
      await client.query('commit');
      const seen: string[] = [];
      const answer = async (job: { data: { declarationId: string } }) => void seen.push(job.data.declarationId);
      const done = await Promise.all([one.runDue(JOB_QUEUES.submit, answer), two.runDue(JOB_QUEUES.submit, answer)]);
      expect(seen).toEqual(['committed']);
      expect(done[0] + done[1]).toBe(1);
      expect(await one.runDue(JOB_QUEUES.submit, answer)).toBe(0);
    } finally {
      await client.end();
      await one.stop();
      await two.stop();
      await opened.close();
    }
  });

  it('[CL3] the store adds the submit job in the transaction that marks the declaration waiting, once', async () => {
    const opened = await database.open();
    const jobs = new PgJobs(database.url, FAST);
    await jobs.start();
    try {
      const store = new PgDeclarationStore(opened, jobs);
      const r = storedDeclaration('waiting-1', 'KLM123', 'HBN512');
      await store.create(r);
      const d = r.declaration;
      // A save that loses its compare-and-set adds no job either.
      expect(await store.save({ ...r, declaration: { ...d, version: 1, submitState: 'WAITING' } }, 5)).toBe(false);
      expect(await store.save({ ...r, declaration: { ...d, version: 1, submitState: 'WAITING' } }, 0)).toBe(true);
      // Later saves while it waits (a join request, a closed one) add none: one job per submit.
      expect(await store.save({ ...r, declaration: { ...d, version: 2, submitState: 'WAITING', joinRequests: [] } }, 1)).toBe(true);
      const seen: string[] = [];
      expect(await jobs.runDue<{ declarationId: string }>(JOB_QUEUES.submit, async (job) => void seen.push(job.data.declarationId))).toBe(1);
      expect(seen).toEqual(['waiting-1']);
    } finally {
      await jobs.stop();
      await opened.close();
    }
  });

  it('[CL3] each message of the delivery outbox is a job added with it; a retry is a new job, due at the retry’s time', async () => {
    const opened = await database.open();
    const jobs = new PgJobs(database.url, FAST);
    await jobs.start();
    try {
      const output = new PgOutputStore(opened.db, { pool: opened.pool, queue: jobs });
      const message = (key: string): DeliveryRecord => ({
        id: `d-out-1:${key}`, declarationId: 'd-out-1', key, channel: 'email', to: 'a@example.lt', subject: 's', text: 't', html: null,
        attachments: [], state: 'PENDING', attempts: 0, nextAttemptAt: 0, createdAt: 0, sentAt: null, lastError: null,
      });
      await output.saveOutput([], [message('driver-A-email'), message('insurer-A-email')]);
      // Written once: a second call adds neither messages nor jobs.
      await output.saveOutput([], [message('driver-A-email')]);
      const taken: string[] = [];
      const take = () => jobs.runDue<{ id: string }>(JOB_QUEUES.deliver, async (job) => void taken.push(job.data.id));
      expect(await take()).toBe(2);
      expect(taken.sort()).toEqual(['d-out-1:driver-A-email', 'd-out-1:insurer-A-email']);
      await output.markRetry('d-out-1:driver-A-email', 1, Date.now() + 60 * 60_000, 'mailbox full');
      await output.markRetry('d-out-1:insurer-A-email', 1, Date.now() - 1000, 'greylisted');
      taken.length = 0;
      expect(await take()).toBe(1);
      expect(taken).toEqual(['d-out-1:insurer-A-email']);
    } finally {
      await jobs.stop();
      await opened.close();
    }
  });

  it('[CL3] a job whose node died while working it is done by another node after its expiry', async () => {
    const dead = new PgJobs(database.url, FAST);
    const alive = new PgJobs(database.url, FAST);
    await dead.start();
    await alive.start();
    try {
      await dead.send(JOB_QUEUES.submit, { declarationId: 'orphan' }, 'orphan');
      // The first node takes the job and never finishes it.
      let release: (e: Error) => void = () => {};
      const taken = new Promise<void>((resolve) => {
        void dead.runDue(JOB_QUEUES.submit, () => {
          resolve();
          return new Promise<void>((_, reject) => (release = reject));
        });
      });
      await taken;
      expect(await alive.runDue(JOB_QUEUES.submit, async () => {})).toBe(0);
      const seen: string[] = [];
      await vi.waitFor(async () => expect(await alive.runDue<{ declarationId: string }>(JOB_QUEUES.submit, async (job) => void seen.push(job.data.declarationId))).toBe(1), { timeout: 20_000, interval: 100 });
      expect(seen).toEqual(['orphan']);
      release(new Error('the dead node'));
    } finally {
      await dead.stop();
      await alive.stop();
    }
  }, 30_000);
});
