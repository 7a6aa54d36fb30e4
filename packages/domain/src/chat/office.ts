/**
 * When the bureau answers (app-shell §9 office hours; issue 16): the office hours on working days,
 * Lithuania's public holidays closed (Labour Code art. 123: the fixed days and Easter Monday), and
 * the next moment the office opens, so a driver writing at night is told when an answer can be
 * expected. Times are Vilnius wall-clock times.
 */
import { OFFICE_HOURS } from '../rules/constants.js';
import { fromVilnius, toVilnius } from '../rules/dates.js';

/** The public holidays of Lithuania on a fixed date (month-day). */
export const FIXED_PUBLIC_HOLIDAYS = ['01-01', '02-16', '03-11', '05-01', '06-24', '07-06', '08-15', '11-01', '11-02', '12-24', '12-25', '12-26'] as const;

/** Easter Sunday of a year (Gregorian; the anonymous algorithm), as YYYY-MM-DD. */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const pad = (n: number) => String(n).padStart(2, '0');
const isoDate = (y: number, m: number, d: number) => `${String(y).padStart(4, '0')}-${pad(m)}-${pad(d)}`;

/** OH1: a public holiday in Lithuania (a fixed date, or Easter Sunday or Monday). */
export function isPublicHoliday(date: string): boolean {
  if ((FIXED_PUBLIC_HOLIDAYS as readonly string[]).includes(date.slice(5))) return true;
  const easter = easterSunday(Number(date.slice(0, 4)));
  const monday = new Date(`${easter}T00:00:00Z`);
  monday.setUTCDate(monday.getUTCDate() + 1);
  return date === easter || date === monday.toISOString().slice(0, 10);
}

/** ISO weekday (1 Monday … 7 Sunday) of a calendar date. */
function isoWeekday(y: number, m: number, d: number): number {
  const day = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return day === 0 ? 7 : day;
}

/**
 * OH1: the office's intervals on a date ([] on weekends and public holidays); the day before a
 * public holiday ends an hour earlier (Labour Code art. 112).
 */
export function officeIntervals(date: string): ReadonlyArray<{ readonly from: string; readonly to: string }> {
  if (isPublicHoliday(date)) return [];
  const [y, m, d] = [Number(date.slice(0, 4)), Number(date.slice(5, 7)), Number(date.slice(8, 10))];
  const intervals = OFFICE_HOURS[isoWeekday(y, m, d) as keyof typeof OFFICE_HOURS] ?? [];
  const next = new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
  if (intervals.length === 0 || !isPublicHoliday(next)) return intervals;
  const last = intervals[intervals.length - 1] as { readonly from: string; readonly to: string };
  const minutes = Number(last.to.slice(0, 2)) * 60 + Number(last.to.slice(3, 5)) - 60;
  return [...intervals.slice(0, -1), { from: last.from, to: `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}` }];
}

/** OH2: open now, or the instant the office next opens (within the next 14 days; there always is one). */
export function officeStatus(now: number): { readonly open: true } | { readonly open: false; readonly opensAt: number } {
  const t = toVilnius(now);
  const time = `${pad(t.hour)}:${pad(t.minute)}`;
  let day = new Date(Date.UTC(t.year, t.month - 1, t.day));
  for (let i = 0; i < 14; i += 1) {
    const date = isoDate(day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate());
    for (const interval of officeIntervals(date)) {
      if (i === 0 && interval.from <= time && time < interval.to) return { open: true };
      if (i > 0 || time < interval.from) {
        const [hour, minute] = [Number(interval.from.slice(0, 2)), Number(interval.from.slice(3, 5))];
        const opensAt = fromVilnius({ year: day.getUTCFullYear(), month: day.getUTCMonth() + 1, day: day.getUTCDate(), hour, minute, second: 0 });
        if (opensAt !== null) return { open: false, opensAt };
      }
    }
    day = new Date(day.getTime() + 24 * 60 * 60_000);
  }
  throw new RangeError('no office hours in two weeks');
}
