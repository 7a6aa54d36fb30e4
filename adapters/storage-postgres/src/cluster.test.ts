import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { storedDeclaration } from '@eid/test-fixtures';
import type { StoredDeclaration } from '@eid/domain';
import { PgCluster } from './cluster.adapter.js';
import type { OpenedPostgres } from './database.js';
import { PgDeclarationStore } from './declaration-store.adapter.js';
import { ANNOUNCED_ROW_MAX_BYTES, CHANGES_CHANNEL, announcedRowOf, announcementOf, readAnnouncement, type AnnouncedRow } from './announcement.js';
import { testDatabase } from './testing.js';

let database: Awaited<ReturnType<typeof testDatabase>>;
beforeAll(async () => {
  database = await testDatabase(inject('postgresUrl'));
});
afterAll(() => database.dispose());

const quiet = { changed() {}, presence() {}, resync() {} };
/** The nodes' shared key for the rows their announcements carry. */
const KEY = randomBytes(32);
/** Room for a notification the CPU-sharing test run may deliver late. */
const HEARD = { timeout: 5000 };

/** A node: its own pools, lock and store (with the documents it keeps), on the shared database. */
async function node(name: string) {
  const opened = await database.open();
  return { opened, cluster: new PgCluster(opened, name, quiet), store: new PgDeclarationStore(opened, null, KEY) };
}

/** A listening node whose store keeps the rows announced, and what it heard. */
async function listening(name: string) {
  const opened = await database.open();
  const store = new PgDeclarationStore(opened, null, KEY);
  const heard: Array<{ version: number; row: AnnouncedRow | null }> = [];
  const cluster = new PgCluster(opened, name, {
    ...quiet,
    changed: (id, version, announcement) => {
      store.heard(id, version, announcement);
      heard.push({ version, row: announcement ? announcedRowOf(announcement, KEY) : null });
    },
  });
  await cluster.start();
  return { opened, cluster, store, heard };
}

/** Advisory locks held in this test file's database (other files' databases share the server). */
async function advisoryLocks(opened: OpenedPostgres): Promise<number> {
  const { rows } = await opened.pool.query<{ n: number }>(
    `select count(*)::int as n from pg_locks where locktype = 'advisory' and database = (select oid from pg_database where datname = current_database())`,
  );
  return rows[0]!.n;
}

async function closeAll(...nodes: { opened: OpenedPostgres; cluster: PgCluster }[]): Promise<void> {
  for (const n of nodes) {
    await n.cluster.close();
    await n.opened.close();
  }
}

/** The next version of `r` with a party's comment set (A's unless named). */
function commented(r: StoredDeclaration, comment: string, party: 'A' | 'B' = 'A'): StoredDeclaration {
  const d = r.declaration;
  return { ...r, declaration: { ...d, version: d.version + 1, parties: { ...d.parties, [party]: { ...d.parties[party], comment } } } };
}

/**
 * A change of `d1` on a node, as the hub makes one: read under the lock, a party's comment set (`party`, A's unless
 * named), saved with its note (`by`, A unless named); `optimistic`, tried without the lock first.
 */
function changeOn(
  n: { cluster: PgCluster; store: PgDeclarationStore },
  comment: string,
  options: { by?: 'A' | 'B'; party?: 'A' | 'B'; endsWithSave?: boolean; optimistic?: boolean } = {},
): Promise<boolean> {
  return n.cluster.withLock(
    'd1',
    async () => {
      const before = await n.store.get('d1');
      if (!before) throw new Error('gone');
      return n.store.save(commented(before, comment, options.party), before.declaration.version, { kind: 'DATA', by: options.by ?? 'A' });
    },
    { endsWithSave: options.endsWithSave, optimistic: options.optimistic },
  );
}

describe('the cross-node lock', () => {
  it('[CL2] a change the hub refuses inside the lock keeps its connection: the lock pool does not churn connections', async () => {
    const n1 = await node('n1');
    try {
      await expect(n1.cluster.withLock('d1', async () => Promise.reject(new Error('NOT_ALLOWED')))).rejects.toThrow('NOT_ALLOWED');
      expect(await n1.cluster.withLock('d1', async () => 'ok')).toBe('ok');
      expect(n1.opened.lockPool.totalCount).toBe(1);
      await expect(n1.cluster.withLock("d1'; drop table declarations; --", async () => 'no')).rejects.toThrow(/not a declaration id/);
    } finally {
      await closeAll(n1);
    }
  });

  it('[CL2] two nodes changing one declaration at once take turns: every compare-and-set wins, none is lost', async () => {
    const n1 = await node('n1');
    const n2 = await node('n2');
    try {
      await n1.store.create(storedDeclaration('d1', 'KLM123', 'ABC987'));
      const change = (n: typeof n1, i: number) => changeOn(n, `${n.cluster.node}-${i}`);
      const results = await Promise.all(Array.from({ length: 20 }, (_, i) => change(i % 2 === 0 ? n1 : n2, i)));
      expect(results.every(Boolean)).toBe(true);
      expect((await n2.store.get('d1'))?.declaration.version).toBe(20);
      expect((await n1.store.getSince('d1', 0))?.notes).toHaveLength(20);
    } finally {
      await closeAll(n1, n2);
    }
  });

  it('[CL2] a change whose save takes the lock over: two nodes still take turns, every compare-and-set wins, and no lock is left', async () => {
    const n1 = await node('n1');
    const n2 = await node('n2');
    try {
      await n1.store.create(storedDeclaration('d1', 'KLM123', 'ABC987'));
      const unlocks = { n1: 0, n2: 0 };
      const counted = new WeakSet<object>();
      for (const [name, n] of [['n1', n1], ['n2', n2]] as const) {
        n.opened.lockPool.on('acquire', (client) => {
          if (counted.has(client)) return;
          counted.add(client);
          const query = client.query.bind(client) as (...args: unknown[]) => unknown;
          (client as unknown as { query: (...args: unknown[]) => unknown }).query = (config: unknown, ...rest: unknown[]) => {
            if ((config as { name?: string })?.name === 'eid_declaration_unlock') unlocks[name] += 1;
            return query(config, ...rest);
          };
        });
      }
      const change = (n: typeof n1, i: number) => changeOn(n, `${n.cluster.node}-${i}`, { endsWithSave: true });
      const results = await Promise.all(Array.from({ length: 20 }, (_, i) => change(i % 2 === 0 ? n1 : n2, i)));
      expect(results.every(Boolean)).toBe(true);
      expect((await n2.store.get('d1'))?.declaration.version).toBe(20);
      // Every lock went with its save's commit: none unlocked by a statement of its own, none left held.
      expect(unlocks).toEqual({ n1: 0, n2: 0 });
      expect(await advisoryLocks(n1.opened)).toBe(0);
      // A change that saves nothing (refused, or its compare-and-set lost) unlocks as before.
      await expect(n1.cluster.withLock('d1', async () => Promise.reject(new Error('NOT_ALLOWED')), { endsWithSave: true })).rejects.toThrow('NOT_ALLOWED');
      const stale = (await n1.store.get('d1'))!;
      expect(await n1.cluster.withLock('d1', () => n1.store.save(commented(stale, 'late'), 3), { endsWithSave: true })).toBe(false);
      expect(unlocks.n1).toBe(2);
      expect(await advisoryLocks(n1.opened)).toBe(0);
    } finally {
      await closeAll(n1, n2);
    }
  });

  it('[CL2] a lock handed over to a save\'s transaction is held until that transaction ends, not a moment less', async () => {
    const opened = await database.open();
    const holder = await opened.lockPool.connect();
    const other = await opened.lockPool.connect();
    const tryLock = async () => (await other.query<{ got: boolean }>(`select pg_try_advisory_lock(hashtextextended('d1', 0)) as got`)).rows[0]?.got;
    try {
      await holder.query(`select pg_advisory_lock(hashtextextended('d1', 0))`);
      await holder.query('begin');
      expect((await holder.query<{ released: boolean }>(`select eid_hand_over_declaration_lock('d1') as released`)).rows[0]?.released).toBe(true);
      // The session's lock is gone, the transaction's holds the key.
      expect(await tryLock()).toBe(false);
      await holder.query('commit');
      expect(await tryLock()).toBe(true);
      await other.query(`select pg_advisory_unlock(hashtextextended('d1', 0))`);
    } finally {
      holder.release();
      other.release();
      await opened.close();
    }
  });

  it('[CL2] a node reads a document it keeps only when the lock finds the revision it kept: a save of another node in between, a seat changed without a new version, are read', async () => {
    const n1 = await node('n1');
    const n2 = await node('n2');
    try {
      const r0 = storedDeclaration('d1', 'KLM123', 'ABC987');
      await n1.store.create(r0);
      // n1 reads (and keeps) version 0, then saves version 1 under its lock.
      await n1.cluster.withLock('d1', async () => {
        const got = await n1.store.get('d1');
        expect(await n1.store.save(commented(got!, 'n1'), 0)).toBe(true);
      });
      // The document is altered behind the store's back, its revision left as it was: under the lock,
      // n1 answers from what it kept (it did not read the row's document); outside a lock it reads the row.
      await n1.opened.pool.query(`update declarations set doc = replace(doc, '"comment":"n1"', '"comment":"behind"')`);
      const kept = await n1.cluster.withLock('d1', () => n1.store.get('d1'));
      expect(kept?.declaration.parties.A.comment).toBe('n1');
      expect((await n1.store.get('d1'))?.declaration.parties.A.comment).toBe('behind');
      await n1.opened.pool.query(`update declarations set doc = replace(doc, '"comment":"behind"', '"comment":"n1"')`);
      // n2 saves version 2; n1's kept version 1 is not what its lock finds.
      await n2.cluster.withLock('d1', async () => {
        const got = await n2.store.get('d1');
        expect(await n2.store.save(commented(got!, 'n2'), 1)).toBe(true);
      });
      const fresh = await n1.cluster.withLock('d1', () => n1.store.get('d1'));
      expect(fresh?.declaration.version).toBe(2);
      expect(fresh?.declaration.parties.A.comment).toBe('n2');
      // n2 gives seat B a holder with the version unchanged: n1 reads the new seat.
      await n2.cluster.withLock('d1', async () => {
        const got = (await n2.store.get('d1'))!;
        const seated = { ...got, slots: { ...got.slots, B: { tokenHash: 'hash-b', lastSeen: got.lastActivity + 1 } } };
        expect(await n2.store.save(seated, 2)).toBe(true);
      });
      const seat = await n1.cluster.withLock('d1', () => n1.store.get('d1'));
      expect(seat?.slots.B.tokenHash).toBe('hash-b');
      // Removed on n2: n1's lock finds no row.
      expect(await n2.cluster.withLock('d1', () => n2.store.remove('d1'))).toBe(true);
      expect(await n1.cluster.withLock('d1', () => n1.store.get('d1'))).toBeNull();
    } finally {
      await closeAll(n1, n2);
    }
  });

  it('[CL2] the lock reads its row in read committed whatever the database\'s default (a repeatable-read snapshot would predate the lock)', async () => {
    const admin = await database.open();
    const dbName = new URL(database.url).pathname.slice(1);
    await admin.pool.query(`alter database ${dbName} set default_transaction_isolation = 'repeatable read'`);
    const n1 = await node('n1');
    try {
      const client = await n1.opened.lockPool.connect();
      try {
        expect((await client.query<{ default_transaction_isolation: string }>('show default_transaction_isolation')).rows[0]?.default_transaction_isolation).toBe('read committed');
      } finally {
        client.release();
      }
      expect((await n1.opened.pool.query<{ default_transaction_isolation: string }>('show default_transaction_isolation')).rows[0]?.default_transaction_isolation).toBe('repeatable read');
    } finally {
      await admin.pool.query(`alter database ${dbName} reset default_transaction_isolation`);
      await admin.close();
      await closeAll(n1);
    }
  });

  it("[CL2] work a lock holder left running after its turn neither uses the lock's connection nor answers from the lock's stamp", async () => {
    const n1 = await node('n1');
    try {
      await n1.store.create(storedDeclaration('d1', 'KLM123', 'ABC987'));
      let late: Promise<StoredDeclaration | null> = Promise.resolve(null);
      let release = () => {};
      const gate = new Promise<void>((resolve) => (release = resolve));
      await n1.cluster.withLock('d1', async () => {
        expect((await n1.store.get('d1'))?.declaration.parties.A.comment).toBe('');
        late = gate.then(() => n1.store.get('d1'));
      });
      // Changed behind the store's back after the turn (revision as it was): the late read reads the row.
      await n1.opened.pool.query(`update declarations set doc = replace(doc, '"comment":""', '"comment":"later"')`);
      release();
      expect((await late)?.declaration.parties.A.comment).toBe('later');
      expect(n1.opened.lockPool.idleCount).toBe(n1.opened.lockPool.totalCount);
    } finally {
      await closeAll(n1);
    }
  });
});

describe('changes tried without the lock (issue 35 item 5)', () => {
  const OPTIMISTIC = { endsWithSave: true, optimistic: true } as const;

  /** A pure change of `d1` as the hub's edits make one: the party's comment set, tried without the lock first. */
  const tryOn = (n: { cluster: PgCluster; store: PgDeclarationStore }, party: 'A' | 'B', comment: string): Promise<boolean> =>
    changeOn(n, comment, { by: party, party, ...OPTIMISTIC });

  /** n1 keeps version 1 of `d1` (it created it and saved a change under the lock); n2 is another node. */
  async function twoNodes() {
    const n1 = await node('n1');
    const n2 = await node('n2');
    await n1.store.create(storedDeclaration('d1', 'KLM123', 'ABC987'));
    expect(await changeOn(n1, 'first')).toBe(true);
    return { n1, n2 };
  }

  it('on the node that saved last, a change is one statement: no lock taken, no row read, its save alone', async () => {
    const { n1, n2 } = await twoNodes();
    try {
      const reads = vi.spyOn(n1.opened.pool, 'query');
      const saves = vi.spyOn(n1.opened.lockPool, 'query');
      const locks = vi.spyOn(n1.opened.lockPool, 'connect');
      expect(await tryOn(n1, 'A', 'second')).toBe(true);
      // No read, and one statement on the lock pool (which bounds its wait for the row): the save. No lock's session.
      expect(reads).not.toHaveBeenCalled();
      expect(saves.mock.calls.map(([config]) => (config as { name?: string }).name)).toEqual(['eid_declaration_save_optimistic']);
      expect(locks.mock.calls.filter((args) => (args as unknown[]).length === 0)).toEqual([]);
      expect(n1.cluster.optimisticCounts).toEqual({ tried: 1, redone: 0 });
      const row = await n2.store.get('d1');
      expect([row?.declaration.version, row?.declaration.parties.A.comment]).toEqual([2, 'second']);
      expect(await advisoryLocks(n1.opened)).toBe(0);
    } finally {
      await closeAll(n1, n2);
    }
  });

  it('a change decided on a document another node has changed since loses its compare-and-set and is made again under the lock: both edits kept', async () => {
    const { n1, n2 } = await twoNodes();
    try {
      // n2 writes version 2; n1 (hearing nothing here) still keeps version 1.
      expect(await tryOn(n2, 'B', 'from n2')).toBe(true);
      expect(await tryOn(n1, 'A', 'from n1')).toBe(true);
      expect(n1.cluster.optimisticCounts).toEqual({ tried: 1, redone: 1 });
      const row = await n2.store.get('d1');
      expect([row?.declaration.version, row?.declaration.parties.A.comment, row?.declaration.parties.B.comment]).toEqual([3, 'from n1', 'from n2']);
      expect((await n2.store.getSince('d1', 1))?.notes.map((n) => n.by)).toEqual(['B', 'A']);
    } finally {
      await closeAll(n1, n2);
    }
  });

  it('a change decided on the row another node announced is written without the lock', async () => {
    const n1 = await node('n1');
    const n2 = await listening('n2');
    try {
      await n1.store.create(storedDeclaration('d1', 'KLM123', 'ABC987'));
      expect(await changeOn(n2, 'first')).toBe(true);
      expect(await tryOn(n1, 'A', 'from n1')).toBe(true);
      // n2 hears n1's save with its row (the listener keeps it): its document is the current one without a read.
      await vi.waitFor(() => expect(n2.heard.some((h) => h.version === 2 && h.row !== null)).toBe(true), HEARD);
      const reads = vi.spyOn(n2.opened.pool, 'query');
      expect(await tryOn(n2, 'B', 'from n2')).toBe(true);
      expect(reads).not.toHaveBeenCalled();
      expect(n2.cluster.optimisticCounts).toEqual({ tried: 1, redone: 0 });
      const row = await n1.store.get('d1');
      expect([row?.declaration.version, row?.declaration.parties.A.comment, row?.declaration.parties.B.comment]).toEqual([3, 'from n1', 'from n2']);
    } finally {
      await closeAll(n1, n2);
    }
  });

  it('a save lost on its way (the connection gone after the commit) is answered as failed, never made again on itself', async () => {
    const { n1, n2 } = await twoNodes();
    try {
      const query = n1.opened.lockPool.query.bind(n1.opened.lockPool) as (...args: unknown[]) => Promise<unknown>;
      vi.spyOn(n1.opened.lockPool, 'query').mockImplementationOnce((async (...args: unknown[]) => {
        await query(...args);
        throw new Error('Connection terminated unexpectedly');
      }) as never);
      await expect(tryOn(n1, 'A', 'once')).rejects.toThrow('Connection terminated');
      expect(n1.cluster.optimisticCounts).toEqual({ tried: 1, redone: 0 });
      const row = await n2.store.get('d1');
      expect([row?.declaration.version, row?.declaration.parties.A.comment]).toEqual([2, 'once']);
    } finally {
      await closeAll(n1, n2);
    }
  });

  it('a seat given another holder without a new version is not written over by a change decided before it', async () => {
    const { n1, n2 } = await twoNodes();
    try {
      await n2.cluster.withLock('d1', async () => {
        const got = (await n2.store.get('d1'))!;
        expect(await n2.store.save({ ...got, slots: { ...got.slots, B: { tokenHash: 'hash-b', lastSeen: got.lastActivity + 1 } } }, 1)).toBe(true);
      });
      // n1's kept document has the same version (1) but an older revision: the version alone would let it through.
      expect(await tryOn(n1, 'A', 'from n1')).toBe(true);
      expect(n1.cluster.optimisticCounts.redone).toBe(1);
      const row = await n2.store.get('d1');
      expect([row?.slots.B.tokenHash, row?.declaration.parties.A.comment]).toEqual(['hash-b', 'from n1']);
    } finally {
      await closeAll(n1, n2);
    }
  });

  it('while another node holds the lock, a change does not slip in: it waits for the holder, and is made on what the holder saved', async () => {
    const { n1, n2 } = await twoNodes();
    try {
      let open!: () => void;
      const gate = new Promise<void>((resolve) => (open = resolve));
      let holding!: () => void;
      const held = new Promise<void>((resolve) => (holding = resolve));
      // A locked section (as the submit's): the lock taken, then a save only once the gate opens.
      const section = n2.cluster.withLock('d1', async () => {
        holding();
        await gate;
        const got = (await n2.store.get('d1'))!;
        return n2.store.save(commented(got, 'in the section', 'B'), got.declaration.version);
      });
      await held;
      // n1's document is current (version 1, its own save): only the lock stops its save.
      const change = tryOn(n1, 'A', 'from n1');
      await vi.waitFor(() => expect(n1.cluster.optimisticCounts.redone).toBe(1), { timeout: 5000 });
      expect((await n2.store.get('d1'))?.declaration.version).toBe(1);
      open();
      expect(await section).toBe(true);
      expect(await change).toBe(true);
      const row = await n2.store.get('d1');
      expect([row?.declaration.version, row?.declaration.parties.A.comment, row?.declaration.parties.B.comment]).toEqual([3, 'from n1', 'in the section']);
      expect(await advisoryLocks(n1.opened)).toBe(0);
    } finally {
      await closeAll(n1, n2);
    }
  });

  it('a refusal, or nothing to save, decided without the lock is decided again under it; a failure after the save is not', async () => {
    const { n1, n2 } = await twoNodes();
    try {
      expect(await tryOn(n2, 'B', 'ready')).toBe(true);
      // Refused on n1's old document (B not ready), allowed on the row.
      const refusing = () =>
        n1.cluster.withLock(
          'd1',
          async () => {
            const r = (await n1.store.get('d1'))!;
            if (r.declaration.parties.B.comment !== 'ready') throw new Error('NOT_ALLOWED');
            return n1.store.save(commented(r, 'after ready', 'A'), r.declaration.version);
          },
          OPTIMISTIC,
        );
      expect(await refusing()).toBe(true);
      expect(n1.cluster.optimisticCounts).toEqual({ tried: 1, redone: 1 });
      // Nothing to save: answered only from the row, under the lock.
      const seen = await n1.cluster.withLock('d1', async () => (await n1.store.get('d1'))!.declaration.version, OPTIMISTIC);
      expect(seen).toBe(3);
      expect(n1.cluster.optimisticCounts).toEqual({ tried: 2, redone: 2 });
      // Saved, then failed: the failure is answered; the change is not made twice.
      const failingAfter = n1.cluster.withLock(
        'd1',
        async () => {
          const r = (await n1.store.get('d1'))!;
          await n1.store.save(commented(r, 'once', 'A'), r.declaration.version);
          throw new Error('push failed');
        },
        OPTIMISTIC,
      );
      await expect(failingAfter).rejects.toThrow('push failed');
      expect(n1.cluster.optimisticCounts).toEqual({ tried: 3, redone: 2 });
      expect((await n2.store.get('d1'))?.declaration.version).toBe(4);
    } finally {
      await closeAll(n1, n2);
    }
  });

  it('[CL2] twenty changes at once on two nodes, tried without the lock: every one written once, none lost, no lock left', async () => {
    const { n1, n2 } = await twoNodes();
    try {
      const results = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? tryOn(n1, 'A', `n1-${i}`) : tryOn(n2, 'B', `n2-${i}`))));
      expect(results.every(Boolean)).toBe(true);
      const after = await n2.store.getSince('d1', 1);
      expect(after?.record.declaration.version).toBe(21);
      expect(after?.notes).toHaveLength(20);
      expect(await advisoryLocks(n1.opened)).toBe(0);
    } finally {
      await closeAll(n1, n2);
    }
  });
});

describe('a save\'s row carried by its announcement (issue 35 item 5)', () => {
  const saveOn = (n: { cluster: PgCluster; store: PgDeclarationStore }, comment: string, by: 'A' | 'B' = 'A') => changeOn(n, comment, { by });
  const comment = (read: { record: StoredDeclaration } | null) => read?.record.declaration.parties.A.comment;

  it('another node hears the saved row itself and answers its devices\' read from it, once; a row two versions on or too long is read', async () => {
    const n1 = await listening('n1');
    const n2 = await node('n2');
    try {
      await n2.store.create(storedDeclaration('d1', 'KLM123', 'ABC987'));
      expect(await saveOn(n2, 'from n2', 'B')).toBe(true);
      await expect.poll(() => n1.heard.map((h) => h.version), HEARD).toEqual([1]);
      const row = n1.heard[0]!.row!;
      // The row as stored: the stamp the table has, the document as saved.
      const { rows } = await n1.opened.pool.query<{ rev: number; doc: string; slot_a_last_seen: string }>(`select rev, doc, slot_a_last_seen from declarations where id = 'd1'`);
      expect(row.stamp).toMatchObject({ id: 'd1', version: 1, rev: rows[0]!.rev, slotALastSeen: Number(rows[0]!.slot_a_last_seen) });
      expect(row.doc).toBe(rows[0]!.doc);
      expect(row.note).toEqual({ kind: 'DATA', by: 'B' });
      // Changed behind the store's back: n1's read for devices at version 0 answers from the announcement, not the table.
      await n1.opened.pool.query(`update declarations set doc = replace(doc, '"comment":"from n2"', '"comment":"behind"')`);
      const carried = await n1.store.getSince('d1', 0);
      expect(comment(carried)).toBe('from n2');
      expect(carried?.notes).toEqual([{ version: 1, kind: 'DATA', by: 'B' }]);
      // Once: the next read reads the table.
      expect(comment(await n1.store.getSince('d1', 0))).toBe('behind');
      await n1.opened.pool.query(`update declarations set doc = replace(doc, '"comment":"behind"', '"comment":"from n2"')`);

      // Devices two versions behind need two notes: the table is read.
      expect(await saveOn(n2, 'second')).toBe(true);
      expect(await saveOn(n2, 'third')).toBe(true);
      await expect.poll(() => n1.heard.map((h) => h.version), HEARD).toEqual([1, 2, 3]);
      const behind = await n1.store.getSince('d1', 1);
      expect(behind?.notes.map((n) => n.version)).toEqual([2, 3]);

      // A document too long for a notification: its version alone is announced, and the table is read.
      expect(await saveOn(n2, 'x'.repeat(ANNOUNCED_ROW_MAX_BYTES))).toBe(true);
      await expect.poll(() => n1.heard.map((h) => h.version), HEARD).toEqual([1, 2, 3, 4]);
      expect(n1.heard[3]!.row).toBeNull();
      expect(comment(await n1.store.getSince('d1', 3))).toHaveLength(ANNOUNCED_ROW_MAX_BYTES);
    } finally {
      await closeAll(n1, n2);
    }
  });

  it('a node never answers from an announced row older than what it saved or read since', async () => {
    const n1 = await listening('n1');
    const n2 = await node('n2');
    try {
      await n2.store.create(storedDeclaration('d1', 'KLM123', 'ABC987'));
      expect(await saveOn(n2, 'n2 v1')).toBe(true);
      await expect.poll(() => n1.heard.map((h) => h.version), HEARD).toEqual([1]);
      // n1 saves version 2 itself before its hub asks: the announced version 1 is older than what n1 keeps.
      expect(await saveOn(n1, 'n1 v2')).toBe(true);
      await expect.poll(() => n1.heard.map((h) => h.version), HEARD).toEqual([1, 2]);
      const read = await n1.store.getSince('d1', 0);
      expect(read?.record.declaration.version).toBe(2);
      expect(read?.notes.map((n) => n.version)).toEqual([1, 2]);
    } finally {
      await closeAll(n1, n2);
    }
  });

  it('a row signed with another key, or changed on its way, is not taken: the table is read', async () => {
    const n1 = await listening('n1');
    const stranger = await database.open();
    try {
      await n1.store.create(storedDeclaration('d1', 'KLM123', 'ABC987'));
      const stored = (await n1.store.get('d1'))!;
      const forgedDoc = JSON.stringify({ ...stored.declaration, version: 1, parties: { ...stored.declaration.parties, A: { ...stored.declaration.parties.A, comment: 'forged' } } });
      const stamp = { id: 'd1', mode: stored.declaration.mode, status: stored.declaration.status, version: 1, createdAt: 1, lastActivity: 2, slotATokenHash: null, slotALastSeen: 0, slotBTokenHash: null, slotBLastSeen: 0, rev: 5 };
      // Any role that may connect may NOTIFY: one without the nodes' key, and one that alters a signed row.
      const otherKey = announcementOf(stamp, forgedDoc, { kind: 'DATA', by: 'B' }, randomBytes(32));
      const altered = announcementOf(stamp, forgedDoc.replace('forged', 'signed'), { kind: 'DATA', by: 'B' }, KEY).replace('signed', 'forged');
      for (const payload of [otherKey, altered]) await stranger.pool.query('select pg_notify($1, $2)', [CHANGES_CHANNEL, payload]);
      await expect.poll(() => n1.heard.length, HEARD).toBe(2);
      expect(n1.heard.map((h) => h.row)).toEqual([null, null]);
      expect(comment(await n1.store.getSince('d1', 0))).toBe('');
    } finally {
      await stranger.close();
      await closeAll(n1);
    }
  });

  it('an announcement without a row (too long, a removal) drops the older row kept', async () => {
    const n1 = await listening('n1');
    const n2 = await node('n2');
    try {
      await n2.store.create(storedDeclaration('d1', 'KLM123', 'ABC987'));
      expect(await saveOn(n2, 'kept')).toBe(true);
      expect(await saveOn(n2, 'y'.repeat(ANNOUNCED_ROW_MAX_BYTES))).toBe(true);
      await expect.poll(() => n1.heard.map((h) => h.row === null), HEARD).toEqual([false, true]);
      // Asked from version 0 (two versions behind in truth): the kept version 1 is not answered, the table is.
      const read = await n1.store.getSince('d1', 0);
      expect(read?.record.declaration.version).toBe(2);
      expect(read?.notes.map((n) => n.version)).toEqual([1, 2]);
    } finally {
      await closeAll(n1, n2);
    }
  });
});

describe('an announcement\'s payload', () => {
  const stamp = { id: 'd1', mode: 'TWO', status: 'OPEN', version: 3, createdAt: 1, lastActivity: 2, slotATokenHash: 'h', slotALastSeen: 3, slotBTokenHash: null, slotBLastSeen: 0, rev: 7 };
  it.each([
    ['the version alone', '{"declarationId" : "d1", "version" : 3}', { declarationId: 'd1', version: 3 }],
    ['not JSON', '{"declarationId":', null],
    ['no version', '{"declarationId":"d1"}', null],
    ['not an object', '"d1"', null],
  ] as const)('%s', (_case, payload, expected) => {
    const read = readAnnouncement(payload);
    expect(read === null ? null : { declarationId: read.declarationId, version: read.version }).toEqual(expected);
  });

  it('a signed row reads back as it was: its stamp, its document as text, its note (none when the save had none)', () => {
    const doc = '{"id":"d1","a":"line\\nbreak ž"}';
    const read = readAnnouncement(announcementOf(stamp, doc, { kind: 'PHOTO', by: 'A' }, KEY))!;
    expect(announcedRowOf(read.fields, KEY)).toEqual({ stamp, doc, note: { kind: 'PHOTO', by: 'A' } });
    expect(announcedRowOf(readAnnouncement(announcementOf(stamp, doc, null, KEY))!.fields, KEY)?.note).toBeNull();
  });

  it.each([
    ['an unknown kind', { kind: 'EVIL' }],
    ['a revision as text', { rev: '7' }],
    ['another party', { by: 'C' }],
    ['another revision than signed', { rev: 8 }],
    ['no signature', { mac: undefined }],
  ])('a row with %s is not taken', (_case, change) => {
    const fields = { ...readAnnouncement(announcementOf(stamp, '{}', { kind: 'DATA', by: 'A' }, KEY))!.fields, ...change };
    expect(announcedRowOf(fields, KEY)).toBeNull();
  });

  it('a payload is never over the notification\'s limit, in any script: a row just too long is announced by its version', () => {
    let carried = 0;
    for (const char of ['x', 'ž', '語', '"']) {
      let largest = -1;
      for (let n = 1500; n < 8000; n += 1) {
        const payload = announcementOf(stamp, JSON.stringify({ t: char.repeat(n) }), { kind: 'DATA', by: 'A' }, KEY);
        expect(Buffer.byteLength(payload)).toBeLessThanOrEqual(ANNOUNCED_ROW_MAX_BYTES);
        if (announcedRowOf(readAnnouncement(payload)!.fields, KEY)) largest = Buffer.byteLength(payload);
      }
      // The largest row carried comes within a character of the limit.
      expect(largest, char).toBeGreaterThan(ANNOUNCED_ROW_MAX_BYTES - 8);
      carried += 1;
    }
    expect(carried).toBe(4);
  });

  it('PostgreSQL takes a payload of the limit and refuses one byte more', async () => {
    const opened = await database.open();
    try {
      await expect(opened.pool.query('select pg_notify($1, $2)', ['eid_limit', 'ž'.repeat((ANNOUNCED_ROW_MAX_BYTES - 1) / 2) + 'x'])).resolves.toBeDefined();
      await expect(opened.pool.query('select pg_notify($1, $2)', ['eid_limit', 'ž'.repeat((ANNOUNCED_ROW_MAX_BYTES + 1) / 2)])).rejects.toThrow(/payload string too long/);
    } finally {
      await opened.close();
    }
  });
});

describe('presence across nodes', () => {
  it('[issue 35] notices sent together go in one statement, the latest of each declaration, and the other node hears each', async () => {
    const heard = new Map<string, { A: boolean; B: boolean }>();
    const opened2 = await database.open();
    const two = new PgCluster(opened2, 'two', { ...quiet, presence: (id, node, present) => void (node === 'one' && heard.set(id, present)) });
    await two.start();
    const n1 = await node('one');
    try {
      const before = n1.opened.notices.statementsSent;
      const sent: Promise<void>[] = [];
      for (let i = 0; i < 600; i++) sent.push(n1.cluster.publishPresence(`d${i}`, { A: true, B: i % 2 === 0 }));
      // Told again before its statement went: the latest is what the other node hears.
      sent.push(n1.cluster.publishPresence('d599', { A: false, B: false }));
      await Promise.all(sent);
      // The first alone, at once; the rest together in the next statement.
      expect(n1.opened.notices.statementsSent - before).toBe(2);
      await expect.poll(() => heard.size, HEARD).toBe(600);
      expect(heard.get('d0')).toEqual({ A: true, B: true });
      expect(heard.get('d1')).toEqual({ A: true, B: false });
      expect(heard.get('d599')).toEqual({ A: false, B: false });
    } finally {
      await two.close();
      await opened2.close();
      await closeAll(n1);
    }
  });
});

describe('chat changes across nodes', () => {
  it('[CH6] a chat change one node tells reaches every other node\'s listener once, with its account and chat, and not its own', async () => {
    const heard: Record<string, string[]> = { one: [], two: [] };
    const make = async (name: 'one' | 'two') => {
      const opened = await database.open();
      const cluster = new PgCluster(opened, name, { ...quiet, chat: (accountId, chatId) => void heard[name]!.push(`${accountId}/${chatId}`) });
      await cluster.start();
      return { opened, cluster };
    };
    const one = await make('one');
    const two = await make('two');
    try {
      await one.cluster.publishChat('acc-1', 'chat-0001');
      await expect.poll(() => heard.two).toEqual(['acc-1/chat-0001']);
      // Notices arrive in the order sent: by the time node one hears node two's, its own earlier one would have come back had it not been skipped.
      await two.cluster.publishChat('acc-2', 'chat-0002');
      await expect.poll(() => heard.one).toEqual(['acc-2/chat-0002']);
      expect(heard.two).toEqual(['acc-1/chat-0001']);
    } finally {
      await closeAll(one, two);
    }
  });
});
