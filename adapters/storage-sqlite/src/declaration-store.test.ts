import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { registerDeclarationStoreContract, registerSubmitQueueContract, storedDeclaration } from '@eid/test-fixtures';
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
      const transaction = vi.spyOn(store as unknown as { inBatch: (batch: readonly unknown[]) => unknown }, 'inBatch');
      const edited = (await store.get('d0'))!;
      const [touches, saved] = await Promise.all([
        Promise.all([...ids.map((id, i) => store.touch(id, i % 2 ? 'B' : 'A', 9_000)), store.touch('gone', 'A', 9_000)]),
        store.save({ ...edited, declaration: { ...edited.declaration, version: edited.declaration.version + 1 } }, edited.declaration.version),
      ]);
      expect(saved).toBe(true);
      expect(touches.at(-1)).toBeNull();
      expect(touches.slice(0, -1).every((v) => typeof v === 'number')).toBe(true);
      // One commit for 51 touches and a save: one fsync, not 52.
      expect(transaction).toHaveBeenCalledTimes(1);
      expect(transaction.mock.calls[0]?.[0]).toHaveLength(52);
      transaction.mockClear();
      await Promise.all(ids.map((id) => store.touch(id, 'A', 10_000)));
      expect(transaction).toHaveBeenCalledTimes(1);
      expect((await store.get('d1'))?.slots.B.lastSeen).toBe(9_000);
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
