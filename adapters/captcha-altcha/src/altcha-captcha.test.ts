import { describe, expect, it } from 'vitest';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { FixedClock } from '@eid/test-fixtures';
import { AltchaCaptcha } from './altcha-captcha.adapter.js';

const clock = new FixedClock(Date.now());
const captcha = new AltchaCaptcha({ secret: 'test-secret', cost: 10, counter: [10, 50], clock });

async function tokenFor(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

describe('ALTCHA captcha', () => {
  it('[CP2] a solved challenge is accepted once, for its own action only', async () => {
    const token = await tokenFor(await captcha.challenge('submit'));
    expect(await captcha.verify(token, 'phone-code')).toEqual({ valid: false });
    expect(await captcha.verify(token, 'submit')).toEqual({ valid: true, work: 1 });
    // Reused: refused.
    expect(await captcha.verify(token, 'submit')).toEqual({ valid: false });
  });

  it('[CP2] one token sent many times at once passes once: it is taken before the proof is checked', async () => {
    const token = await tokenFor(await captcha.challenge('connect'));
    const answers = await Promise.all(Array.from({ length: 20 }, () => captcha.verify(token, 'connect')));
    expect(answers.filter((a) => a.valid)).toHaveLength(1);
  });

  it('[CP2] a forged, unsolved, other-secret or garbled token is refused', async () => {
    const challenge = await captcha.challenge('submit');
    const wrongSolution = Buffer.from(JSON.stringify({ challenge, solution: { counter: 1, derivedKey: '00' } })).toString('base64');
    expect(await captcha.verify(wrongSolution, 'submit')).toEqual({ valid: false });
    const other = new AltchaCaptcha({ secret: 'another-secret', cost: 10, counter: [10, 50], clock });
    expect(await captcha.verify(await tokenFor(await other.challenge('submit')), 'submit')).toEqual({ valid: false });
    const tampered = await captcha.challenge('submit');
    const token = await tokenFor({ ...tampered, parameters: { ...tampered.parameters, data: { action: 'preview' } } });
    expect(await captcha.verify(token, 'preview')).toEqual({ valid: false });
    for (const garbage of ['', 'not base64 at all', Buffer.from('{"x":1}').toString('base64')]) expect(await captcha.verify(garbage, 'submit')).toEqual({ valid: false });
  });

  it('[CP2] a challenge is good for its time (by the ClockPort) and refused after', async () => {
    const own = new FixedClock(Date.UTC(2026, 10, 22, 9));
    const short = new AltchaCaptcha({ secret: 'test-secret', cost: 10, counter: [10, 50], ttlMs: 1000, clock: own });
    const late = await tokenFor(await short.challenge('submit'));
    const inTime = await tokenFor(await short.challenge('submit'));
    own.advance(1000);
    expect(await short.verify(inTime, 'submit')).toEqual({ valid: true, work: 1 });
    own.advance(1);
    expect(await short.verify(late, 'submit')).toEqual({ valid: false });
  });

  it('[JN8] a challenge of more work takes that many times the tries to solve, and says its work when checked', async () => {
    const tries = async (work: number) => {
      let total = 0;
      for (let i = 0; i < 12; i++) {
        const challenge = await captcha.challenge('connect', work);
        const solution = await solveChallenge({ challenge, deriveKey });
        if (!solution) throw new Error('not solved');
        total += solution.counter;
        const token = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
        expect(await captcha.verify(token, 'connect')).toEqual({ valid: true, work: Math.min(work, 8) });
      }
      return total / 12;
    };
    // Counters are drawn from [10, 50) times the work: the mean tries grow with it.
    const one = await tries(1);
    const four = await tries(4);
    expect(one).toBeGreaterThanOrEqual(10);
    expect(one).toBeLessThan(50);
    expect(four).toBeGreaterThanOrEqual(40);
    expect(four).toBeLessThan(200);
    // Never past the most a phone can do in time, never below the normal work.
    expect((await captcha.challenge('connect', 1000)).parameters.data).toMatchObject({ work: 8 });
    expect((await captcha.challenge('connect', 0)).parameters.data).toMatchObject({ work: 1 });
  });

  it('[JN8] the work cannot be raised by the device: it is signed with the challenge', async () => {
    const challenge = await captcha.challenge('connect', 1);
    const forged = { ...challenge, parameters: { ...challenge.parameters, data: { ...challenge.parameters.data, work: 8 } } };
    expect(await captcha.verify(await tokenFor(forged), 'connect')).toEqual({ valid: false });
  });
});
