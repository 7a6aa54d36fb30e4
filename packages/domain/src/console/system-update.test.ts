import { describe, expect, it } from 'vitest';
import { SYSTEM_UPDATE_AHEAD_MAX_MS, SYSTEM_UPDATE_MAX_MS, systemUpdateError, systemUpdatePhase } from './system-update.js';

const NOW = Date.UTC(2026, 10, 27, 10);
const MIN = 60_000;

describe('a system update', () => {
  it.each([
    ['an hour from now, half an hour long', NOW + 60 * MIN, NOW + 90 * MIN, null],
    ['running already', NOW - 10 * MIN, NOW + 20 * MIN, null],
    ['exactly 4 hours', NOW, NOW + SYSTEM_UPDATE_MAX_MS, null],
    ['4 hours and a millisecond', NOW, NOW + SYSTEM_UPDATE_MAX_MS + 1, 'SYSTEM_UPDATE_TIMES'],
    ['ending before it starts', NOW + 90 * MIN, NOW + 60 * MIN, 'SYSTEM_UPDATE_TIMES'],
    ['of no length', NOW + MIN, NOW + MIN, 'SYSTEM_UPDATE_TIMES'],
    ['over already', NOW - 90 * MIN, NOW - 60 * MIN, 'SYSTEM_UPDATE_TIMES'],
    ['ending now', NOW - 60 * MIN, NOW, 'SYSTEM_UPDATE_TIMES'],
    ['starting in 7 days', NOW + SYSTEM_UPDATE_AHEAD_MAX_MS, NOW + SYSTEM_UPDATE_AHEAD_MAX_MS + MIN, null],
    ['starting in 7 days and a millisecond', NOW + SYSTEM_UPDATE_AHEAD_MAX_MS + 1, NOW + SYSTEM_UPDATE_AHEAD_MAX_MS + MIN, 'SYSTEM_UPDATE_TIMES'],
  ])('[SU1] %s: %s', (_name, from, until, code) => {
    expect(systemUpdateError({ from, until }, NOW)).toBe(code);
  });

  it('[SU2] announced before it starts, in progress from its start until its end, then over', () => {
    const u = { from: NOW + 60 * MIN, until: NOW + 90 * MIN };
    expect(systemUpdatePhase(null, NOW)).toBe('NONE');
    expect(systemUpdatePhase(u, NOW)).toBe('ANNOUNCED');
    expect(systemUpdatePhase(u, u.from - 1)).toBe('ANNOUNCED');
    expect(systemUpdatePhase(u, u.from)).toBe('IN_PROGRESS');
    expect(systemUpdatePhase(u, u.until - 1)).toBe('IN_PROGRESS');
    expect(systemUpdatePhase(u, u.until)).toBe('NONE');
  });
});
