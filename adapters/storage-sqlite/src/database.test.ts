import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { getMeta, openDatabase, pingDatabase, setMeta } from './database.js';
import { SAFETY_PAGES, startCheckpointer } from './checkpointer.js';

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
      // The round's frames all copied: a turn that ran mid-transaction, or found the log just reset, is not the one.
      let report = await checkpointer.next();
      while (report.log === 0 || report.checkpointed < report.log) report = await checkpointer.next();
      expect(report.checkpointed).toBe(report.log);
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

  it.each([':memory:', ''])('the database %j (in memory, or a private temporary one) has no checkpoint thread', (file) => {
    const opened = openDatabase(file, { checkpoints: 'thread' });
    expect(opened.checkpointer).toBeNull();
    opened.close();
  });

  it('a checkpoint thread that cannot start is reported once, and waiting on it fails instead of hanging', async () => {
    const errors: unknown[] = [];
    let reported: () => void = () => {};
    const said = new Promise<void>((resolve) => (reported = resolve));
    const checkpointer = startCheckpointer(join(tmpdir(), 'eid-no-such-dir', 'gone.sqlite'), 20, (error) => (errors.push(error), reported()));
    await said;
    await expect(checkpointer.next()).rejects.toThrow('the checkpoint thread has stopped');
    await checkpointer.stop();
    expect(errors).toHaveLength(1);
    expect(String(errors[0])).toMatch(/directory does not exist|unable to open/);
  });

  it('[OP3] a checkpoint that fails on a full disk is reported once, and the thread carries on when space returns', async () => {
    const mountPoint = mkdtempSync(join(tmpdir(), 'eid-smallfs-'));
    const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=8m', 'tmpfs', mountPoint], { encoding: 'utf8' });
    expect(mounted.status, `mounting a small filesystem: ${mounted.stderr}`).toBe(0);
    const errors: unknown[] = [];
    let reported: () => void = () => {};
    const failed = new Promise<void>((resolve) => (reported = resolve));
    const file = join(mountPoint, 'eid.sqlite');
    const opened = openDatabase(file, { checkpoints: 'thread', checkpointIntervalMs: 20, onCheckpointError: (error) => (errors.push(error), reported()) });
    try {
      // The disk left with about 4 MiB: room for the log below, not for the log and its copy into the file.
      const filler = join(mountPoint, 'filler');
      writeFileSync(filler, Buffer.alloc(Math.max(0, statfsSync(mountPoint).bavail * statfsSync(mountPoint).bsize - 4 * 1024 * 1024)));
      opened.sqlite.transaction(() => {
        for (let i = 0; i < 2_500; i++) setMeta(opened.db, `big-${i}`, 'y'.repeat(1000), i);
      })();
      await failed;
      expect(String(errors[0])).toContain('full');
      rmSync(filler);
      let report = await opened.checkpointer!.next();
      while (report.checkpointed < report.log || report.log === 0) report = await opened.checkpointer!.next();
      expect(errors).toHaveLength(1);
      await opened.checkpointer!.stop();
      opened.close();
      const again = openDatabase(file);
      expect(again.sqlite.prepare('select count(*) as n from app_meta where key like ?').get('big-%')).toEqual({ n: 2500 });
      expect(again.sqlite.pragma('integrity_check', { simple: true })).toBe('ok');
      again.close();
    } finally {
      if (opened.sqlite.open) opened.close();
      spawnSync('umount', ['-l', mountPoint]);
      rmSync(mountPoint, { recursive: true, force: true });
    }
  });
});
