import { describe, expect, it } from 'vitest';
import { fromVilnius } from '../rules/dates.js';
import { easterSunday, isPublicHoliday, officeStatus } from './office.js';

const vilnius = (iso: string) => {
  const [date, time] = iso.split(' ') as [string, string];
  const t = fromVilnius({ year: Number(date.slice(0, 4)), month: Number(date.slice(5, 7)), day: Number(date.slice(8, 10)), hour: Number(time.slice(0, 2)), minute: Number(time.slice(3, 5)), second: 0 });
  if (t === null) throw new Error(iso);
  return t;
};

describe('office hours and when an answer can be expected', () => {
  it.each([
    [2024, '2024-03-31'],
    [2025, '2025-04-20'],
    [2026, '2026-04-05'],
    [2027, '2027-03-28'],
    [2038, '2038-04-25'],
  ])('[OH1] Easter Sunday %i is %s', (year, date) => {
    expect(easterSunday(year)).toBe(date);
  });

  it.each([
    ['2026-02-16', true],
    ['2026-03-11', true],
    ['2026-04-06', true],
    ['2026-04-07', false],
    ['2026-12-24', true],
    ['2026-11-02', true],
    ['2026-11-24', false],
  ])('[OH1] %s is a public holiday: %s', (date, holiday) => {
    expect(isPublicHoliday(date)).toBe(holiday);
  });

  it.each([
    // Tuesday 24 November 2026.
    ['2026-11-24 10:00', null],
    ['2026-11-24 07:59', '2026-11-24 08:00'],
    ['2026-11-24 12:00', '2026-11-24 12:45'],
    ['2026-11-24 12:44', '2026-11-24 12:45'],
    ['2026-11-24 17:00', '2026-11-25 08:00'],
    // Friday closes at 15:45; the weekend; Monday.
    ['2026-11-27 15:45', '2026-11-30 08:00'],
    ['2026-11-28 11:00', '2026-11-30 08:00'],
    // The day before a public holiday ends an hour earlier; Christmas Eve to Boxing Day, then the weekend: Monday 28 December.
    ['2026-12-23 15:59', null],
    ['2026-12-23 16:00', '2026-12-28 08:00'],
    // A Friday before a holiday (1 May 2026 is a Friday; 30 April a Thursday): 16:00.
    ['2026-04-30 16:00', '2026-05-04 08:00'],
    // Easter Monday 2026 is closed.
    ['2026-04-03 16:00', '2026-04-07 08:00'],
    // Summer time starts on Sunday 29 March 2026: Monday opens at 08:00 local time.
    ['2026-03-27 16:00', '2026-03-30 08:00'],
  ])('[OH2] at %s (Vilnius) the office opens next at %s (null: open now)', (now, opens) => {
    const status = officeStatus(vilnius(now));
    expect(status.open ? null : status.opensAt).toBe(opens === null ? null : vilnius(opens));
  });
});
