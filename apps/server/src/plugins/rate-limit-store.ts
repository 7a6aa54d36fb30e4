/**
 * The per-IP limits of the HTTP routes (`@fastify/rate-limit`: client logs, captcha challenges,
 * address look-ups, statement openings) counted in the database instead of the plugin's memory
 * (FU7): a restart does not hand a flooder a fresh allowance, and, on PostgreSQL later, every node
 * counts the same hits. Each route counts apart (its method and path prefix the key).
 */
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';

type Window = { readonly current: number; readonly resetAt: number };

/** What the store needs: an atomic hit and a read of a windowed counter (SQLite answers at once, PostgreSQL later), and the time. */
export interface HitCounter {
  hit(key: string, windowMs: number): Window | Promise<Window>;
  peek(key: string): Window | Promise<Window>;
}

/** Calls back with the counter's answer as the plugin wants it, or with the error. */
function answer(get: () => Window | Promise<Window>, now: () => number, callback: (error: Error | null, result?: { current: number; ttl: number }) => void): void {
  let pending: Promise<Window>;
  try {
    pending = Promise.resolve(get());
  } catch (error) {
    pending = Promise.reject(error as Error);
  }
  pending.then(
    ({ current, resetAt }) => callback(null, { current, ttl: Math.max(0, resetAt - now()) }),
    (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
  );
}

export function persistentRateLimitStore(counter: HitCounter, now: () => number): FastifyRateLimitStoreCtor {
  class PersistentRateLimitStore implements FastifyRateLimitStore {
    constructor(private readonly prefix = 'rate:') {}

    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
      answer(() => counter.hit(`${this.prefix}${key}`, timeWindow), now, callback);
    }

    read(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void): void {
      answer(() => counter.peek(`${this.prefix}${key}`), now, callback);
    }

    /**
     * One child per limited route. The plugin's types name the route's options, but at run time it
     * passes its merged parameters with the route under `routeInfo` (@fastify/rate-limit 11): both
     * are read, so every route counts apart.
     */
    child(options: { readonly method?: string | string[]; readonly url?: string; readonly path?: string; readonly routeInfo?: unknown }): FastifyRateLimitStore {
      const info = typeof options.routeInfo === 'object' && options.routeInfo !== null ? (options.routeInfo as { method?: string | string[]; url?: string; path?: string }) : {};
      const route = info.url !== undefined || info.path !== undefined ? info : options;
      const method = Array.isArray(route.method) ? route.method.join(',') : (route.method ?? '');
      return new PersistentRateLimitStore(`rate:${method}:${route.url ?? route.path ?? ''}:`);
    }
  }
  return PersistentRateLimitStore as unknown as FastifyRateLimitStoreCtor;
}
