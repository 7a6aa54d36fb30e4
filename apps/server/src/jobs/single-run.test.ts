import { describe, expect, it } from 'vitest';
import { SingleRun } from './single-run.js';

describe('one run of a background job at a time', () => {
  it('concurrent callers share the run in progress; the next call after it starts a new one; idle waits for it', async () => {
    let started = 0;
    let finish: (n: number) => void = () => {};
    const job = new SingleRun(() => {
      started += 1;
      return new Promise<number>((resolve) => (finish = resolve));
    });
    const first = job.run();
    const second = job.run();
    expect(started).toBe(1);
    let idle = false;
    const waited = job.idle().then(() => (idle = true));
    await Promise.resolve();
    expect(idle).toBe(false);
    finish(3);
    expect(await first).toBe(3);
    expect(await second).toBe(3);
    await waited;
    expect(idle).toBe(true);
    const third = job.run();
    expect(started).toBe(2);
    finish(0);
    expect(await third).toBe(0);
  });

  it('a failed run does not block the next one, and idle does not throw', async () => {
    let calls = 0;
    const job = new SingleRun(async () => {
      calls += 1;
      if (calls === 1) throw new Error('disk full');
      return 1;
    });
    await expect(job.run()).rejects.toThrow('disk full');
    await job.idle();
    expect(await job.run()).toBe(1);
  });
});
