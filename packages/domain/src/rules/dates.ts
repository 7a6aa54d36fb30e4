/**
 * Dates and times (declaration-flow §5): the display formats YYYY-MM-DD and HH:mm:ss, the back-end
 * formats YYYYMMDD and YYYYMMDDHHmmss, calendar validation, and birth-date bounds.
 *
 * An instant (epoch milliseconds) is always shown in Europe/Vilnius, whatever the device's or the
 * server's own zone, through Intl: the accident happened in Lithuania and both drivers and the
 * insurers must read the same clock time.
 */
import * as v from 'valibot';
import { BIRTH_DATE_MIN, TIME_ZONE } from './constants.js';
import { boundsSchema } from './general-rules.js';
import { codeCheck, codeString, type Rule } from './validation.js';

// ---------------------------------------------------------------------------------------------
// Calendar checks (no time zone involved)
// ---------------------------------------------------------------------------------------------

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

function isDayOf(year: number, month: number, day: number): boolean {
  return year >= 1 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/** "1900-10-10": the display date format and a date that exists in the Gregorian calendar. */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return !!match && isDayOf(Number(match[1]), Number(match[2]), Number(match[3]));
}

/** "23:59:59": the display time format with hours 00-23 and minutes and seconds 00-59. */
export function isClockTime(value: string): boolean {
  const match = /^(\d{2}):(\d{2}):(\d{2})$/.exec(value);
  return !!match && Number(match[1]) <= 23 && Number(match[2]) <= 59 && Number(match[3]) <= 59;
}

export const dateSchema: Rule = v.pipe(codeString(), codeCheck(isCalendarDate, 'DATE_FORMAT'));
export const timeSchema: Rule = v.pipe(codeString(), codeCheck(isClockTime, 'TIME_FORMAT'));

/**
 * A birth date: the date format first, then within [min, max]. The lower bound defaults to
 * 1900-01-01 (the oldest personal codes); the upper bound has no default because it is "today",
 * which only the caller's clock knows.
 */
export function birthDateSchema(bounds: { readonly min?: string; readonly max?: string } = {}): Rule {
  const { min = BIRTH_DATE_MIN, max } = bounds;
  return v.pipe(dateSchema, boundsSchema(max === undefined ? { min } : { min, max }));
}

// ---------------------------------------------------------------------------------------------
// Instants in Europe/Vilnius
// ---------------------------------------------------------------------------------------------

/** A wall-clock date and time in Vilnius. */
export interface LocalDateTime {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
}

const VILNIUS_PARTS = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** The Vilnius wall-clock time of an instant. */
export function toVilnius(epochMs: number): LocalDateTime {
  if (!Number.isFinite(epochMs)) throw new RangeError('not a finite instant');
  const parts: Record<string, number> = {};
  for (const part of VILNIUS_PARTS.formatToParts(epochMs)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts['year'] ?? 0,
    month: parts['month'] ?? 0,
    day: parts['day'] ?? 0,
    hour: parts['hour'] ?? 0,
    minute: parts['minute'] ?? 0,
    second: parts['second'] ?? 0,
  };
}

/** The same wall-clock fields read as if they were UTC, which gives the zone offset by subtraction. */
function wallClockAsUtc(t: LocalDateTime): number {
  const d = new Date(0);
  d.setUTCFullYear(t.year, t.month - 1, t.day);
  d.setUTCHours(t.hour, t.minute, t.second, 0);
  return d.getTime();
}

function offsetAt(epochMs: number): number {
  const wholeSecond = Math.floor(epochMs / 1000) * 1000;
  return wallClockAsUtc(toVilnius(wholeSecond)) - wholeSecond;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The instant of a Vilnius wall-clock time, or null when that time does not exist (the hour skipped
 * when summer time starts) or the fields are not a calendar time. In the hour repeated when summer
 * time ends, the earlier instant is returned.
 */
export function fromVilnius(t: LocalDateTime): number | null {
  if (!isDayOf(t.year, t.month, t.day)) return null;
  if (t.hour > 23 || t.minute > 59 || t.second > 59 || t.hour < 0 || t.minute < 0 || t.second < 0) return null;
  const asUtc = wallClockAsUtc(t);
  // The offsets on either side of any transition near this time are the only candidates.
  const candidates = [asUtc - offsetAt(asUtc - DAY_MS), asUtc - offsetAt(asUtc + DAY_MS)]
    .filter((instant) => sameWallClock(toVilnius(instant), t))
    .sort((a, b) => a - b);
  return candidates[0] ?? null;
}

function sameWallClock(a: LocalDateTime, b: LocalDateTime): boolean {
  return (
    a.year === b.year &&
    a.month === b.month &&
    a.day === b.day &&
    a.hour === b.hour &&
    a.minute === b.minute &&
    a.second === b.second
  );
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** YYYY-MM-DD in Vilnius. */
export function formatDate(epochMs: number): string {
  const t = toVilnius(epochMs);
  return `${pad(t.year, 4)}-${pad(t.month)}-${pad(t.day)}`;
}

/** HH:mm:ss in Vilnius. */
export function formatTime(epochMs: number): string {
  const t = toVilnius(epochMs);
  return `${pad(t.hour)}:${pad(t.minute)}:${pad(t.second)}`;
}

/** YYYYMMDD in Vilnius (back-end date). */
export function formatBackendDate(epochMs: number): string {
  return formatDate(epochMs).replace(/-/g, '');
}

/** YYYYMMDDHHmmss in Vilnius (back-end date and time). */
export function formatBackendDateTime(epochMs: number): string {
  return formatBackendDate(epochMs) + formatTime(epochMs).replace(/:/g, '');
}

/** The instant of a back-end YYYYMMDDHHmmss Vilnius time, or null when malformed or non-existent. */
export function parseBackendDateTime(value: string): number | null {
  const match = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  return fromVilnius({ year, month, day, hour, minute, second });
}

/** The instant of a display date and time (YYYY-MM-DD, HH:mm:ss) in Vilnius, or null. */
export function parseDisplayDateTime(date: string, time: string): number | null {
  if (!isCalendarDate(date) || !isClockTime(time)) return null;
  return parseBackendDateTime(date.replace(/-/g, '') + time.replace(/:/g, ''));
}

/** YYYY-MM-DD → YYYYMMDD, or null when not a calendar date. */
export function displayDateToBackend(value: string): string | null {
  return isCalendarDate(value) ? value.replace(/-/g, '') : null;
}

/** YYYYMMDD → YYYY-MM-DD, or null when not a calendar date. */
export function backendDateToDisplay(value: string): string | null {
  const match = /^(\d{4})(\d{2})(\d{2})$/.exec(value);
  if (!match) return null;
  const display = `${match[1]}-${match[2]}-${match[3]}`;
  return isCalendarDate(display) ? display : null;
}
