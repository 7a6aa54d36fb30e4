import { describe, expect, it } from 'vitest';
import {
  blankDeclaration,
  CHANGE_NOTES_KEPT,
  type Declaration,
  type DeclarationStorePort,
  type Plates,
  type StoredDeclaration,
} from '@eid/domain';

const T0 = Date.UTC(2026, 10, 22, 10, 0, 0);

function plates(plate: string, extra: Partial<Plates> = {}): Plates {
  return { country: 'LT', plate, vin: '', trailerPlate: '', hasTrailer: false, noPlate: false, ...extra };
}

/** A stored declaration of plates A and B, last active at `at`. */
export function storedDeclaration(id: string, a: Plates | string, b: Plates | string, at = T0): StoredDeclaration {
  const d = blankDeclaration({ id, mode: 'live', now: at, maxTimeAdjust: 3, fillLang: 'lt', location: null });
  const pa = typeof a === 'string' ? plates(a) : a;
  const pb = typeof b === 'string' ? plates(b) : b;
  const declaration: Declaration = {
    ...d,
    parties: { A: { ...d.parties.A, plates: pa }, B: { ...d.parties.B, plates: pb } },
  };
  return {
    declaration,
    slots: { A: { tokenHash: `hash-${id}-a`, lastSeen: at }, B: { tokenHash: null, lastSeen: 0 } },
    lastActivity: at,
  };
}

function edited(r: StoredDeclaration, comment: string): StoredDeclaration {
  const d = r.declaration;
  return {
    ...r,
    declaration: { ...d, version: d.version + 1, parties: { ...d.parties, A: { ...d.parties.A, comment } } },
  };
}

export interface StoreUnderTest {
  readonly store: DeclarationStorePort;
  close(): Promise<void> | void;
}

/**
 * The contract every DeclarationStorePort adapter must pass (in-memory, SQLite
 * in memory and on a file, later PostgreSQL): one suite, so the adapters cannot drift apart.
 */
export function registerDeclarationStoreContract(name: string, make: () => Promise<StoreUnderTest> | StoreUnderTest): void {
  describe(`declaration store contract: ${name}`, () => {
    async function withStore(run: (s: StoreUnderTest) => Promise<void>) {
      const s = await make();
      try {
        await run(s);
      } finally {
        await s.close();
      }
    }

    it('creates and reads back exactly what was stored', () =>
      withStore(async ({ store }) => {
        const r = storedDeclaration('d1', 'KLM123', 'ABC987');
        await store.create(r);
        expect(await store.get('d1')).toEqual(r);
        expect(await store.get('missing')).toBeNull();
      }));

    it('refuses to create a second declaration with the same id', () =>
      withStore(async ({ store }) => {
        await store.create(storedDeclaration('d1', 'KLM123', 'ABC987'));
        await expect(store.create(storedDeclaration('d1', 'DEF456', 'GHI789'))).rejects.toThrow();
        expect((await store.get('d1'))?.declaration.parties.A.plates.plate).toBe('KLM123');
      }));

    it('keeps no reference to the caller objects (a later change to them is not stored)', () =>
      withStore(async ({ store }) => {
        const r = storedDeclaration('d1', 'KLM123', 'ABC987');
        await store.create(r);
        (r.declaration.parties.A as { comment: string }).comment = 'changed after create';
        expect((await store.get('d1'))?.declaration.parties.A.comment).toBe('');
      }));

    it('saves only over the expected version (compare-and-set)', () =>
      withStore(async ({ store }) => {
        const r = storedDeclaration('d1', 'KLM123', 'ABC987');
        await store.create(r);
        const first = edited(r, 'first');
        expect(await store.save(first, 0)).toBe(true);
        const stale = edited(r, 'stale');
        expect(await store.save(stale, 0)).toBe(false);
        expect((await store.get('d1'))?.declaration.parties.A.comment).toBe('first');
        expect(await store.save(edited(first, 'second'), 1)).toBe(true);
        expect((await store.get('d1'))?.declaration.version).toBe(2);
        expect(await store.save(storedDeclaration('nope', 'X1', 'X2'), 0)).toBe(false);
      }));

    it('[HB18] saves made at once, of many declarations, all commit; of one declaration from the same version, exactly one wins', () =>
      withStore(async ({ store }) => {
        const records = Array.from({ length: 50 }, (_, i) => storedDeclaration(`many-${String(i).padStart(2, '0')}`, `KLM${100 + i}`, `ABC${100 + i}`));
        for (const r of records) await store.create(r);
        const saved = await Promise.all(records.map((r, i) => store.save(edited(r, `c${i}`), r.declaration.version)));
        expect(saved.every(Boolean)).toBe(true);
        for (const [i, r] of records.entries()) expect((await store.get(r.declaration.id))?.declaration.parties.A.comment).toBe(`c${i}`);
        const first = records[0]!;
        const fresh = (await store.get(first.declaration.id))!;
        const race = await Promise.all([store.save(edited(fresh, 'one'), fresh.declaration.version), store.save(edited(fresh, 'two'), fresh.declaration.version)]);
        expect(race.filter(Boolean)).toHaveLength(1);
        expect((await store.get(first.declaration.id))?.declaration.parties.A.comment).toBe(race[0] ? 'one' : 'two');
      }));

    it('[HB18] a heartbeat recorded while a save waits to be written is not undone by that save', () =>
      withStore(async ({ store }) => {
        await store.create(storedDeclaration('d1', 'KLM123', 'ABC987'));
        const fresh = (await store.get('d1'))!;
        const saving = store.save(edited(fresh, 'typed'), fresh.declaration.version);
        await store.touch('d1', 'B', T0 + 9000);
        expect(await saving).toBe(true);
        const got = await store.get('d1');
        expect(got?.declaration.parties.A.comment).toBe('typed');
        expect(got?.slots.B.lastSeen).toBe(T0 + 9000);
        expect(got?.lastActivity).toBe(T0 + 9000);
      }));

    it('keeps what made each version with it, oldest first, only for saves that commit and only the recent ones', () =>
      withStore(async ({ store }) => {
        const changesSince = async (id: string, after: number) => (await store.getSince(id, after))?.notes ?? [];
        const r0 = storedDeclaration('d1', 'KLM123', 'ABC987');
        await store.create(r0);
        expect(await changesSince('d1', 0)).toEqual([]);
        const r1 = edited(r0, 'one');
        expect(await store.save(r1, 0, { kind: 'DATA', by: 'A' })).toBe(true);
        // A save that loses the compare-and-set leaves no note.
        expect(await store.save(edited(r0, 'lost'), 0, { kind: 'PHOTO', by: 'B' })).toBe(false);
        const r2 = edited(r1, 'two');
        expect(await store.save(r2, 1, { kind: 'SCHEME', by: null })).toBe(true);
        expect(await changesSince('d1', 0)).toEqual([
          { version: 1, kind: 'DATA', by: 'A' },
          { version: 2, kind: 'SCHEME', by: null },
        ]);
        expect(await changesSince('d1', 1)).toEqual([{ version: 2, kind: 'SCHEME', by: null }]);
        let r = r2;
        for (let i = 0; i < CHANGE_NOTES_KEPT + 5; i += 1) {
          const next = edited(r, `e${i}`);
          expect(await store.save(next, r.declaration.version, { kind: 'DATA', by: 'B' })).toBe(true);
          r = next;
        }
        const kept = await changesSince('d1', 0);
        expect(kept).toHaveLength(CHANGE_NOTES_KEPT);
        expect(kept.at(-1)?.version).toBe(r.declaration.version);
        // The record comes with its notes, as `get` reads it.
        expect((await store.getSince('d1', r.declaration.version))?.record).toEqual(await store.get('d1'));
        expect(await store.remove('d1')).toBe(true);
        expect(await changesSince('d1', 0)).toEqual([]);
        expect(await store.getSince('d1', 0)).toBeNull();
      }));

    it('[HB20] records a heartbeat as the party last seen and the last activity, and answers the version (null when gone)', () =>
      withStore(async ({ store }) => {
        await store.create(storedDeclaration('d1', 'KLM123', 'ABC987'));
        expect(await store.touch('d1', 'B', T0 + 5000)).toBe((await store.get('d1'))?.declaration.version);
        expect(await store.touch('gone', 'A', T0 + 5000)).toBeNull();
        const got = await store.get('d1');
        expect(got?.slots.B.lastSeen).toBe(T0 + 5000);
        expect(got?.slots.A.lastSeen).toBe(T0);
        expect(got?.lastActivity).toBe(T0 + 5000);
      }));

    it('finds declarations by plate, trailer plate or VIN key, active since a time, open or finished', () =>
      withStore(async ({ store }) => {
        await store.create(storedDeclaration('d1', plates('KLM123', { hasTrailer: true, trailerPlate: 'PRK11' }), 'ABC987'));
        await store.create(storedDeclaration('d2', plates('', { noPlate: true, vin: 'WVWZZZ1KZ6W000001' }), 'DEF456'));
        await store.create(storedDeclaration('old', 'GHI789', 'JKL012', T0 - 3_600_000));
        const finished = storedDeclaration('done', 'MNO345', 'PRS678');
        await store.create({ ...finished, declaration: { ...finished.declaration, status: 'FINISHED', submitState: 'SUCCESS' } });
        const ids = async (keys: string[]) => (await store.findByKeys(keys, T0 - 60_000)).map((r) => r.declaration.id).sort();
        expect(await ids(['KLM123'])).toEqual(['d1']);
        expect(await ids(['ABC987'])).toEqual(['d1']);
        expect(await ids(['PRK11'])).toEqual(['d1']);
        expect(await ids(['VIN:WVWZZZ1KZ6W000001'])).toEqual(['d2']);
        expect(await ids(['GHI789'])).toEqual([]);
        expect(await ids(['MNO345'])).toEqual(['done']);
        expect(await ids(['KLM123', 'DEF456', 'NONE'])).toEqual(['d1', 'd2']);
        expect(await ids([])).toEqual([]);
      }));

    it('finds a declaration by its new plates after a save changed them', () =>
      withStore(async ({ store }) => {
        const r = storedDeclaration('d1', 'KLM123', 'ABC987');
        await store.create(r);
        const d = r.declaration;
        const moved = { ...r, declaration: { ...d, version: 1, parties: { ...d.parties, B: { ...d.parties.B, plates: plates('XYZ999') } } } };
        expect(await store.save(moved, 0)).toBe(true);
        expect((await store.findByKeys(['ABC987'], 0)).length).toBe(0);
        expect((await store.findByKeys(['XYZ999'], 0)).map((x) => x.declaration.id)).toEqual(['d1']);
      }));

    it('removes unfinished declarations inactive before a time, keeps finished and active ones', () =>
      withStore(async ({ store }) => {
        await store.create(storedDeclaration('old', 'KLM123', 'ABC987', T0 - 40 * 60_000));
        await store.create(storedDeclaration('new', 'DEF456', 'GHI789', T0));
        const oldDone = storedDeclaration('old-done', 'JKL012', 'MNO345', T0 - 40 * 60_000);
        await store.create({ ...oldDone, declaration: { ...oldDone.declaration, status: 'FINISHED' } });
        expect(await store.removeInactive(T0 - 30 * 60_000)).toEqual(['old']);
        expect(await store.get('old')).toBeNull();
        expect(await store.get('new')).not.toBeNull();
        expect(await store.get('old-done')).not.toBeNull();
        expect(await store.findByKeys(['KLM123'], 0)).toEqual([]);
      }));

    it('deletes an unfinished declaration on request but never a finished one', () =>
      withStore(async ({ store }) => {
        await store.create(storedDeclaration('open', 'KLM123', 'ABC987'));
        const done = storedDeclaration('done', 'DEF456', 'GHI789');
        await store.create({ ...done, declaration: { ...done.declaration, status: 'FINISHED' } });
        expect(await store.remove('open')).toBe(true);
        expect(await store.get('open')).toBeNull();
        expect(await store.remove('done')).toBe(false);
        expect(await store.get('done')).not.toBeNull();
        expect(await store.remove('missing')).toBe(false);
      }));

    it('[RT1] removes finished declarations that ended before a time, never an unfinished one; knows which ids exist', () =>
      withStore(async ({ store }) => {
        const finished = (id: string, a: string, b: string, at: number) => {
          const r = storedDeclaration(id, a, b, at);
          return { ...r, declaration: { ...r.declaration, status: 'FINISHED' as const } };
        };
        await store.create(finished('ended-long-ago', 'KLM123', 'ABC987', T0 - 10_000));
        await store.create(finished('ended-lately', 'DEF456', 'GHI789', T0));
        await store.create(storedDeclaration('open-old', 'JKL012', 'MNO345', T0 - 10_000));
        expect(await store.removeFinishedBefore(T0 - 1)).toEqual(['ended-long-ago']);
        expect(await store.get('ended-long-ago')).toBeNull();
        expect(await store.findByKeys(['KLM123'], 0)).toEqual([]);
        expect(await store.existingIds(['ended-long-ago', 'ended-lately', 'open-old', 'never'])).toEqual(new Set(['ended-lately', 'open-old']));
      }));

    it("a heartbeat (touch) moves only its seat's last-seen time forward, never the last activity back, and answers the version", () =>
      withStore(async ({ store }) => {
        const created = storedDeclaration('d1', 'KLM123', 'ABC987', 50_000);
        await store.create({ ...created, slots: { A: { ...created.slots.A, lastSeen: 1_000 }, B: { ...created.slots.B, lastSeen: 2_000 } } });
        const version = created.declaration.version;
        // Older than the last activity: the seat is seen then, the activity stays.
        expect(await store.touch('d1', 'A', 40_000)).toBe(version);
        let now = (await store.get('d1'))!;
        expect({ a: now.slots.A.lastSeen, b: now.slots.B.lastSeen, activity: now.lastActivity }).toEqual({ a: 40_000, b: 2_000, activity: 50_000 });
        // Newer: its own seat and the activity move forward.
        expect(await store.touch('d1', 'B', 60_000)).toBe(version);
        now = (await store.get('d1'))!;
        expect({ a: now.slots.A.lastSeen, b: now.slots.B.lastSeen, activity: now.lastActivity }).toEqual({ a: 40_000, b: 60_000, activity: 60_000 });
        // A late heartbeat never moves a seat back.
        expect(await store.touch('d1', 'B', 55_000)).toBe(version);
        expect((await store.get('d1'))!.slots.B.lastSeen).toBe(60_000);
        // A save after it keeps what the heartbeats moved (a save's seen times only move forward too).
        expect(await store.save(edited(now, 'after the heartbeats'), version)).toBe(true);
        now = (await store.get('d1'))!;
        expect({ b: now.slots.B.lastSeen, activity: now.lastActivity, version: now.declaration.version }).toEqual({ b: 60_000, activity: 60_000, version: version + 1 });
        expect(await store.touch('gone', 'A', 60_000)).toBeNull();
      }));

    it('heartbeats arriving together (both seats of a declaration, several declarations, one gone, a seat twice) are each answered with their version, each seat at its latest time', () =>
      withStore(async ({ store }) => {
        const ids = Array.from({ length: 12 }, (_, i) => `many-${String(i).padStart(2, '0')}`);
        for (const [i, id] of ids.entries()) await store.create(storedDeclaration(id, `KLM${100 + i}`, `ABC${100 + i}`, 10_000));
        const edited1 = (await store.get('many-03'))!;
        expect(await store.save(edited(edited1, 'a version more'), edited1.declaration.version)).toBe(true);
        const beats = ids.flatMap((id, i) => [
          { id, party: 'A' as const, at: 20_000 + i },
          { id, party: 'B' as const, at: 30_000 + i },
          // The same seat again, older: it does not move the seat back.
          { id, party: 'B' as const, at: 25_000 },
        ]);
        const answers = await Promise.all([...beats.map((b) => store.touch(b.id, b.party, b.at)), store.touch('gone', 'B', 40_000)]);
        expect(answers.at(-1)).toBeNull();
        for (const [k, b] of beats.entries()) expect(answers[k], `${b.id} ${b.party}`).toBe((await store.get(b.id))!.declaration.version);
        for (const [i, id] of ids.entries()) {
          const now = (await store.get(id))!;
          expect({ a: now.slots.A.lastSeen, b: now.slots.B.lastSeen, activity: now.lastActivity }, id).toEqual({ a: 20_000 + i, b: 30_000 + i, activity: 30_000 + i });
        }
      }));
  });
}
