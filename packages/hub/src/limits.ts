/**
 * Sliding-window limits kept behind ExpiringStorePort (plate checks, SMS codes): the times of the
 * counted events under a key, the domain's `allowedWithin` deciding.
 */
import * as v from 'valibot';
import { allowedWithin, type ExpiringStorePort } from '@eid/domain';
import { refuse } from './refusal.js';
import type { ErrorCode } from '@eid/domain';

const Times = v.array(v.number());

/**
 * Counts one event under each key (with its limit) within `windowMs`, or none: refused with `code`
 * and the wait as soon as one key has reached its limit.
 */
export async function countWithin(
  expiring: ExpiringStorePort,
  caps: ReadonlyArray<readonly [key: string, limit: number]>,
  windowMs: number,
  now: number,
  code: ErrorCode,
): Promise<void> {
  const counted: Array<{ key: string; times: number[] }> = [];
  for (const [key, limit] of caps) {
    const parsed = v.safeParse(Times, await expiring.get(key));
    const previous = parsed.success ? parsed.output.filter((t) => now - t < windowMs) : [];
    const allowed = allowedWithin(previous, now, windowMs, limit);
    if (!allowed.allowed) refuse(code, allowed.retryAfterMs);
    counted.push({ key, times: [...previous, now] });
  }
  for (const { key, times } of counted) await expiring.set(key, times, now + windowMs);
}
