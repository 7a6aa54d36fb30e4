import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FixedClock, registerExpiringStoreContract } from '@eid/test-fixtures';
import { openDatabase } from './database.js';
import { SqliteExpiringStore } from './expiring-store.adapter.js';

registerExpiringStoreContract('sqlite', (clock) => {
  const opened = openDatabase(':memory:');
  return { store: new SqliteExpiringStore(opened.db, clock), close: () => opened.close() };
});

describe('SQLite expiring store', () => {
  it('[FU7] what is kept survives closing and opening the file again (a restart); expired rows are swept', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'eid-expiring-'));
    const file = join(dir, 'eid.sqlite');
    const clock = new FixedClock(Date.UTC(2026, 10, 23, 9));
    try {
      const first = openDatabase(file);
      const before = new SqliteExpiringStore(first.db, clock);
      await before.set('preview-fail:abc', [clock.now()], clock.now() + 15 * 60_000);
      await before.set('short', 1, clock.now() + 10);
      first.close();

      const second = openDatabase(file);
      const after = new SqliteExpiringStore(second.db, clock);
      expect(await after.get('preview-fail:abc')).toEqual([clock.now()]);
      clock.advance(10);
      expect(await after.get('short')).toBeNull();
      expect(after.sweep()).toBe(1);
      expect(await after.get('preview-fail:abc')).toEqual([clock.now() - 10]);
      second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
