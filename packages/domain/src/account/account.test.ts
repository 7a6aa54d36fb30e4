import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { SESSION_LIMITS, SIGN_IN_LIMIT, accountEmail, deviceOf, sessionAlive, signInLockMs } from './account.js';

const T0 = Date.UTC(2026, 10, 24, 9);
const MIN = 60_000;

describe('account rules', () => {
  it.each([
    ['4 wrong within 15 minutes', [0, 1, 2, 3], 4, 0],
    ['5 wrong within 15 minutes: locked 15 minutes after the 5th', [0, 1, 2, 3, 4], 4, 15],
    ['the lock lasts its whole 15 minutes though the first ones leave the window', [0, 1, 2, 3, 4], 18, 1],
    ['... and ends then', [0, 1, 2, 3, 4], 19, 0],
    ['5 wrong spread over exactly 15 minutes do not lock', [0, 3.75, 7.5, 11.25, 15], 15, 0],
    ['5 wrong within 14 minutes among older ones', [0, 20, 25, 30, 33, 34], 34, 15],
  ])('[AC4] %s', (_name, minutes, nowMinute, lockedMinutes) => {
    expect(signInLockMs(minutes.map((m) => T0 + m * MIN), T0 + nowMinute * MIN)).toBe(lockedMinutes * MIN);
  });

  it('[AC4] the lock never exceeds 15 minutes and never starts before the 5th wrong password', () => {
    fc.assert(
      // The wrong passwords are in the past (at most `now`).
      fc.property(fc.integer({ min: 0, max: 140 * MIN }), fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 12 }), (now, fractions) => {
        const times = fractions.map((f) => Math.floor(f * now));
        const locked = signInLockMs(times, now);
        expect(locked).toBeGreaterThanOrEqual(0);
        expect(locked).toBeLessThanOrEqual(SIGN_IN_LIMIT.lockMs);
        if (times.length < SIGN_IN_LIMIT.attempts) expect(locked).toBe(0);
      }),
    );
  });

  it.each([
    ['just signed in', 0, 0, true],
    ['idle 29:59', 0, 30 * MIN - 1, true],
    ['idle 30:00', 0, 30 * MIN, false],
    ['busy, 11:59:59 after sign-in', 12 * 60 * MIN - 1 - MIN, 12 * 60 * MIN - 1, true],
    ['busy, 12:00 after sign-in', 12 * 60 * MIN - MIN, 12 * 60 * MIN, false],
  ])('[AC3] a session %s is alive: %s', (_name, lastSeen, now, alive) => {
    expect(sessionAlive({ createdAt: T0, lastSeenAt: T0 + lastSeen }, T0 + now)).toBe(alive);
    expect(SESSION_LIMITS).toEqual({ idleMs: 30 * MIN, absoluteMs: 12 * 60 * MIN });
  });

  it.each([
    [' Jonas@Example.LT ', 'jonas@example.lt'],
    ['jonas@example', null],
    ['', null],
    ['ona.onaite+eid@pastas.lt', 'ona.onaite+eid@pastas.lt'],
  ])('[AC1] the address %j is found as %j', (input, expected) => {
    expect(accountEmail(input)).toBe(expected);
  });

  it.each([
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36', 'Chrome, Android'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1', 'Safari, iOS'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 Edg/130.0.0.0', 'Edge, Windows'],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0', 'Firefox, Linux'],
    [undefined, '?'],
  ])('[AC6] a session started from %j shows as %j (browser and system, no versions)', (ua, device) => {
    expect(deviceOf(ua)).toBe(device);
  });
});
