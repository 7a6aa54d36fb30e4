import { describe, expect, it } from 'vitest';
import type { InsurerClient, InsurerStorePort } from '@eid/domain/insurer';

export interface InsurerStoreUnderTest {
  readonly store: InsurerStorePort;
  close(): Promise<void> | void;
}

const T0 = Date.UTC(2026, 10, 27, 9, 0, 0);

export const insurerClientFixture = (id: string, insurerId: number, over: Partial<InsurerClient> = {}): InsurerClient => ({
  id,
  insurerId,
  name: `Sistema ${id}`,
  webhookUrl: 'https://claims.example.lt/eid',
  secretHash: 'a'.repeat(64),
  webhookKeySealed: 'sealed:key',
  createdAt: T0,
  rotatedAt: null,
  revokedAt: null,
  ...over,
});

/** The contract every InsurerStorePort adapter passes (memory, SQLite, PostgreSQL). */
export function registerInsurerStoreContract(name: string, make: () => Promise<InsurerStoreUnderTest> | InsurerStoreUnderTest): void {
  describe(`insurer store contract: ${name}`, () => {
    async function withStore(run: (s: InsurerStoreUnderTest) => Promise<void>) {
      const s = await make();
      try {
        await run(s);
      } finally {
        await s.close();
      }
    }

    it('keeps a client whole, once by id, and lists the newest first', () =>
      withStore(async ({ store }) => {
        const first = insurerClientFixture('ic_first00000000000001', 1);
        const second = insurerClientFixture('ic_second0000000000001', 2, { webhookUrl: null, createdAt: T0 + 1000 });
        expect(await store.addClient(first)).toBe(true);
        expect(await store.addClient(second)).toBe(true);
        expect(await store.addClient({ ...first, name: 'another' })).toBe(false);
        expect(await store.clientById(first.id)).toEqual(first);
        expect(await store.clientById(second.id)).toEqual(second);
        expect(await store.clientById('ic_nobody000000000000001')).toBeNull();
        expect((await store.listClients()).map((c) => c.id)).toEqual([second.id, first.id]);
      }));

    it('changes credentials and revokes; an unknown client changes nothing', () =>
      withStore(async ({ store }) => {
        const c = insurerClientFixture('ic_change0000000000001', 3);
        await store.addClient(c);
        const rotated = await store.updateClient(c.id, { secretHash: 'b'.repeat(64), webhookKeySealed: 'sealed:new', rotatedAt: T0 + 5 });
        expect(rotated).toEqual({ ...c, secretHash: 'b'.repeat(64), webhookKeySealed: 'sealed:new', rotatedAt: T0 + 5 });
        expect(await store.updateClient(c.id, { revokedAt: T0 + 9 })).toEqual({ ...rotated, revokedAt: T0 + 9 });
        expect(await store.clientById(c.id)).toMatchObject({ revokedAt: T0 + 9, secretHash: 'b'.repeat(64) });
        expect(await store.updateClient('ic_nobody000000000000001', { revokedAt: T0 })).toBeNull();
      }));

    it('an insurer reads its own feed after a cursor, oldest first, each declaration once', () =>
      withStore(async ({ store }) => {
        await store.addToFeed([
          { insurerId: 1, declarationId: 'decl-0001', finishedAt: T0 },
          { insurerId: 2, declarationId: 'decl-0001', finishedAt: T0 },
        ]);
        await store.addToFeed([{ insurerId: 1, declarationId: 'decl-0002', finishedAt: T0 + 10 }]);
        // A finalizer run again adds nothing.
        await store.addToFeed([{ insurerId: 1, declarationId: 'decl-0001', finishedAt: T0 + 99 }]);
        const all = await store.feed(1, 0, 10);
        expect(all.map((e) => [e.declarationId, e.finishedAt])).toEqual([
          ['decl-0001', T0],
          ['decl-0002', T0 + 10],
        ]);
        expect(all[0]!.seq).toBeLessThan(all[1]!.seq);
        expect((await store.feed(1, all[0]!.seq, 10)).map((e) => e.declarationId)).toEqual(['decl-0002']);
        expect(await store.feed(1, all[1]!.seq, 10)).toEqual([]);
        expect((await store.feed(1, 0, 1)).map((e) => e.declarationId)).toEqual(['decl-0001']);
        expect((await store.feed(2, 0, 10)).map((e) => e.declarationId)).toEqual(['decl-0001']);
        expect(await store.feed(3, 0, 10)).toEqual([]);
        expect(await store.feedEntry(1, 'decl-0002')).toMatchObject({ insurerId: 1, declarationId: 'decl-0002', finishedAt: T0 + 10 });
        expect(await store.feedEntry(2, 'decl-0002')).toBeNull();
      }));

    it('forgets a declaration in every feed; a new entry is never given an old number', () =>
      withStore(async ({ store }) => {
        await store.addToFeed([
          { insurerId: 1, declarationId: 'decl-0001', finishedAt: T0 },
          { insurerId: 2, declarationId: 'decl-0001', finishedAt: T0 },
          { insurerId: 1, declarationId: 'decl-0002', finishedAt: T0 },
        ]);
        const before = await store.feed(1, 0, 10);
        await store.removeFeedFor('decl-0002');
        await store.removeFeedFor('decl-0001');
        expect(await store.feed(1, 0, 10)).toEqual([]);
        expect(await store.feed(2, 0, 10)).toEqual([]);
        await store.addToFeed([{ insurerId: 1, declarationId: 'decl-0003', finishedAt: T0 }]);
        const [after] = await store.feed(1, 0, 10);
        expect(after!.seq).toBeGreaterThan(Math.max(...before.map((e) => e.seq)));
      }));
  });
}
