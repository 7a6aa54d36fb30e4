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
