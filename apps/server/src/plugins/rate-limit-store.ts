/**
 * The per-IP limits of the HTTP routes (`@fastify/rate-limit`: client logs, captcha challenges,
 * address look-ups, statement openings) counted in the database instead of the plugin's memory
 * (FU7): a restart does not hand a flooder a fresh allowance, and, on PostgreSQL later, every node
 * counts the same hits. Each route counts apart (its method and path prefix the key).
 */
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';

/** What the store needs: an atomic hit and a read of a windowed counter, and the time. */
export interface HitCounter {
  hit(key: string, windowMs: number): { readonly current: number; readonly resetAt: number };
  peek(key: string): { readonly current: number; readonly resetAt: number };
}

export function persistentRateLimitStore(counter: HitCounter, now: () => number): FastifyRateLimitStoreCtor {
  class PersistentRateLimitStore implements FastifyRateLimitStore {
    constructor(private readonly prefix = 'rate:') {}

    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
      try {
        const { current, resetAt } = counter.hit(`${this.prefix}${key}`, timeWindow);
        callback(null, { current, ttl: Math.max(0, resetAt - now()) });
      } catch (error) {
        callback(error as Error);
      }
    }

    read(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void): void {
      try {
        const { current, resetAt } = counter.peek(`${this.prefix}${key}`);
        callback(null, { current, ttl: Math.max(0, resetAt - now()) });
      } catch (error) {
        callback(error as Error);
      }
    }

    child(routeOptions: { method?: string | string[]; url?: string; path?: string }): FastifyRateLimitStore {
      const method = Array.isArray(routeOptions.method) ? routeOptions.method.join(',') : (routeOptions.method ?? '');
      return new PersistentRateLimitStore(`rate:${method}:${routeOptions.url ?? routeOptions.path ?? ''}:`);
    }
  }
  return PersistentRateLimitStore as unknown as FastifyRateLimitStoreCtor;
}
