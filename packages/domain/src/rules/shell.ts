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

