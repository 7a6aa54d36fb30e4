import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CryptoIds, SystemClock, WebCryptoHash } from './system.adapter.js';

describe('system adapters', () => {
  it('tokens are URL-safe, carry at least 128 bits and do not repeat', () => {
    const ids = new CryptoIds();
    const seen = new Set<string>();
    for (let i = 0; i < 2000; i++) {
      const t = ids.token();
      expect(t).toMatch(/^[A-Za-z0-9_-]{32}$/); // 24 bytes = 192 bits in 32 base64url characters
      seen.add(t);
    }
    expect(seen.size).toBe(2000);
  });

  it('random numbers are in [0, 1) and spread over the whole range', () => {
    const ids = new CryptoIds();
    const draws = Array.from({ length: 5000 }, () => ids.random());
    expect(draws.every((x) => x >= 0 && x < 1)).toBe(true);
    const buckets = new Array(10).fill(0) as number[];
    for (const x of draws) buckets[Math.floor(x * 10)]! += 1;
    for (const count of buckets) expect(count).toBeGreaterThan(350);
  });

  it('hashes with SHA-256 (known vectors) and is deterministic', async () => {
    const hash = new WebCryptoHash();
    expect(await hash.sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(await hash.sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    await fc.assert(
      fc.asyncProperty(fc.string(), async (s) => {
        expect(await hash.sha256Hex(s)).toBe(await hash.sha256Hex(s));
      }),
      { numRuns: 50 },
    );
  });

  it('the clock reads the wall clock', () => {
    const before = Date.now();
    const t = new SystemClock().now();
    expect(t).toBeGreaterThanOrEqual(before);
    expect(t).toBeLessThanOrEqual(Date.now());
  });
});
