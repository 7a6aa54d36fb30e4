import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { registerDeclarationStoreContract, registerSubmitQueueContract, storedDeclaration } from '@eid/test-fixtures';
import { declarationKeys } from '@eid/domain';
import { openDatabase } from './database.js';
import { SqliteDeclarationStore, SqliteSubmitQueue } from './declaration-store.adapter.js';

registerDeclarationStoreContract('sqlite :memory:', () => {
  const opened = openDatabase(':memory:');
  return {
    store: new SqliteDeclarationStore(opened.db),
    close: () => opened.close(),
  };
});

registerDeclarationStoreContract('sqlite file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'eid-store-'));
  const opened = openDatabase(join(dir, 'eid.sqlite'));
  return {
    store: new SqliteDeclarationStore(opened.db),
    close: () => {
      opened.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});

describe('SQLite durability', () => {
  it('a saved declaration is there after the file is closed and opened again', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'eid-store-'));
    try {
      const file = join(dir, 'eid.sqlite');
      const first = openDatabase(file);
      const r = storedDeclaration('d1', 'KLM123', 'ABC987');
      await new SqliteDeclarationStore(first.db).create(r);
      first.close();
      const second = openDatabase(file);
      expect(await new SqliteDeclarationStore(second.db).get('d1')).toEqual(r);
      second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('SQLite heartbeats (issue 35 item 4)', () => {
  it('touches arriving together are written in one commit with the saves beside them, each answered with its own version', async () => {
    const opened = openDatabase(':memory:');
    try {
      const store = new SqliteDeclarationStore(opened.db);
      const ids = Array.from({ length: 50 }, (_, i) => `d${i}`);
      for (const id of ids) await store.create(storedDeclaration(id, `KLM${String(100 + Number(id.slice(1)))}`, 'ABC987'));
      // The batch's own transaction (a save inside it has its savepoint, not a commit).
      const transaction = vi.spyOn(opened.db, 'transaction');
      const edited = (await store.get('d0'))!;
      const [touches, saved] = await Promise.all([
        Promise.all([...ids.map((id, i) => store.touch(id, i % 2 ? 'B' : 'A', 9_000)), store.touch('gone', 'A', 9_000)]),
        store.save({ ...edited, declaration: { ...edited.declaration, version: edited.declaration.version + 1 } }, edited.declaration.version),
      ]);
      expect(saved).toBe(true);
      expect(touches.at(-1)).toBeNull();
      expect(touches.slice(0, -1).every((v) => typeof v === 'number')).toBe(true);
      // One commit for 51 touches and a save (the save's savepoint is the second call): one fsync, not 52.
      expect(transaction).toHaveBeenCalledTimes(2);
      transaction.mockClear();
      await Promise.all(ids.map((id) => store.touch(id, 'A', 10_000)));
      expect(transaction).toHaveBeenCalledTimes(1);
      expect((await store.get('d1'))?.slots.B.lastSeen).toBe(9_000);
    } finally {
      opened.close();
    }
  });
});

describe('SQLite group commit: one save failing in a batch (issue 35 item 4)', () => {
  it('a save that fails half-way through its savepoint is refused with its row and keys as they were; the others in the batch commit', async () => {
    const opened = openDatabase(':memory:');
    try {
      const store = new SqliteDeclarationStore(opened.db);
      for (const [id, own] of [['d1', 'KLM101'], ['d2', 'KLM102'], ['d3', 'KLM103']] as const) await store.create(storedDeclaration(id, own, 'ABC987'));
      // d2's second plate key fails to be written: its row is already updated in its savepoint by then.
      const statements = (store as unknown as { statements: { addKey: { run: (p: { id: string; key: string }) => unknown } } }).statements;
      const addKey = statements.addKey.run.bind(statements.addKey);
      let d2Keys = 0;
      statements.addKey.run = (p) => {
        if (p.id === 'd2' && ++d2Keys === 2) throw new Error('disk I/O error');
        return addKey(p);
      };
      const renamed = async (id: string, own: string) => {
        const r = (await store.get(id))!;
        const d = r.declaration;
        return { ...r, declaration: { ...d, version: d.version + 1, parties: { ...d.parties, A: { ...d.parties.A, plates: { ...d.parties.A.plates, plate: own } } } } };
      };
      const originals = [(await store.get('d1'))!, (await store.get('d2'))!, (await store.get('d3'))!];
      const before = originals[1]!;
      const after = [await renamed('d1', 'NEW101'), await renamed('d2', 'NEW102'), await renamed('d3', 'NEW103')];
      const v0 = before.declaration.version;
      const outcomes = await Promise.allSettled(after.map((r) => store.save(r, v0)));
      expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      expect(String((outcomes[1] as PromiseRejectedResult).reason)).toContain('disk I/O error');
      expect((await store.get('d1'))?.declaration.version).toBe(v0 + 1);
      expect(await store.get('d2')).toEqual(before);
      expect((await store.get('d3'))?.declaration.version).toBe(v0 + 1);
      // The keys follow their rows: each new plate finds d1 and d3, not d2, which its old plates still find.
      const ids = async (keys: readonly string[]) => (await store.findByKeys(keys, 0)).map((r) => r.declaration.id).sort();
      const added = (i: number) => declarationKeys(after[i]!.declaration).filter((k) => !declarationKeys(originals[i]!.declaration).includes(k));
      expect(added(0).length).toBeGreaterThan(0);
      expect(await ids(added(0))).toEqual(['d1']);
      expect(await ids(added(2))).toEqual(['d3']);
      expect(await ids(added(1))).toEqual([]);
      expect(await ids(declarationKeys(before.declaration))).toContain('d2');
    } finally {
      opened.close();
    }
  });
});

describe('SQLite heartbeats: one prepared statement per seat (issue 35 item 4)', () => {
  it("a touch moves only its seat's last-seen time, never the last activity backwards, and answers the declaration's version", async () => {
    const opened = openDatabase(':memory:');
    try {
      const store = new SqliteDeclarationStore(opened.db);
      const created = storedDeclaration('d1', 'KLM101', 'ABC987');
      await store.create({ ...created, lastActivity: 50_000, slots: { A: { ...created.slots.A, lastSeen: 1_000 }, B: { ...created.slots.B, lastSeen: 2_000 } } });
      const saved = (await store.get('d1'))!;
      expect(await store.save({ ...saved, declaration: { ...saved.declaration, version: saved.declaration.version + 1 } }, saved.declaration.version)).toBe(true);
      // An older heartbeat than the last activity: the seat is seen, the activity stays.
      expect(await store.touch('d1', 'A', 40_000)).toBe(saved.declaration.version + 1);
      let now = (await store.get('d1'))!;
      expect({ a: now.slots.A.lastSeen, b: now.slots.B.lastSeen, activity: now.lastActivity }).toEqual({ a: 40_000, b: 2_000, activity: 50_000 });
      // A newer one moves both forward, for its own seat only.
      expect(await store.touch('d1', 'B', 60_000)).toBe(saved.declaration.version + 1);
      now = (await store.get('d1'))!;
      expect({ a: now.slots.A.lastSeen, b: now.slots.B.lastSeen, activity: now.lastActivity }).toEqual({ a: 40_000, b: 60_000, activity: 60_000 });
      expect(await store.touch('nowhere', 'B', 60_000)).toBeNull();
    } finally {
      opened.close();
    }
  });
});

registerSubmitQueueContract('sqlite :memory:', () => {
  const opened = openDatabase(':memory:');
  return { queue: new SqliteSubmitQueue(opened.db), close: () => opened.close() };
});
