import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { registerDeclarationStoreContract, storedDeclaration } from '@eid/test-fixtures';
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

describe('SQLite submit queue', () => {
  it('enqueues a declaration once, hands out due entries oldest first, and forgets done ones', async () => {
    const opened = openDatabase(':memory:');
    const queue = new SqliteSubmitQueue(opened.db);
    await queue.enqueue('d2', 200);
    await queue.enqueue('d1', 100);
    await queue.enqueue('d1', 300);
    expect(queue.due(1000)).toEqual([
      { declarationId: 'd1', attempts: 0, enqueuedAt: 100 },
      { declarationId: 'd2', attempts: 0, enqueuedAt: 200 },
    ]);
    queue.retryLater('d1', 1, 5000, 'smtp down');
    expect(queue.due(1000).map((e) => e.declarationId)).toEqual(['d2']);
    expect(queue.due(5000).map((e) => e.declarationId)).toEqual(['d1', 'd2']);
    queue.markDone('d2');
    expect(queue.due(5000)).toEqual([{ declarationId: 'd1', attempts: 1, enqueuedAt: 100 }]);
    opened.close();
  });
});
