/** A route's per-IP limit of calls a minute (the store every node shares) and, for one with a body, the body's size in bytes. */
export function perMinute(max: number, bodyLimit?: number): { config: { rateLimit: { max: number; timeWindow: number } }; bodyLimit?: number } {
  return { config: { rateLimit: { max, timeWindow: 60_000 } }, ...(bodyLimit === undefined ? {} : { bodyLimit }) };
}
