import { describe, expect, it } from 'vitest';
import { SimulatedClock } from 'xstate';
import { BACKOFF_CAP_MS, CAPTCHA_LOADER_RETRY_START_MS, PUSH_RETRY_MS, TAG_MANAGER_RETRY_START_MS } from '../../rules/constants.js';
import { backoffDelays } from '../../rules/shell.js';
import { pageLoadInfo, Startup, type StartupFailure, type StartupPort } from './startup.machine.js';
import { Loader } from './loader.machine.js';

const flush = async (): Promise<void> => {
  for (let i = 0; i < 20; i++) await Promise.resolve();
};

/** A scripted backend: each call to the maps parameter / push set-up takes the next outcome. */
function backend(maps: boolean[], push: boolean[]) {
  const calls = { maps: 0, push: 0 };
  const reported: StartupFailure[] = [];
  const port: StartupPort = {
    loadMapsKey: async () => {
      const ok = maps[calls.maps++] ?? true;
      if (!ok) throw new Error('maps unreachable');
      return 'maps-key';
    },
    setupPush: async () => {
      const ok = push[calls.push++] ?? true;
      if (!ok) throw new Error('push refused');
    },
    report: (f) => reported.push(f),
  };
  return { port, calls, reported };
}

function start(port: StartupPort, random = 0.5) {
  const clock = new SimulatedClock();
  const actor = new Startup(port, { random: () => random }, clock).start();
  return { actor, clock };
}

describe('start-up (app-shell §4)', () => {
  it('[K9] both set-ups succeed at the first attempt: ready with the maps key, the info state stayed initial', async () => {
    const b = backend([true], [true]);
    const { actor } = start(b.port);
    await flush();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.mapsKey).toBe('maps-key');
    expect(pageLoadInfo(actor.getSnapshot())).toBe('initial');
    expect(b.calls).toEqual({ maps: 1, push: 1 });
  });

  it('[K9] the maps parameter failing 3 times shows the error state; each failure is reported with its attempt number', async () => {
    const b = backend([false, false, false], []);
    const { actor } = start(b.port);
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(pageLoadInfo(actor.getSnapshot())).toBe('error');
    expect(b.calls.maps).toBe(3);
    expect(b.reported.filter((r) => r.kind === 'maps').map((r) => r.attempt)).toEqual([1, 2, 3]);
  });

  it('[K9] retry waits 1000 ms plus the random part (here 0.75 → 1750 ms) in the loading state, then resumes at attempt 2', async () => {
    const b = backend([false, false, false, true], []);
    const { actor, clock } = start(b.port, 0.75);
    await flush();
    actor.send({ type: 'user.retry' });
    expect(pageLoadInfo(actor.getSnapshot())).toBe('loading');
    clock.increment(1749);
    await flush();
    expect(actor.getSnapshot().value).toBe('waiting');
    expect(b.calls.maps).toBe(3);
    clock.increment(1);
    await flush();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(b.calls.maps).toBe(4);
    expect(actor.getSnapshot().context.attempt).toBe(2);
  });

  it('[K9] resuming at attempt 2 leaves two attempts before the error state shows again', async () => {
    const b = backend([false, false, false, false, false], []);
    const { actor, clock } = start(b.port, 0);
    await flush();
    actor.send({ type: 'user.retry' });
    clock.increment(1000);
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(b.calls.maps).toBe(5);
    expect(b.reported.map((r) => r.kind === 'maps' && r.attempt)).toEqual([1, 2, 3, 2, 3]);
  });

  it(`[K9] a push set-up failure is retried after ${PUSH_RETRY_MS} ms within the attempt; a second failure fails the attempt`, async () => {
    const b = backend([], [false, true]);
    const { actor, clock } = start(b.port);
    await flush();
    expect(actor.getSnapshot().value).toBe('starting');
    clock.increment(PUSH_RETRY_MS - 1);
    await flush();
    expect(b.calls.push).toBe(1);
    clock.increment(1);
    await flush();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(b.reported).toEqual([{ kind: 'push', attempt: 1, willRetry: true, error: 'push refused' }]);

    const c = backend([], [false, false, true]);
    const second = start(c.port);
    await flush();
    second.clock.increment(PUSH_RETRY_MS);
    await flush();
    expect(c.reported.map((r) => r.kind === 'push' && r.willRetry)).toEqual([true, false]);
    expect(second.actor.getSnapshot().context.attempt).toBe(2);
    expect(second.actor.getSnapshot().value).toBe('ready');
  });
});

describe('self-retrying loaders (app-shell §4 step 3)', () => {
  for (const [name, startMs] of [
    ['tag manager', TAG_MANAGER_RETRY_START_MS],
    ['captcha', CAPTCHA_LOADER_RETRY_START_MS],
  ] as const) {
    it(`[K9] the ${name} loader retries after ${startMs} ms, doubling, and gives up once the delay exceeds ${BACKOFF_CAP_MS} ms`, async () => {
      const clock = new SimulatedClock();
      const triedAt: number[] = [];
      const reports: boolean[] = [];
      const actor = new Loader({
        name,
        startMs,
        timers: clock,
        task: async () => {
          triedAt.push(clock.now());
          throw new Error('unreachable');
        },
        report: (f) => reports.push(f.willRetry),
      }).start();
      await flush();
      const delays = backoffDelays(startMs);
      for (const d of delays) {
        clock.increment(d);
        await flush();
      }
      expect(actor.getSnapshot().value).toBe('gaveUp');
      // The first try at once, then one after each delay of the sequence.
      const waits = triedAt.slice(1).map((t, i) => t - triedAt[i]!);
      expect(waits).toEqual(delays);
      expect(waits[0]).toBe(startMs);
      expect(waits.at(-1)! * 2).toBeGreaterThan(BACKOFF_CAP_MS);
      expect(reports.at(-1)).toBe(false);
      expect(reports.slice(0, -1).every(Boolean)).toBe(true);
    });
  }

  it('[K9] a loader that succeeds on its third try stops there', async () => {
    const clock = new SimulatedClock();
    let tries = 0;
    const actor = new Loader({
      name: 'captcha',
      startMs: CAPTCHA_LOADER_RETRY_START_MS,
      timers: clock,
      task: async () => {
        tries += 1;
        if (tries < 3) throw new Error('not yet');
      },
      report: () => {},
    }).start();
    await flush();
    clock.increment(1000);
    await flush();
    clock.increment(2000);
    await flush();
    expect(actor.getSnapshot().value).toBe('loaded');
    expect(tries).toBe(3);
  });
});
