import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { getMeta, openDatabase, pingDatabase, setMeta } from './database.js';

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
});
