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

registerSubmitQueueContract('sqlite :memory:', () => {
  const opened = openDatabase(':memory:');
  return { queue: new SqliteSubmitQueue(opened.db), close: () => opened.close() };
});
