import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { persistentRateLimitStore, type HitCounter } from './rate-limit-store.js';

/** A windowed counter in memory, with the keys it was asked for. */
function counter(now: () => number): HitCounter & { keys: Set<string> } {
  const windows = new Map<string, { current: number; resetAt: number }>();
  const keys = new Set<string>();
  return {
    keys,
    hit(key, windowMs) {
      keys.add(key);
      const w = windows.get(key);
      const next = w && w.resetAt > now() ? { current: w.current + 1, resetAt: w.resetAt } : { current: 1, resetAt: now() + windowMs };
      windows.set(key, next);
      return next;
    },
    peek(key) {
      return windows.get(key) ?? { current: 0, resetAt: now() };
    },
  };
}

describe('the HTTP limits counted in the database', () => {
  it('[FU7] each limited route counts apart: a flood of one does not refuse another to the same address', async () => {
    const hits = counter(() => 1_000);
    const app = Fastify();
    await app.register(rateLimit, { global: false, store: persistentRateLimitStore(hits, () => 1_000) });
    const limited = { config: { rateLimit: { max: 2, timeWindow: 60_000 } } };
    app.post('/a', limited, async () => ({ ok: 'a' }));
    app.post('/b', limited, async () => ({ ok: 'b' }));
    const status = async (url: string) => (await app.inject({ method: 'POST', url })).statusCode;
    expect([await status('/a'), await status('/a'), await status('/a')]).toEqual([200, 200, 429]);
    expect([await status('/b'), await status('/b'), await status('/b')]).toEqual([200, 200, 429]);
    expect([...hits.keys].sort()).toEqual(['rate:POST:/a:127.0.0.1', 'rate:POST:/b:127.0.0.1']);
    await app.close();
  });
});
