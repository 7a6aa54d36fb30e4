import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as K from './constants.js';
import { backoffDelays, googleButtonWidth, nextBackoff, startupRetryDelay } from './shell.js';
import { officeStatus } from '../chat/office.js';

describe('shell timing and layout rules', () => {
  it('[K9] the retry waits 1000 ms plus a random part below 1000 ms', () => {
    expect(startupRetryDelay({ random: () => 0 })).toBe(1000);
    expect(startupRetryDelay({ random: () => 0.5 })).toBe(1500);
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), (r) => {
        const delay = startupRetryDelay({ random: () => r });
        expect(delay >= 1000 && delay < 2000).toBe(true);
      }),
    );
  });

  it('[K9] back-off doubles from its start until the delay would exceed 172800000 ms', () => {
    const tagManager = backoffDelays(K.TAG_MANAGER_RETRY_START_MS);
    expect(tagManager.slice(0, 4)).toEqual([1256, 2512, 5024, 10048]);
    expect(tagManager.at(-1)).toBeLessThanOrEqual(K.BACKOFF_CAP_MS);
    expect((tagManager.at(-1) ?? 0) * 2).toBeGreaterThan(K.BACKOFF_CAP_MS);
    expect(backoffDelays(K.ANALYTICS_RETRY_START_MS)[0]).toBe(256);
    expect(nextBackoff(100_000_000)).toBeNull();
    expect(nextBackoff(86_400_000)).toBe(172_800_000);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), (start) => {
        const delays = backoffDelays(start);
        delays.forEach((d, i) => expect(d).toBe(start * 2 ** i));
        expect(delays.every((d) => d <= K.BACKOFF_CAP_MS)).toBe(true);
      }),
    );
  });

  it.each([
    [375, 667, 287],
    [1920, 1080, 300],
    [388, 900, 300],
    [320, 568, 232],
    [50, 50, 0],
  ])('[K10] Google button width for a %i × %i viewport is %i', (w, h, expected) => {
    expect(googleButtonWidth(w, h)).toBe(expected);
  });

  it.each([
    [1, '08:00', true],
    [1, '07:59', false],
    [2, '12:00', false],
    [3, '12:30', false],
    [4, '12:45', true],
    [4, '16:59', true],
    [4, '17:00', false],
    [5, '15:44', true],
    [5, '15:45', false],
    [5, '16:30', false],
    [6, '10:00', false],
    [7, '10:00', false],
  ])('[K13] on ISO weekday %i at %s the office is open: %s', (day, time, expected) => {
    // The week of Monday 23 November 2026 (no public holiday near it); Vilnius is UTC+2 then.
    const [hour, minute] = time.split(':').map(Number) as [number, number];
    expect(officeStatus(Date.UTC(2026, 10, 22 + day, hour - 2, minute)).open).toBe(expected);
  });
});
