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
    expect(await captcha.verify(token, 'phone-code')).toBe(false);
    expect(await captcha.verify(token, 'submit')).toBe(true);
    // Reused: refused.
    expect(await captcha.verify(token, 'submit')).toBe(false);
  });

  it('[CP2] one token sent many times at once passes once: it is taken before the proof is checked', async () => {
    const token = await tokenFor(await captcha.challenge('connect'));
    const answers = await Promise.all(Array.from({ length: 20 }, () => captcha.verify(token, 'connect')));
    expect(answers.filter(Boolean)).toHaveLength(1);
  });

  it('[CP2] a forged, unsolved, other-secret or garbled token is refused', async () => {
    const challenge = await captcha.challenge('submit');
    const wrongSolution = Buffer.from(JSON.stringify({ challenge, solution: { counter: 1, derivedKey: '00' } })).toString('base64');
    expect(await captcha.verify(wrongSolution, 'submit')).toBe(false);
    const other = new AltchaCaptcha({ secret: 'another-secret', cost: 10, counter: [10, 50], clock });
    expect(await captcha.verify(await tokenFor(await other.challenge('submit')), 'submit')).toBe(false);
    const tampered = await captcha.challenge('submit');
    const token = await tokenFor({ ...tampered, parameters: { ...tampered.parameters, data: { action: 'preview' } } });
    expect(await captcha.verify(token, 'preview')).toBe(false);
    for (const garbage of ['', 'not base64 at all', Buffer.from('{"x":1}').toString('base64')]) expect(await captcha.verify(garbage, 'submit')).toBe(false);
  });

  it('[CP2] a challenge is good for its time (by the ClockPort) and refused after', async () => {
    const own = new FixedClock(Date.UTC(2026, 10, 22, 9));
    const short = new AltchaCaptcha({ secret: 'test-secret', cost: 10, counter: [10, 50], ttlMs: 1000, clock: own });
    const late = await tokenFor(await short.challenge('submit'));
    const inTime = await tokenFor(await short.challenge('submit'));
    own.advance(1000);
    expect(await short.verify(inTime, 'submit')).toBe(true);
    own.advance(1);
    expect(await short.verify(late, 'submit')).toBe(false);
  });
});
