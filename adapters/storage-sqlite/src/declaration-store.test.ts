import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
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

registerSubmitQueueContract('sqlite :memory:', () => {
  const opened = openDatabase(':memory:');
  return { queue: new SqliteSubmitQueue(opened.db), close: () => opened.close() };
});
