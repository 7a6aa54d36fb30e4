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
  it('[FU7] counts hits in a window that starts with the first one, in one statement; a new window starts after it', () => {
    const clock = new FixedClock(1_000_000);
    const opened = openDatabase(':memory:');
    try {
      const store = new SqliteExpiringStore(opened.db, clock);
      expect(store.peek('rate:x')).toEqual({ current: 0, resetAt: 1_000_000 });
      expect([store.hit('rate:x', 60_000), store.hit('rate:x', 60_000)]).toEqual([
        { current: 1, resetAt: 1_060_000 },
        { current: 2, resetAt: 1_060_000 },
      ]);
      clock.advance(59_999);
      expect(store.hit('rate:x', 60_000)).toEqual({ current: 3, resetAt: 1_060_000 });
      expect(store.peek('rate:x').current).toBe(3);
      clock.advance(1);
      expect(store.hit('rate:x', 60_000)).toEqual({ current: 1, resetAt: 1_120_000 });
      expect(store.hit('rate:y', 1000).current).toBe(1);
    } finally {
      opened.close();
    }
  });

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
