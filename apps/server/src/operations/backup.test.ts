/**
 * OP4 (issue 31 item 4): a backup taken while two drivers edit, by another process (as
 * `npm run backup` is), restored into a fresh folder: every acknowledged edit up to the backup is
 * there, in one consistent version, with its binaries; a server started on it resumes the drivers.
 */
import { spawn } from 'node:child_process';
import type * as NodeFs from 'node:fs';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SystemClock, CryptoIds } from '@eid/adapter-system';
import type { Declaration } from '@eid/domain';
import type { Session } from '@eid/domain/protocol';
import { loadConfig } from '../config.js';
import { openStorage } from '../storage/index.js';
import { buildTestApp } from '../testing/build-test-app.js';
import { value, WsDriver } from '../testing/ws-driver.js';
import { backupData, BackupError, readBackup, restoreData } from './backup.js';

/** A fault to inject: the disk filling up while a restore copies the binaries. */
const faults = vi.hoisted(() => ({ diskFullOnCopy: false }));
vi.mock('node:fs', async (original) => {
  const fs = await original<typeof NodeFs>();
  const cpSync: typeof fs.cpSync = (...args) => {
    if (faults.diskFullOnCopy) throw Object.assign(new Error('ENOSPC: no space left on device, copyfile'), { code: 'ENOSPC' });
    fs.cpSync(...args);
  };
  return { ...fs, default: { ...fs, cpSync }, cpSync };
});


/** Runs `npm run backup`'s work in its own process, from the sources, as the server's neighbour. */
function backupProcess(dataDir: string, to: string): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('npx', ['tsx', '--conditions=@eid/source', 'src/backup-cli.ts', 'backup', '--to', to], {
      cwd: join(import.meta.dirname, '..', '..'),
      env: { ...process.env, EID_DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, out }));
  });
}

describe('backup and restore of the embedded installation (OP4)', () => {
  const cleanup: Array<() => Promise<void> | void> = [];
  afterEach(async () => {
    for (const c of cleanup.splice(0).reverse()) await c();
  });

  it('[OP4] backed up while the drivers edit, restored into a fresh folder: every edit acknowledged before the backup began is there, in one version, with its binaries; the drivers resume on it', async () => {
    const ctx = await buildTestApp();
    cleanup.push(() => ctx.close());
    await ctx.listen();
    const a = await WsDriver.open(ctx.app);
    const b = await WsDriver.open(ctx.app);
    cleanup.push(() => a.close(), () => b.close());
    const sa = value<Session<Declaration>>(await a.connect('KLM123', 'HBN512'));
    value(await b.joinConfirmedBy(a, 'HBN512', 'KLM123'));
    // A binary of the declaration, stored before the backup.
    const photo = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]);
    await ctx.app.blobStore.put({ id: 'photo-backup-0001', declarationId: sa.declarationId, contentType: 'image/jpeg', bytes: photo });

    // The drivers keep editing: each acknowledged edit with its version and when it was acknowledged.
    const acked: Array<{ text: string; version: number; at: number }> = [];
    let editing = true;
    let twenty: () => void = () => {};
    const twentyAcked = new Promise<void>((resolve) => (twenty = resolve));
    const edits = (async () => {
      for (let i = 0; editing; i++) {
        const driver = i % 2 === 0 ? a : b;
        const text = `edit ${i}`;
        let answer = await driver.call('eid-comment', { text });
        // Past its calls per second (FU1), a device sends again after the wait it was told, as the app does.
        while (!answer.ok && answer.code === 'TOO_MANY_CALLS') {
          await new Promise((resolve) => setTimeout(resolve, answer.ok ? 0 : (answer.retryAfterMs ?? 1000)));
          answer = await driver.call('eid-comment', { text });
        }
        const r = value<{ version: number }>(answer);
        acked.push({ text: `${i % 2 === 0 ? 'A' : 'B'}:${text}`, version: r.version, at: Date.now() });
        if (acked.length === 20) twenty();
      }
    })();
    await twentyAcked;

    const backups = mkdtempSync(join(tmpdir(), 'eid-backup-'));
    cleanup.push(() => rmSync(backups, { recursive: true, force: true }));
    const to = join(backups, 'one');
    const began = Date.now();
    const backedUpBefore = acked.length;
    const run = await backupProcess(join(ctx.dir, 'data'), to);
    const during = acked.length - backedUpBefore;
    editing = false;
    await edits;
    expect(run.out).toMatch(/backed up into/);
    expect(run.code).toBe(0);
    // The edits went on while it ran.
    expect(during).toBeGreaterThan(0);

    const fresh = mkdtempSync(join(tmpdir(), 'eid-restored-'));
    cleanup.push(() => rmSync(fresh, { recursive: true, force: true }));
    const config = loadConfig({ EID_DATA_DIR: join(fresh, 'data') }, fresh);
    const manifest = restoreData(to, config);
    expect(manifest.blobs.files).toBeGreaterThan(0);
    expect(readFileSync(join(fresh, 'data', 'secret.key'), 'utf8')).toBe(readFileSync(join(ctx.dir, 'data', 'secret.key'), 'utf8'));

    const storage = await openStorage(config, new SystemClock(), new CryptoIds(), () => {});
    const restored = await storage.declarations.get(sa.declarationId);
    expect(restored).not.toBeNull();
    const d = restored!.declaration;
    // One consistent version: the texts it holds are those of the edits acknowledged up to its version.
    const upTo = acked.filter((e) => e.version <= d.version);
    const lastA = upTo.filter((e) => e.text.startsWith('A:')).at(-1)?.text.slice(2) ?? '';
    const lastB = upTo.filter((e) => e.text.startsWith('B:')).at(-1)?.text.slice(2) ?? '';
    expect([d.parties.A.comment, d.parties.B.comment]).toEqual([lastA, lastB]);
    // Every edit acknowledged before the backup began is in it.
    for (const e of acked.filter((x) => x.at < began)) expect(d.version).toBeGreaterThanOrEqual(e.version);
    expect(await storage.blobs.get('photo-backup-0001')).toMatchObject({ contentType: 'image/jpeg', declarationId: sa.declarationId });
    await storage.close();

    // A server on the restored folder: A resumes with the token it had.
    const again = await buildTestApp({}, { dir: fresh });
    cleanup.push(() => again.stop());
    await again.listen();
    const back = await WsDriver.open(again.app);
    cleanup.push(() => back.close());
    const resumed = value<Session<Declaration>>(await back.resume(sa.declarationId, 'A', sa.token));
    expect(resumed.declaration.parties.A.comment).toBe(lastA);
  }, 60_000);

  it('[OP4] an unfinished or changed backup is refused; a data folder that holds a database is replaced only when told', async () => {
    const ctx = await buildTestApp();
    cleanup.push(() => ctx.close());
    const work = mkdtempSync(join(tmpdir(), 'eid-backup-'));
    cleanup.push(() => rmSync(work, { recursive: true, force: true }));
    const paths = loadConfig({ EID_DATA_DIR: join(ctx.dir, 'data') }, ctx.dir);
    const good = join(work, 'good');
    backupData(paths, good, new Date());
    expect(() => backupData(paths, good, new Date())).toThrow(BackupError);

    const target = loadConfig({ EID_DATA_DIR: join(work, 'target') }, work);
    restoreData(good, target);
    // A second restore over a database in use: refused unless --force.
    expect(() => restoreData(good, target)).toThrow(/already holds a database/);
    expect(restoreData(good, target, { force: true }).format).toBe('eid-backup');

    // No manifest: a backup that did not finish.
    const unfinished = join(work, 'unfinished');
    backupData(paths, unfinished, new Date());
    rmSync(join(unfinished, 'manifest.json'));
    expect(() => readBackup(unfinished)).toThrow(/no finished backup/);
    // A database changed after the backup.
    const changed = join(work, 'changed');
    backupData(paths, changed, new Date());
    writeFileSync(join(changed, 'eid.sqlite'), 'not a database');
    expect(() => readBackup(changed)).toThrow(/missing or changed/);
    expect(existsSync(join(work, 'target', 'eid.sqlite'))).toBe(true);
    // Several nodes keep their data in PostgreSQL: its own tools back it up.
    expect(() => backupData({ ...paths, databaseUrl: 'postgres://eid@127.0.0.1/eid' }, join(work, 'pg'), new Date())).toThrow(/pg_dump/);
  });

  it('[OP4] a binary mid-write is not backed up; a restore that fails part-way leaves the data as it was, one that succeeds replaces it whole', async () => {
    const ctx = await buildTestApp();
    cleanup.push(() => ctx.close());
    const work = mkdtempSync(join(tmpdir(), 'eid-backup-'));
    cleanup.push(() => rmSync(work, { recursive: true, force: true }));
    const paths = loadConfig({ EID_DATA_DIR: join(ctx.dir, 'data') }, ctx.dir);
    mkdirSync(join(paths.blobsDir, 'ab'), { recursive: true });
    writeFileSync(join(paths.blobsDir, 'ab', 'photo'), 'kept');
    writeFileSync(join(paths.blobsDir, 'ab', 'photo.123.tmp'), 'half');
    const backup = join(work, 'backup');
    expect(backupData(paths, backup, new Date()).blobs.files).toBe(1);
    expect(readdirSync(join(backup, 'blobs', 'ab'))).toEqual(['photo']);

    const target = loadConfig({ EID_DATA_DIR: join(work, 'target') }, work);
    restoreData(backup, target);
    writeFileSync(join(target.blobsDir, 'only-here'), 'x');
    const before = readFileSync(target.databaseFile);
    // The disk fills up while the binaries are copied, after the database copy.
    faults.diskFullOnCopy = true;
    cleanup.push(() => void (faults.diskFullOnCopy = false));
    expect(() => restoreData(backup, target, { force: true })).toThrow(/ENOSPC/);
    faults.diskFullOnCopy = false;
    expect(readFileSync(target.databaseFile).equals(before)).toBe(true);
    expect(readFileSync(join(target.blobsDir, 'only-here'), 'utf8')).toBe('x');
    expect(readdirSync(target.dataDir).filter((f) => /\.(restoring|replaced)$/.test(f))).toEqual([]);
    // The good backup, forced: the binaries are the backup's, nothing of the old folder is left.
    restoreData(backup, target, { force: true });
    expect(existsSync(join(target.blobsDir, 'only-here'))).toBe(false);
    expect(readFileSync(join(target.blobsDir, 'ab', 'photo'), 'utf8')).toBe('kept');
    expect(readdirSync(target.dataDir).filter((f) => /\.(restoring|replaced)$/.test(f))).toEqual([]);
  });
});
