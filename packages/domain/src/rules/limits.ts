/**
 * Sliding-window limits (plate checks, SMS codes): at most `limit` events within `windowMs`; past
 * it, the wait until the oldest counted event leaves the window.
 */
export function allowedWithin(
  previous: readonly number[],
  now: number,
  windowMs: number,
  limit: number,
): { readonly allowed: true } | { readonly allowed: false; readonly retryAfterMs: number } {
  const recent = previous.filter((t) => now - t < windowMs).sort((a, b) => a - b);
  if (recent.length < limit) return { allowed: true };
  const oldest = recent[recent.length - limit] ?? now;
  return { allowed: false, retryAfterMs: oldest + windowMs - now };
}

/** A lock-out after wrong attempts: `attempts` within `windowMs` close it for `lockMs` after the last of them. */
export interface FailureLimit {
  readonly attempts: number;
  readonly windowMs: number;
  readonly lockMs: number;
}

/**
 * How long a lock-out still holds at `now` (0: open), from the times of the wrong attempts: any
 * `attempts` of them within `windowMs` close it until `lockMs` after the last of those, however
 * many of the earlier ones have left the window since (the preview links ST3, sign-in AC4).
 */
export function failureLockMs(limit: FailureLimit, failures: readonly number[], now: number): number {
  const sorted = [...failures].sort((x, y) => x - y);
  let until = 0;
  for (let i = limit.attempts - 1; i < sorted.length; i += 1) {
    const last = sorted[i] as number;
    if (last - (sorted[i - limit.attempts + 1] as number) < limit.windowMs) until = Math.max(until, last + limit.lockMs);
  }
  return Math.max(0, until - now);
}

/** Runs async work one call at a time per key, in arrival order (a failure does not stop the next). */
export class KeyedTurns {
  private readonly tails = new Map<string, Promise<unknown>>();

  async run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const next = (this.tails.get(key) ?? Promise.resolve()).then(work, work);
    const settled = next.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, settled);
    try {
      return await next;
    } finally {
      if (this.tails.get(key) === settled) this.tails.delete(key);
    }
  }
}
