/**
 * Retention (RT1): what the service keeps of a finished declaration — the declaration, its
 * statements, its messages and its binaries — is deleted HISTORY_YEARS after the declaration ended.
 * Unfinished declarations go 30 minutes after their last activity (the inactivity sweep).
 */
import { HISTORY_YEARS } from '../rules/constants.js';

/** The moment before which a finished declaration's data are deleted: `years` calendar years before `now` (UTC). */
export function retentionCutoff(now: number, years: number = HISTORY_YEARS): number {
  const d = new Date(now);
  d.setUTCFullYear(d.getUTCFullYear() - years);
  return d.getTime();
}
