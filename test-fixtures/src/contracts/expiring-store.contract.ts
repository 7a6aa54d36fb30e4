import { describe, expect, it } from 'vitest';
import type { ExpiringStorePort } from '@eid/domain';
import { FixedClock } from '../fixed-clock.js';

export interface ExpiringStoreUnderTest {
  readonly store: ExpiringStorePort;
  close(): Promise<void> | void;
}

const T0 = Date.UTC(2026, 10, 23, 9, 0, 0);

/** The contract every ExpiringStorePort adapter must pass (memory today; SQLite and PostgreSQL next). */
export function registerExpiringStoreContract(name: string, make: (clock: FixedClock) => Promise<ExpiringStoreUnderTest> | ExpiringStoreUnderTest): void {
  describe(`expiring store contract: ${name}`, () => {
    async function withStore(run: (s: ExpiringStoreUnderTest, clock: FixedClock) => Promise<void>) {
      const clock = new FixedClock(T0);
      const s = await make(clock);
      try {
        await run(s, clock);
      } finally {
        await s.close();
      }
    }

    it('[HB17] keeps a value until its expiry, then answers null', () =>
      withStore(async ({ store }, clock) => {
        await store.set('phone:d1:A', { hash: 'abc', attempts: 0 }, T0 + 1000);
        expect(await store.get('phone:d1:A')).toEqual({ hash: 'abc', attempts: 0 });
        clock.advance(999);
        expect(await store.get('phone:d1:A')).toEqual({ hash: 'abc', attempts: 0 });
        clock.advance(1);
        expect(await store.get('phone:d1:A')).toBeNull();
        expect(await store.get('never-set')).toBeNull();
      }));

    it('[HB17] a set replaces the value and its expiry; a delete forgets it', () =>
      withStore(async ({ store }, clock) => {
        await store.set('k', [1], T0 + 10);
        await store.set('k', [1, 2], T0 + 5000);
        clock.advance(100);
        expect(await store.get('k')).toEqual([1, 2]);
        await store.delete('k');
        expect(await store.get('k')).toBeNull();
      }));

    it('[HB17] a claim keeps a value only where none is live; a take answers the value once', () =>
      withStore(async ({ store }, clock) => {
        expect(await store.claim('pace', 1, T0 + 100)).toBe(true);
        expect(await store.claim('pace', 2, T0 + 5000)).toBe(false);
        expect(await store.get('pace')).toBe(1);
        // Once it has expired, the next claim takes it.
        clock.advance(100);
        expect(await store.claim('pace', 3, T0 + 1000)).toBe(true);
        expect(await store.get('pace')).toBe(3);
        // Claims racing: exactly one wins.
        const won = await Promise.all(Array.from({ length: 8 }, (_, i) => store.claim('race', i, T0 + 5000)));
        expect(won.filter(Boolean)).toHaveLength(1);
        await store.set('once', { state: 'abc' }, T0 + 1000);
        const taken = await Promise.all([store.take('once'), store.take('once'), store.take('once')]);
        expect(taken.filter((v) => v !== null)).toEqual([{ state: 'abc' }]);
        expect(await store.get('once')).toBeNull();
        await store.set('old', 1, T0 + 150);
        clock.advance(100);
        expect(await store.take('old')).toBeNull();
      }));

    it('[HB17] a value read is a copy: changing it does not change what is kept', () =>
      withStore(async ({ store }) => {
        const value = { attempts: 1 };
        await store.set('k', value, T0 + 1000);
        value.attempts = 5;
        const read = (await store.get('k')) as { attempts: number };
        read.attempts = 7;
        expect(await store.get('k')).toEqual({ attempts: 1 });
      }));
  });
}
