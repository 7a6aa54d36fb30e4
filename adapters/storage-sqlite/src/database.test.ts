import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { getMeta, openDatabase, pingDatabase, setMeta } from './database.js';
import { SAFETY_PAGES } from './checkpointer.js';

describe('SQLite database', () => {
  const dirs: string[] = [];
  const tempFile = () => {
    const dir = mkdtempSync(join(tmpdir(), 'eid-db-'));
    dirs.push(dir);
    return join(dir, 'nested', 'eid.sqlite');
  };
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  it('creates the file and its folder, applies the migrations and answers a ping', () => {
    const opened = openDatabase(tempFile());
    expect(pingDatabase(opened.db)).toBe(true);
    const tables = opened.sqlite
      .prepare("select name from sqlite_master where type = 'table' order by name")
      .all() as { name: string }[];
    expect(tables.map((t) => t.name)).toContain('app_meta');
    expect(opened.sqlite.pragma('journal_mode', { simple: true })).toBe('wal');
    // 2 = FULL: acknowledged writes survive a power cut.
    expect(opened.sqlite.pragma('synchronous', { simple: true })).toBe(2);
    opened.close();
  });

  it('keeps data across a reopen and does not re-apply migrations', () => {
    const file = tempFile();
    const first = openDatabase(file);
    setMeta(first.db, 'k', 'v1', 1);
    setMeta(first.db, 'k', 'v2', 2);
    first.close();
    const second = openDatabase(file);
    expect(getMeta(second.db, 'k')).toBe('v2');
    expect(getMeta(second.db, 'missing')).toBeUndefined();
    second.close();
  });

  it("checkpoints by the commit that fills the WAL unless asked for a thread", () => {
    const opened = openDatabase(tempFile());
    expect(opened.checkpointer).toBeNull();
    expect(opened.sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
    opened.close();
  });

  it("with a checkpoint thread, the WAL is copied into the file off the event loop while writes go on, and nothing is lost", async () => {
    const file = tempFile();
    const opened = openDatabase(file, { checkpoints: 'thread', checkpointIntervalMs: 20 });
    const checkpointer = opened.checkpointer!;
    // The main connection checkpoints only as a safety net, far past SQLite's 1,000 pages.
    expect(opened.sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(SAFETY_PAGES);
    let written = 0;
    let copied = 0;
    // Writes between the thread's checkpoints: each round's frames are copied by the thread, never by a commit.
    for (let round = 0; round < 4; round++) {
      opened.sqlite.transaction(() => {
        for (let i = 0; i < 500; i++) setMeta(opened.db, `key-${written++}`, 'x'.repeat(200), written);
      })();
      let report = await checkpointer.next();
      while (report.checkpointed === 0) report = await checkpointer.next();
      expect(report.checkpointed).toBeLessThanOrEqual(report.log);
      copied += report.checkpointed;
    }
    expect(copied).toBeGreaterThan(0);
    await checkpointer.stop();
    await expect(checkpointer.next()).rejects.toThrow('the checkpoint thread has stopped');
    opened.close();
    const again = openDatabase(file);
    expect(again.sqlite.prepare('select count(*) as n from app_meta where key like ?').get('key-%')).toEqual({ n: 2000 });
    expect(getMeta(again.db, 'key-1999')).toBe('x'.repeat(200));
    again.close();
  });

  it('an in-memory database has no checkpoint thread (it has no WAL)', () => {
    const opened = openDatabase(':memory:', { checkpoints: 'thread' });
    expect(opened.checkpointer).toBeNull();
    opened.close();
  });
});
