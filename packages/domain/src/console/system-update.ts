/**
 * "System update in progress" (declaration-flow §4; issue 33 item 4): a supervisor announces from
 * the console when the service will be updated (from, until). Until it starts, the drivers' screens
 * say it is coming; while it runs, a new declaration is refused `SYSTEM_UPDATE` (with the wait) and
 * a declaration being filled keeps what is typed on the phone. Stored with its end as its expiry,
 * so every node sees it and it ends by itself (SU1-SU3).
 */
import * as v from 'valibot';
import { object } from '../rules/schema.js';
import type { ErrorCode } from '../rules/errors.js';

const HOUR_MS = 3_600_000;
/** SU1: an update lasts at most this long (a longer outage is not an "update in progress"). */
export const SYSTEM_UPDATE_MAX_MS = 4 * HOUR_MS;
/** SU1: announced at most this far ahead. */
export const SYSTEM_UPDATE_AHEAD_MAX_MS = 7 * 24 * HOUR_MS;
/** The expiring store's key of the current announcement. */
export const SYSTEM_UPDATE_KEY = 'system-update';

const epochMs = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(Number.MAX_SAFE_INTEGER));

export const SystemUpdateSchema = object({ from: epochMs, until: epochMs });
export type SystemUpdate = v.InferOutput<typeof SystemUpdateSchema>;

/** SU1: what a supervisor may announce: it ends after it starts and after now, lasts at most 4 hours, starts within 7 days. */
export function systemUpdateError(u: SystemUpdate, now: number): ErrorCode | null {
  if (u.until <= u.from || u.until <= now) return 'SYSTEM_UPDATE_TIMES';
  if (u.until - u.from > SYSTEM_UPDATE_MAX_MS) return 'SYSTEM_UPDATE_TIMES';
  if (u.from - now > SYSTEM_UPDATE_AHEAD_MAX_MS) return 'SYSTEM_UPDATE_TIMES';
  return null;
}

export type SystemUpdatePhase = 'NONE' | 'ANNOUNCED' | 'IN_PROGRESS';

/** SU2: before `from` it is announced, from `from` until `until` it is in progress, then over. */
export function systemUpdatePhase(u: SystemUpdate | null, now: number): SystemUpdatePhase {
  if (!u || now >= u.until) return 'NONE';
  return now < u.from ? 'ANNOUNCED' : 'IN_PROGRESS';
}

/** What the public call answers: the announcement still to come or running, else null. */
export interface SystemUpdateAnswer {
  readonly update: SystemUpdate | null;
}
