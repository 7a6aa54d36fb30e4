/**
 * Small pure rules of the application shell (app-shell §4, §9): start-up retry timing, doubling
 * back-off, the Google button width and office hours. Timers themselves live in the apps; these
 * only compute the numbers, with randomness passed in.
 */
import type { IdPort } from '../ports/id.port.js';
import {
  BACKOFF_CAP_MS,
  GOOGLE_BUTTON_EDGE_MINUS_PX,
  GOOGLE_BUTTON_MAX_WIDTH_PX,
  OFFICE_HOURS,
  STARTUP_RETRY_BASE_MS,
  STARTUP_RETRY_RANDOM_MS,
} from './constants.js';

/** Delay before start-up resumes after the retry button: 1000 ms plus a random 0-1000 ms. */
export function startupRetryDelay(random: Pick<IdPort, 'random'>): number {
  return STARTUP_RETRY_BASE_MS + Math.floor(random.random() * STARTUP_RETRY_RANDOM_MS);
}

/** The next doubled delay, or null once it would exceed the cap (the loader then gives up). */
export function nextBackoff(delayMs: number, capMs: number = BACKOFF_CAP_MS): number | null {
  const next = delayMs * 2;
  return next > capMs ? null : next;
}

/** Every delay of a doubling back-off from `startMs` while it does not exceed the cap. */
export function backoffDelays(startMs: number, capMs: number = BACKOFF_CAP_MS): number[] {
  if (!(startMs > 0)) throw new RangeError('a back-off needs a positive start');
  const delays: number[] = [];
  for (let d: number | null = startMs <= capMs ? startMs : null; d !== null; d = nextBackoff(d, capMs)) {
    delays.push(d);
  }
  return delays;
}

/** Google sign-in button width: the smaller viewport edge minus 88 px, at most 300 px, never negative. */
export function googleButtonWidth(viewportWidth: number, viewportHeight: number): number {
  const width = Math.min(viewportWidth, viewportHeight) - GOOGLE_BUTTON_EDGE_MINUS_PX;
  return Math.max(0, Math.min(GOOGLE_BUTTON_MAX_WIDTH_PX, width));
}

/**
 * Whether the office is open at a Vilnius wall-clock time, given the ISO weekday (1 Monday … 7
 * Sunday) and "HH:mm". Intervals include their opening minute and exclude their closing minute.
 */
export function isOfficeOpen(isoWeekday: number, time: string): boolean {
  const intervals = OFFICE_HOURS[isoWeekday as keyof typeof OFFICE_HOURS] ?? [];
  return intervals.some((interval) => interval.from <= time && time < interval.to);
}
