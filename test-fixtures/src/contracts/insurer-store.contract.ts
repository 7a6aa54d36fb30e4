import { describe, expect, it } from 'vitest';
import type { InsurerClient, InsurerStorePort, WebhookDelivery } from '@eid/domain/insurer';

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
  previousWebhookKeySealed: null,
  createdAt: T0,
  rotatedAt: null,
  revokedAt: null,
  ...over,
});

export const deliveryFixture = (id: string, clientId: string, declarationId: string, over: Partial<WebhookDelivery> = {}): WebhookDelivery => ({
  id,
  clientId,
  insurerId: 1,
  declarationId,
  event: 'declaration.finished',
  payload: `{"type":"declaration.finished","data":{"id":"${declarationId}"}}`,
  state: 'PENDING',
  attempts: 0,
  nextAttemptAt: T0,
  createdAt: T0,
  deliveredAt: null,
  lastStatus: null,
  lastError: null,
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
        const rotated = await store.updateClient(c.id, { secretHash: 'b'.repeat(64), webhookKeySealed: 'sealed:new', previousWebhookKeySealed: 'sealed:key', rotatedAt: T0 + 5 });
        expect(rotated).toEqual({ ...c, secretHash: 'b'.repeat(64), webhookKeySealed: 'sealed:new', previousWebhookKeySealed: 'sealed:key', rotatedAt: T0 + 5 });
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

    it("an insurer's staff pages its own feed newest first, with its count; another insurer's entries are not in it", () =>
      withStore(async ({ store }) => {
        for (let i = 1; i <= 5; i++) await store.addToFeed([{ insurerId: 1, declarationId: `decl-000${i}`, finishedAt: T0 + i }]);
        await store.addToFeed([{ insurerId: 2, declarationId: 'decl-0009', finishedAt: T0 + 9 }]);
        const first = await store.feedPage(1, 2, 0);
        expect([first.entries.map((e) => e.declarationId), first.total]).toEqual([['decl-0005', 'decl-0004'], 5]);
        expect((await store.feedPage(1, 2, 4)).entries.map((e) => e.declarationId)).toEqual(['decl-0001']);
        expect(await store.feedPage(1, 2, 9)).toEqual({ entries: [], total: 5 });
        expect(await store.feedPage(3, 2, 0)).toEqual({ entries: [], total: 0 });
        expect(await store.inFeed(1, ['decl-0002', 'decl-0009', 'decl-nobody'])).toEqual(new Set(['decl-0002']));
        expect(await store.inFeed(2, [])).toEqual(new Set());
      }));

    it('forgets a declaration in every feed; a new entry is never given an old number', () =>
      withStore(async ({ store }) => {
        await store.addToFeed([
          { insurerId: 1, declarationId: 'decl-0001', finishedAt: T0 },
          { insurerId: 2, declarationId: 'decl-0001', finishedAt: T0 },
          { insurerId: 1, declarationId: 'decl-0002', finishedAt: T0 },
        ]);
        const before = await store.feed(1, 0, 10);
        await store.addDeliveries([deliveryFixture('msg_0009', 'ic_a', 'decl-0004')]);
        expect(await store.declarationIds()).toEqual(['decl-0001', 'decl-0002', 'decl-0004']);
        await store.removeFeedFor('decl-0002');
        await store.removeFeedFor('decl-0001');
        await store.removeFeedFor('decl-0004');
        expect(await store.declarationIds()).toEqual([]);
        expect(await store.feed(1, 0, 10)).toEqual([]);
        expect(await store.feed(2, 0, 10)).toEqual([]);
        await store.addToFeed([{ insurerId: 1, declarationId: 'decl-0003', finishedAt: T0 }]);
        const [after] = await store.feed(1, 0, 10);
        expect(after!.seq).toBeGreaterThan(Math.max(...before.map((e) => e.seq)));
      }));

    it('keeps each webhook delivery once per client, declaration and event, whole', () =>
      withStore(async ({ store }) => {
        const first = deliveryFixture('msg_0001', 'ic_a', 'decl-0001');
        await store.addDeliveries([first, deliveryFixture('msg_0002', 'ic_b', 'decl-0001', { createdAt: T0 + 1 })]);
        await store.addDeliveries([deliveryFixture('msg_0003', 'ic_a', 'decl-0001'), { ...first, payload: 'changed' }]);
        expect(await store.deliveryById('msg_0001')).toEqual(first);
        expect(await store.deliveryById('msg_0003')).toBeNull();
        const page = await store.deliveries({ limit: 10, offset: 0 });
        expect([page.total, page.deliveries.map((d) => d.id)]).toEqual([2, ['msg_0002', 'msg_0001']]);
        expect((await store.deliveries({ limit: 10, offset: 0, clientId: 'ic_a' })).deliveries.map((d) => d.id)).toEqual(['msg_0001']);
        expect((await store.deliveries({ limit: 1, offset: 1 })).deliveries.map((d) => d.id)).toEqual(['msg_0001']);
      }));

    it('a due delivery is claimed by one sender for its lease; an outcome ends the lease; a finished one is left as it is', () =>
      withStore(async ({ store }) => {
        await store.addDeliveries([deliveryFixture('msg_0001', 'ic_a', 'decl-0001'), deliveryFixture('msg_0002', 'ic_a', 'decl-0002', { nextAttemptAt: T0 + 60_000 })]);
        expect((await store.claimDueDeliveries(T0, 10, 30_000)).map((d) => d.id)).toEqual(['msg_0001']);
        expect(await store.claimDueDeliveries(T0 + 1, 10, 30_000)).toEqual([]);
        // The sender died: once its lease is over, another claims it.
        expect((await store.claimDueDeliveries(T0 + 30_000, 10, 30_000)).map((d) => d.id)).toEqual(['msg_0001']);
        await store.recordAttempt({ deliveryId: 'msg_0001', at: T0 + 30_001, status: 503, error: null, ms: 12 }, { state: 'PENDING', attempts: 1, nextAttemptAt: T0 + 35_001, deliveredAt: null, lastStatus: 503, lastError: 'HTTP 503' });
        expect((await store.claimDueDeliveries(T0 + 35_000, 10, 30_000)).map((d) => d.id)).toEqual([]);
        expect((await store.claimDueDeliveries(T0 + 60_000, 10, 30_000)).map((d) => d.id)).toEqual(['msg_0001', 'msg_0002']);
        await store.recordAttempt({ deliveryId: 'msg_0001', at: T0 + 60_001, status: 204, error: null, ms: 9 }, { state: 'DELIVERED', attempts: 2, nextAttemptAt: T0 + 60_001, deliveredAt: T0 + 60_001, lastStatus: 204, lastError: null });
        // A late sender's outcome after delivery changes nothing, and is not an attempt of it.
        await store.recordAttempt({ deliveryId: 'msg_0001', at: T0 + 60_002, status: null, error: 'timeout', ms: 10_000 }, { state: 'PENDING', attempts: 3, nextAttemptAt: T0 + 70_000, deliveredAt: null, lastStatus: null, lastError: 'timeout' });
        expect(await store.deliveryById('msg_0001')).toMatchObject({ state: 'DELIVERED', attempts: 2, deliveredAt: T0 + 60_001, lastStatus: 204 });
        expect((await store.attemptsOf('msg_0001')).map((a) => [a.status, a.error, a.ms])).toEqual([
          [503, null, 12],
          [204, null, 9],
        ]);
        // A sender whose claim was overtaken (another sent it meanwhile) records nothing.
        await store.recordAttempt({ deliveryId: 'msg_0002', at: T0 + 60_002, status: 204, error: null, ms: 1 }, { state: 'DELIVERED', attempts: 5, nextAttemptAt: T0, deliveredAt: T0, lastStatus: 204, lastError: null });
        expect(await store.deliveryById('msg_0002')).toMatchObject({ state: 'PENDING', attempts: 0 });
        expect(await store.attemptsOf('msg_0002')).toEqual([]);
        // msg_0002's sender died: it comes back when its lease is over; the delivered one never does.
        expect((await store.claimDueDeliveries(T0 + 999_999, 10, 30_000)).map((d) => d.id)).toEqual(['msg_0002']);
      }));

    it('a supervisor\'s replay makes a delivery due again with a new count; a declaration forgotten takes its deliveries along', () =>
      withStore(async ({ store }) => {
        await store.addDeliveries([deliveryFixture('msg_0001', 'ic_a', 'decl-0001', { state: 'FAILED', attempts: 13, lastError: 'HTTP 500' })]);
        expect(await store.claimDueDeliveries(T0 + 1, 10, 1000)).toEqual([]);
        expect(await store.replayDelivery('msg_0001', T0 + 5)).toMatchObject({ state: 'PENDING', attempts: 0, nextAttemptAt: T0 + 5 });
        expect(await store.replayDelivery('msg_nobody', T0)).toBeNull();
        // A delivery waiting for its next try is due now, its count kept; one a sender holds this moment is left to it.
        await store.addDeliveries([deliveryFixture('msg_0009', 'ic_a', 'decl-0009', { attempts: 7, nextAttemptAt: T0 + 10 * 3_600_000 })]);
        expect(await store.replayDelivery('msg_0009', T0 + 5)).toMatchObject({ state: 'PENDING', attempts: 7, nextAttemptAt: T0 + 5 });
        expect((await store.claimDueDeliveries(T0 + 5, 10, 1000)).map((d) => d.id).sort()).toEqual(['msg_0001', 'msg_0009']);
        await store.recordAttempt({ deliveryId: 'msg_0009', at: T0 + 6, status: 500, error: null, ms: 3 }, { state: 'PENDING', attempts: 8, nextAttemptAt: T0 + 10 * 3_600_000, deliveredAt: null, lastStatus: 500, lastError: 'HTTP 500' });
        expect((await store.claimDueDeliveries(T0 + 7, 10, 1000)).map((d) => d.id)).toEqual([]);
        expect(await store.replayDelivery('msg_0001', T0 + 8)).toMatchObject({ state: 'PENDING', attempts: 0 });
        expect((await store.claimDueDeliveries(T0 + 8, 10, 1000)).map((d) => d.id)).toEqual([]);
        await store.recordAttempt({ deliveryId: 'msg_0001', at: T0 + 6, status: 200, error: null, ms: 3 }, { state: 'DELIVERED', attempts: 1, nextAttemptAt: T0 + 6, deliveredAt: T0 + 6, lastStatus: 200, lastError: null });
        await store.removeFeedFor('decl-0001');
        expect(await store.deliveryById('msg_0001')).toBeNull();
        expect(await store.attemptsOf('msg_0001')).toEqual([]);
      }));

    it('an insurer\'s claim is kept once per declaration: new, the same again, corrected; a declaration unanswered by an insurer is listed until it answers', () =>
      withStore(async ({ store }) => {
        await store.addToFeed([
          { insurerId: 1, declarationId: 'decl-0001', finishedAt: T0 },
          { insurerId: 2, declarationId: 'decl-0001', finishedAt: T0 },
          { insurerId: 1, declarationId: 'decl-0002', finishedAt: T0 + 10 },
        ]);
        const claim = { declarationId: 'decl-0001', insurerId: 2, claimNumber: 'ERGO-77/2026', contactName: 'Rūta', contactPhone: '+37060000000', contactEmail: '', clientId: 'ic_b', registeredAt: T0 + 100 };
        expect(await store.registerClaim(claim)).toBe('NEW');
        expect(await store.registerClaim({ ...claim, registeredAt: T0 + 200 })).toBe('SAME');
        expect(await store.claimsFor('decl-0001')).toEqual([claim]);
        expect(await store.registerClaim({ ...claim, claimNumber: 'ERGO-78/2026', registeredAt: T0 + 300 })).toBe('CHANGED');
        expect((await store.claimsFor('decl-0001')).map((c) => [c.claimNumber, c.registeredAt])).toEqual([['ERGO-78/2026', T0 + 300]]);
        expect((await store.unanswered([1, 2], T0 + 11, 10)).map((e) => [e.insurerId, e.declarationId])).toEqual([
          [1, 'decl-0002'],
          [1, 'decl-0001'],
        ]);
        expect((await store.unanswered([1, 2], T0 + 5, 10)).map((e) => e.declarationId)).toEqual(['decl-0001']);
        expect((await store.unanswered([1], T0 + 11, 1)).map((e) => e.declarationId)).toEqual(['decl-0002']);
        expect(await store.unanswered([2, 3], T0 + 11, 10)).toEqual([]);
        expect(await store.unanswered([], T0 + 11, 10)).toEqual([]);
        await store.registerClaim({ ...claim, insurerId: 1, claimNumber: 'LD-1' });
        expect((await store.unanswered([1, 2], T0 + 11, 10)).map((e) => e.declarationId)).toEqual(['decl-0002']);
        await store.removeFeedFor('decl-0001');
        expect(await store.claimsFor('decl-0001')).toEqual([]);
      }));
  });
}
