import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { blankPlates } from '../../declaration/blank.js';
import { SEAT_WAIT_RETRIES } from '../../declaration/connect.js';
import type { PlatesConnectRequest } from '../connect/connection.context.js';
import { FIRST_FILL_STEP, LAST_FILL_STEP } from '../wizard/steps.js';
import { JOIN_WAIT_MS, provideSessionPorts, type JoinOutcome, type SessionEmitted } from './session.machine.js';

const flush = async () => {
  for (let i = 0; i < 20; i++) await Promise.resolve();
};

const CONSENTS = { user: 'user-2025-03-05', rules: 'rules-2025-03-05', policy: 'policy-2025-03-05' };

const REQUEST: PlatesConnectRequest = {
  mode: 'live',
  plates: { A: { ...blankPlates(), plate: 'KLM123' }, B: { ...blankPlates(), plate: 'HBN512' } },
  location: null,
  fillLang: 'lt',
  oneDevice: false,
};

/**
 * The session over ports that answer as the test says: each join takes the next of `answers` (a
 * pending join never settles), the proof of work is its work's number, and `ownStep` is where the
 * driver's part was on once joined.
 */
function setUp(answers: Array<JoinOutcome | 'pending'> = [{ ok: true }], ownStep = 0) {
  const clock = new SimulatedClock();
  clock.set(1_000_000);
  const joins: PlatesConnectRequest[] = [];
  const solved: number[] = [];
  const afterJoins: unknown[] = [];
  const actor = createActor(
    provideSessionPorts({
      captchaToken: async (work) => {
        solved.push(work);
        return `proof-${work}`;
      },
      join: (request) => {
        joins.push(request);
        const answer = answers.shift() ?? { ok: true };
        return answer === 'pending' ? new Promise(() => {}) : Promise.resolve(answer);
      },
      afterJoin: async (consents) => {
        afterJoins.push(consents);
        return ownStep;
      },
      now: () => clock.now(),
    }),
    { clock },
  ).start();
  const emitted: SessionEmitted[] = [];
  for (const type of ['images.sync', 'wizard.resume', 'wizard.connectionLost', 'wizard.ended', 'progress'] as const) actor.on(type, (e) => emitted.push(e));
  return { clock, actor, joins, solved, afterJoins, emitted };
}

async function connect(h: ReturnType<typeof setUp>) {
  h.actor.send({ type: 'user.plates', request: REQUEST });
  h.actor.send({ type: 'user.connect' });
  await flush();
}

describe('the session machine: connecting by plates (JN1, JN5, JN6, JN8)', () => {
  it('solves the proof, joins with it, then sends what is owed (the consents) and opens where the driver was', async () => {
    const h = setUp([{ ok: true }], 9);
    h.actor.send({ type: 'user.consents', consents: { ...CONSENTS } });
    await connect(h);
    expect(h.actor.getSnapshot().value).toBe('connected');
    expect(h.solved).toEqual([1]);
    expect(h.joins).toEqual([{ ...REQUEST, captcha: 'proof-1' }]);
    expect(h.afterJoins).toEqual([{ ...CONSENTS }]);
    // A seat taken back: the wizard's first numbered step is passed over to the driver's own.
    h.actor.send({ type: 'wizard.entered', step: FIRST_FILL_STEP });
    expect(h.emitted).toEqual([{ type: 'wizard.resume', step: 9 }]);
    h.actor.send({ type: 'wizard.entered', step: 9 });
    expect(h.emitted.at(-1)).toEqual({ type: 'progress', step: 9 });
  });

  it('[JN6] a seat still counted elsewhere: waits the seconds the hub gave (shown on the screen), then asks again by itself', async () => {
    const h = setUp([{ ok: false, code: 'SEAT_STILL_COUNTED', retryAfterMs: 40_000 }, { ok: true }]);
    await connect(h);
    expect(h.actor.getSnapshot().value).toBe('waitingForSeat');
    expect(h.actor.getSnapshot().context.seatWaitUntil).toBe(1_000_000 + 40_000);
    h.clock.increment(39_999);
    await flush();
    expect(h.joins).toHaveLength(1);
    h.clock.increment(1);
    await flush();
    expect(h.joins).toHaveLength(2);
    expect(h.actor.getSnapshot().value).toBe('connected');
    expect(h.actor.getSnapshot().context.seatWaitUntil).toBeNull();
  });

  it('[JN6] leaving during the wait stops it: nothing is asked again', async () => {
    const h = setUp([{ ok: false, code: 'SEAT_STILL_COUNTED', retryAfterMs: 40_000 }]);
    await connect(h);
    h.actor.send({ type: 'user.leave' });
    h.clock.increment(60_000);
    await flush();
    expect(h.joins).toHaveLength(1);
    expect(h.actor.getSnapshot().value).toBe('idle');
    expect(h.actor.getSnapshot().context.seatWaitUntil).toBeNull();
  });

  it('[JN6] issue 34: the driver stops the wait for the seat, or the wait to be let in: JOIN_CANCELLED, nothing asked again, and Next asks anew', async () => {
    const h = setUp([{ ok: false, code: 'SEAT_STILL_COUNTED', retryAfterMs: 40_000 }, 'pending', { ok: true }]);
    await connect(h);
    expect(h.actor.getSnapshot().value).toBe('waitingForSeat');
    h.actor.send({ type: 'user.cancelJoin' });
    expect(h.actor.getSnapshot().value).toBe('failed');
    expect(h.actor.getSnapshot().context).toMatchObject({ error: 'JOIN_CANCELLED', seatWaitUntil: null, retryAfterMs: null });
    h.clock.increment(60_000);
    await flush();
    expect(h.joins).toHaveLength(1);
    // Asked again: this join waits for the other driver's confirmation, and is stopped too.
    h.actor.send({ type: 'user.connect' });
    await flush();
    expect(h.actor.getSnapshot().value).toBe('joining');
    h.actor.send({ type: 'user.cancelJoin' });
    expect(h.actor.getSnapshot().context.error).toBe('JOIN_CANCELLED');
    h.actor.send({ type: 'user.connect' });
    await flush();
    expect(h.joins).toHaveLength(3);
    expect(h.actor.getSnapshot().value).toBe('connected');
  });

  it(`[JN6] a seat that stays counted is asked for ${SEAT_WAIT_RETRIES} more times, then the refusal is the driver's to read`, async () => {
    const still: JoinOutcome = { ok: false, code: 'SEAT_STILL_COUNTED', retryAfterMs: 5_000 };
    const h = setUp(Array.from({ length: SEAT_WAIT_RETRIES + 2 }, () => still));
    await connect(h);
    for (let i = 0; i < SEAT_WAIT_RETRIES; i++) {
      h.clock.increment(5_000);
      await flush();
    }
    expect(h.joins).toHaveLength(SEAT_WAIT_RETRIES + 1);
    expect(h.actor.getSnapshot().value).toBe('failed');
    expect(h.actor.getSnapshot().context).toMatchObject({ error: 'SEAT_STILL_COUNTED', retryAfterMs: 5_000 });
  });

  it('[JN8] a proof too easy is solved again for the work the hub names; a lower work is not', async () => {
    const h = setUp([{ ok: false, code: 'CAPTCHA_TOO_EASY', work: 4 }, { ok: true }]);
    await connect(h);
    expect(h.solved).toEqual([1, 4]);
    expect(h.joins.map((j) => j.captcha)).toEqual(['proof-1', 'proof-4']);
    expect(h.actor.getSnapshot().value).toBe('connected');

    const lower = setUp([{ ok: false, code: 'CAPTCHA_TOO_EASY', work: 1 }]);
    await connect(lower);
    expect(lower.actor.getSnapshot().context.error).toBe('CAPTCHA_TOO_EASY');
    expect(lower.solved).toEqual([1]);
  });

  it('[JN1] a join that is never answered fails as SERVER_UNREACHABLE after the other driver’s time; a refusal keeps its code; no plates is NO_PLATE', async () => {
    const h = setUp(['pending']);
    await connect(h);
    h.clock.increment(JOIN_WAIT_MS - 1);
    await flush();
    expect(h.actor.getSnapshot().value).toBe('joining');
    h.clock.increment(1);
    await flush();
    expect(h.actor.getSnapshot().context.error).toBe('SERVER_UNREACHABLE');

    const refused = setUp([{ ok: false, code: 'PLATE_A_IN_USE' }]);
    await connect(refused);
    expect(refused.actor.getSnapshot()).toMatchObject({ value: 'failed', context: { error: 'PLATE_A_IN_USE' } });
    // Tried again after the driver changed the plates: a fresh start.
    refused.actor.send({ type: 'user.connect' });
    await flush();
    expect(refused.actor.getSnapshot()).toMatchObject({ value: 'connected', context: { error: null } });

    const none = setUp();
    none.actor.send({ type: 'user.connect' });
    expect(none.actor.getSnapshot()).toMatchObject({ value: 'failed', context: { error: 'NO_PLATE' } });
    expect(none.joins).toHaveLength(0);
  });
});

describe('the session machine: what follows the hub and the wizard', () => {
  it('a resumed declaration reopened while the link is down shows the last known view from its first step, then the driver’s own step when the hub answers', () => {
    const h = setUp();
    h.actor.send({ type: 'user.resume', lastKnown: true });
    h.actor.send({ type: 'hub.link', online: false, down: true });
    h.actor.send({ type: 'hub.link', online: false, down: true });
    expect(h.emitted).toEqual([{ type: 'wizard.resume', step: FIRST_FILL_STEP }]);
    h.actor.send({ type: 'hub.changed', kind: 'SESSION', ownStep: 99 });
    expect(h.emitted.slice(1)).toEqual([{ type: 'images.sync' }, { type: 'wizard.resume', step: LAST_FILL_STEP }]);
    // Resumed once: a later session (a reconnect) re-syncs the images only.
    h.actor.send({ type: 'hub.changed', kind: 'SESSION', ownStep: 7 });
    expect(h.emitted.slice(3)).toEqual([{ type: 'images.sync' }]);
  });

  it('the link going down tells the wizard once; photos re-sync the images; the end ends the wizard; steps outside the form report no progress', () => {
    const h = setUp();
    h.actor.send({ type: 'hub.link', online: false, down: true });
    h.actor.send({ type: 'hub.link', online: true, down: false });
    h.actor.send({ type: 'hub.link', online: false, down: true });
    h.actor.send({ type: 'hub.link', online: false, down: true });
    h.actor.send({ type: 'hub.changed', kind: 'PHOTO', ownStep: 7 });
    h.actor.send({ type: 'hub.changed', kind: 'FIELD', ownStep: 7 });
    h.actor.send({ type: 'wizard.entered', step: 3 });
    h.actor.send({ type: 'hub.ended' });
    expect(h.emitted).toEqual([{ type: 'wizard.connectionLost' }, { type: 'images.sync' }, { type: 'wizard.ended' }]);
  });
});
