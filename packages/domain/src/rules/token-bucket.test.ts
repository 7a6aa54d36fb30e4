import { describe, expect, it } from 'vitest';
import { CALL_BURST, CALLS_PER_SECOND, PENALTY_MIN_MS, TokenBucket } from './token-bucket.js';

describe('a connection’s token bucket', () => {
  it(`[FU1] ${CALL_BURST} calls at once, then ${CALLS_PER_SECOND} a second; a refusal makes the connection wait at least ${PENALTY_MIN_MS} ms`, () => {
    const bucket = new TokenBucket(0);
    for (let i = 0; i < CALL_BURST; i++) expect(bucket.take(0)).toBeNull();
    expect(bucket.take(0)).toBe(PENALTY_MIN_MS);
    // After the penalty the bucket has refilled at its rate.
    let allowed = 0;
    for (let i = 0; i < CALL_BURST; i++) if (bucket.take(PENALTY_MIN_MS) === null) allowed += 1;
    expect(allowed).toBe((PENALTY_MIN_MS / 1000) * CALLS_PER_SECOND);
  });

  it('[FU1] after a refusal every call is refused until the wait is over, so a device that sent on keeps its calls in order', () => {
    const bucket = new TokenBucket(0, 2, 10, 300);
    expect([bucket.take(0), bucket.take(0)]).toEqual([null, null]);
    expect(bucket.take(0)).toBe(300);
    // Tokens came back meanwhile; the window still refuses.
    expect(bucket.take(250)).toBe(50);
    expect(bucket.take(299)).toBe(1);
    expect(bucket.take(300)).toBeNull();
  });

  it('[FU1] a quiet connection has its whole burst again', () => {
    const bucket = new TokenBucket(0, 5, 10, 100);
    for (let i = 0; i < 5; i++) bucket.take(0);
    expect(bucket.take(0)).not.toBeNull();
    let allowed = 0;
    for (let i = 0; i < 10; i++) if (bucket.take(10_000) === null) allowed += 1;
    expect(allowed).toBe(5);
  });
});
