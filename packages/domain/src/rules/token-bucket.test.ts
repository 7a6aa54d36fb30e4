import { describe, expect, it } from 'vitest';
import { CALL_BURST, CALLS_PER_SECOND, TokenBucket } from './token-bucket.js';

describe('a connection’s token bucket', () => {
  it(`[FU1] ${CALL_BURST} calls at once, then one per ${1000 / CALLS_PER_SECOND} ms; a refusal says how long to wait`, () => {
    const bucket = new TokenBucket(0);
    for (let i = 0; i < CALL_BURST; i++) expect(bucket.take(0)).toBeNull();
    expect(bucket.take(0)).toBe(1000 / CALLS_PER_SECOND);
    expect(bucket.take(1000 / CALLS_PER_SECOND)).toBeNull();
    expect(bucket.take(1000 / CALLS_PER_SECOND)).toBe(1000 / CALLS_PER_SECOND);
  });

  it('[FU1] after a refusal every call is refused until the wait is over, so a device that sent on keeps its calls in order', () => {
    const bucket = new TokenBucket(0, 2, 10);
    expect([bucket.take(0), bucket.take(0)]).toEqual([null, null]);
    expect(bucket.take(0)).toBe(100);
    // 60 ms later a token would be back in part only; the window still refuses.
    expect(bucket.take(60)).toBe(40);
    expect(bucket.take(99)).toBe(1);
    expect(bucket.take(100)).toBeNull();
  });

  it('[FU1] a quiet connection has its whole burst again', () => {
    const bucket = new TokenBucket(0, 5, 10);
    for (let i = 0; i < 5; i++) bucket.take(0);
    expect(bucket.take(0)).not.toBeNull();
    let allowed = 0;
    for (let i = 0; i < 10; i++) if (bucket.take(10_000) === null) allowed += 1;
    expect(allowed).toBe(5);
  });
});
