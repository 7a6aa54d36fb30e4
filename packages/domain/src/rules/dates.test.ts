import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  backendDateToDisplay,
  birthDateSchema,
  dateSchema,
  displayDateToBackend,
  formatBackendDate,
  formatBackendDateTime,
  formatDate,
  formatTime,
  fromVilnius,
  isCalendarDate,
  parseBackendDateTime,
  parseDisplayDateTime,
  timeSchema,
  toVilnius,
} from './dates.js';
import { validate, validateIssue } from './validation.js';

const HOUR = 3_600_000;
/** Instants from 1900 to 2100, whole seconds. */
const instant = fc
  .integer({ min: Date.UTC(1900, 0, 2) / 1000, max: Date.UTC(2100, 0, 1) / 1000 })
  .map((s) => s * 1000);

describe('date and time formats', () => {
  it.each([
    ['1900-10-10', null],
    ['2024-02-29', null],
    ['2000-02-29', null],
    ['2023-02-29', 'DATE_FORMAT'],
    ['1900-02-29', 'DATE_FORMAT'],
    ['2024-04-31', 'DATE_FORMAT'],
    ['2024-13-01', 'DATE_FORMAT'],
    ['2024-00-10', 'DATE_FORMAT'],
    ['2024-01-00', 'DATE_FORMAT'],
    ['2024-1-1', 'DATE_FORMAT'],
    ['24-01-01', 'DATE_FORMAT'],
    ['2024/01/01', 'DATE_FORMAT'],
    ['20240101', 'DATE_FORMAT'],
  ] as const)('[DT1] %s gives %s', (value, expected) => {
    expect(validate(dateSchema, value)).toBe(expected);
  });

  it('[DT1] a date is valid exactly when the JavaScript calendar agrees', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1000, max: 9999 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 }), (y, m, d) => {
        const text = `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
        const probe = new Date(Date.UTC(2000, m - 1, d));
        probe.setUTCFullYear(y, m - 1, d);
        const real = m >= 1 && m <= 12 && d >= 1 && probe.getUTCMonth() === m - 1 && probe.getUTCDate() === d;
        expect(isCalendarDate(text)).toBe(real);
      }),
    );
  });

  it.each([
    ['00:00:00', null],
    ['23:59:59', null],
    ['24:00:00', 'TIME_FORMAT'],
    ['12:60:00', 'TIME_FORMAT'],
    ['12:00:60', 'TIME_FORMAT'],
    ['1:00:00', 'TIME_FORMAT'],
    ['12:00', 'TIME_FORMAT'],
  ] as const)('[DT2] %s gives %s', (value, expected) => {
    expect(validate(timeSchema, value)).toBe(expected);
  });

  it('[DT3] a birth date is a date within bounds, the minimum defaulting to 1900-01-01', () => {
    const schema = birthDateSchema({ max: '2024-06-01' });
    expect(validate(schema, '1980-05-05')).toBeNull();
    expect(validate(schema, '1900-01-01')).toBeNull();
    expect(validateIssue(schema, '1899-12-31')).toEqual({ code: 'TOO_EARLY', requirement: '1900-01-01' });
    expect(validateIssue(schema, '2024-06-02')).toEqual({ code: 'TOO_LATE', requirement: '2024-06-01' });
    expect(validate(schema, '1980-02-30')).toBe('DATE_FORMAT');
    expect(validate(birthDateSchema({ min: '1950-01-01' }), '1949-12-31')).toBe('TOO_EARLY');
    expect(validate(birthDateSchema(), '2999-01-01')).toBeNull();
  });

  it.each([
    [Date.UTC(2024, 0, 15, 10, 0, 0), '2024-01-15', '12:00:00'],
    [Date.UTC(2024, 6, 1, 21, 30, 5), '2024-07-02', '00:30:05'],
    [Date.UTC(2024, 11, 31, 22, 0, 0), '2025-01-01', '00:00:00'],
    [Date.UTC(1970, 0, 1, 0, 0, 0), '1970-01-01', '03:00:00'],
  ])('[DT4] instant %i is shown as %s %s in Vilnius', (ms, date, time) => {
    expect(formatDate(ms)).toBe(date);
    expect(formatTime(ms)).toBe(time);
  });

  it.each([
    [Date.UTC(2024, 0, 15, 10, 0, 0), '20240115', '20240115120000'],
    [Date.UTC(2024, 6, 1, 21, 30, 5), '20240702', '20240702003005'],
  ])('[DT5] instant %i is %s / %s for the back end', (ms, date, dateTime) => {
    expect(formatBackendDate(ms)).toBe(date);
    expect(formatBackendDateTime(ms)).toBe(dateTime);
  });

  it('[DT4][DT5] formats are fixed-width and agree with each other', () => {
    fc.assert(
      fc.property(instant, (ms) => {
        expect(formatDate(ms)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(formatTime(ms)).toMatch(/^\d{2}:\d{2}:\d{2}$/);
        expect(formatBackendDateTime(ms)).toBe((formatDate(ms) + formatTime(ms)).replace(/[-:]/g, ''));
        expect(formatBackendDate(ms)).toBe(formatBackendDateTime(ms).slice(0, 8));
      }),
    );
  });

  it('[DT6] back-end date-times parse back to the instant', () => {
    expect(parseBackendDateTime('20240115120000')).toBe(Date.UTC(2024, 0, 15, 10, 0, 0));
    expect(parseDisplayDateTime('2024-07-02', '00:30:05')).toBe(Date.UTC(2024, 6, 1, 21, 30, 5));
    expect(parseBackendDateTime('2024011512000')).toBeNull();
    expect(parseBackendDateTime('20240230120000')).toBeNull();
    expect(parseBackendDateTime('20240115240000')).toBeNull();
    expect(parseDisplayDateTime('2024-01-15', '12:00')).toBeNull();
  });

  it('[DT6] the hour skipped in spring does not exist; the repeated autumn hour takes the earlier instant', () => {
    expect(parseBackendDateTime('20240331033000')).toBeNull();
    expect(parseBackendDateTime('20240331023000')).toBe(Date.UTC(2024, 2, 31, 0, 30));
    expect(parseBackendDateTime('20240331043000')).toBe(Date.UTC(2024, 2, 31, 0, 30) + HOUR);
    expect(parseBackendDateTime('20241027033000')).toBe(Date.UTC(2024, 9, 27, 0, 30));
    expect(formatBackendDateTime(Date.UTC(2024, 9, 27, 1, 30))).toBe('20241027033000');
    expect(fromVilnius({ year: 2024, month: 2, day: 30, hour: 0, minute: 0, second: 0 })).toBeNull();
  });

  it('[DT6] formatting round-trips through parsing for every instant', () => {
    fc.assert(
      fc.property(instant, (ms) => {
        const text = formatBackendDateTime(ms);
        const back = parseBackendDateTime(text);
        expect(back).not.toBeNull();
        expect(formatBackendDateTime(back ?? 0)).toBe(text);
        // Only the repeated autumn hour may resolve to the other (earlier) instant.
        expect(back === ms || back === ms - HOUR).toBe(true);
        expect(parseDisplayDateTime(formatDate(ms), formatTime(ms))).toBe(back);
        expect(fromVilnius(toVilnius(ms))).toBe(back);
      }),
    );
  });

  it.each([
    ['2024-02-29', '20240229'],
    ['1900-10-10', '19001010'],
  ])('[DT7] %s is %s for the back end and back', (display, backend) => {
    expect(displayDateToBackend(display)).toBe(backend);
    expect(backendDateToDisplay(backend)).toBe(display);
  });

  it('[DT7] non-dates convert to nothing; every calendar date round-trips', () => {
    expect(displayDateToBackend('2023-02-29')).toBeNull();
    expect(backendDateToDisplay('20230229')).toBeNull();
    expect(backendDateToDisplay('2023-02-28')).toBeNull();
    fc.assert(
      fc.property(instant, (ms) => {
        const display = formatDate(ms);
        expect(backendDateToDisplay(displayDateToBackend(display) ?? '')).toBe(display);
      }),
    );
  });
});
