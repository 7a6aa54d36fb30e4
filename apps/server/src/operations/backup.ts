/**
 * Backup and restore of the embedded installation (OP4): the SQLite file as of one commit (taken
 * while the service runs: `snapshotDatabase`), then the binaries and the installation's secret
 * (without it, sent view links and signed cookies would no longer open), and last a manifest —
 * a folder without one is an unfinished backup, never restored. The several-node installation is
 * backed up with PostgreSQL's own tools and the object store's versioning (README).
 *
 * What the copy holds is every write acknowledged before the snapshot began. A binary is copied
 * after the snapshot, so every binary the copied database names was there to copy (binaries are
 * never changed, only added and, by the retention sweep, deleted with what names them).
 */
import { createHash } from 'node:crypto';
import { chmodSync, copyFileSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { checkDatabase, snapshotDatabase } from '@eid/adapter-storage-sqlite';
import type { ServerConfig } from '../config.js';

export interface BackupManifest {
  readonly format: 'eid-backup';
  readonly version: 1;
  readonly takenAt: string;
  readonly database: { readonly file: string; readonly bytes: number; readonly sha256: string };
  readonly blobs: { readonly files: number; readonly bytes: number };
  readonly secret: boolean;
}

type Paths = Pick<ServerConfig, 'dataDir' | 'databaseFile' | 'blobsDir' | 'databaseUrl'>;

const DATABASE = 'eid.sqlite';
const BLOBS = 'blobs';
const SECRET = 'secret.key';
const MANIFEST = 'manifest.json';

export class BackupError extends Error {}

function sha256(file: string): string {
  return createHash('sha256').update(readFileSync(file)).digest('hex');
}

function filesUnder(dir: string): { files: number; bytes: number } {
  if (!existsSync(dir)) return { files: 0, bytes: 0 };
  let files = 0;
  let bytes = 0;
  for (const entry of readdirSync(dir, { recursive: true })) {
    const st = statSync(join(dir, String(entry)));
    if (st.isFile()) {
      files += 1;
      bytes += st.size;
    }
  }
  return { files, bytes };
}

/** Writes a backup of the running (or stopped) embedded installation into `to` (new or empty). */
export function backupData(paths: Paths, to: string, now: Date): BackupManifest {
  if (paths.databaseUrl) throw new BackupError('this installation keeps its data in PostgreSQL: back it up with pg_dump or pg_basebackup, and the object store by its versioning (see the README)');
  if (!existsSync(paths.databaseFile)) throw new BackupError(`there is no database at ${paths.databaseFile} (EID_DATA_DIR)`);
  if (existsSync(to) && readdirSync(to).length > 0) throw new BackupError(`${to} is not empty: a backup goes into a new folder`);
  mkdirSync(to, { recursive: true });
  const db = join(to, DATABASE);
  checked(() => snapshotDatabase(paths.databaseFile, db));
  copyBinaries(paths.blobsDir, join(to, BLOBS));
  const secretFile = join(paths.dataDir, SECRET);
  const secret = existsSync(secretFile);
  if (secret) {
    copyFileSync(secretFile, join(to, SECRET));
    chmodSync(join(to, SECRET), 0o600);
  }
  const manifest: BackupManifest = {
    format: 'eid-backup',
    version: 1,
    takenAt: now.toISOString(),
    database: { file: DATABASE, bytes: statSync(db).size, sha256: sha256(db) },
    blobs: filesUnder(join(to, BLOBS)),
    secret,
  };
  // Written last: a folder without it is a backup that did not finish.
  writeFileSync(join(to, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/** A check of SQLite's that fails is the backup's refusal, said as such. */
function checked(run: () => void): void {
  try {
    run();
  } catch (error) {
    throw new BackupError(error instanceof Error ? error.message : String(error));
  }
}

/**
 * Copies the binaries as they are while the server may write: a file mid-write (`.tmp`) is not a
 * binary yet, and one gone between the listing and its copy (replaced, swept) is skipped.
 */
function copyBinaries(from: string, to: string): void {
  if (!existsSync(from)) return;
  for (const entry of readdirSync(from, { recursive: true }).map(String)) {
    if (entry.endsWith('.tmp')) continue;
    const source = join(from, entry);
    try {
      if (!statSync(source).isFile()) continue;
      mkdirSync(dirname(join(to, entry)), { recursive: true });
      copyFileSync(source, join(to, entry));
    } catch (error) {
      if ((error as { code?: string }).code !== 'ENOENT') throw error;
    }
  }
}

/** Reads and checks a backup's manifest and database copy. */
export function readBackup(from: string): BackupManifest {
  const file = join(from, MANIFEST);
  if (!existsSync(file)) throw new BackupError(`${from} holds no finished backup (no ${MANIFEST})`);
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as BackupManifest;
  if (manifest.format !== 'eid-backup' || manifest.version !== 1) throw new BackupError(`${from} is not a backup this version reads`);
  const db = join(from, manifest.database.file);
  if (!existsSync(db) || sha256(db) !== manifest.database.sha256) throw new BackupError(`the database copy in ${from} is missing or changed since the backup`);
  checked(() => checkDatabase(db));
  const blobs = filesUnder(join(from, BLOBS));
  if (blobs.files !== manifest.blobs.files || blobs.bytes !== manifest.blobs.bytes) throw new BackupError(`the binaries in ${from} are not those the backup wrote`);
  return manifest;
}

/**
 * Restores a backup into the installation's data folder (EID_DATA_DIR), which must hold no
 * database unless `force` (then its database, binaries and secret are replaced). The server is
 * started afterwards; it brings the schema up to date as at every start.
 */
export function restoreData(from: string, paths: Paths, { force = false } = {}): BackupManifest {
  if (paths.databaseUrl) throw new BackupError('this installation keeps its data in PostgreSQL: restore it with its own tools (see the README)');
  const manifest = readBackup(from);
  if (existsSync(paths.databaseFile) && !force) throw new BackupError(`${paths.dataDir} already holds a database: restore into a new folder, or stop the server and add --force`);
  mkdirSync(paths.dataDir, { recursive: true });
  // Everything is copied beside the data first: a copy that fails (a full disk) leaves the data as it was.
  const incoming = { db: `${paths.databaseFile}.restoring`, blobs: `${paths.blobsDir}.restoring`, secret: join(paths.dataDir, `${SECRET}.restoring`) };
  for (const p of Object.values(incoming)) rmSync(p, { recursive: true, force: true });
  try {
    copyFileSync(join(from, manifest.database.file), incoming.db);
    checked(() => checkDatabase(incoming.db));
    if (existsSync(join(from, BLOBS))) cpSync(join(from, BLOBS), incoming.blobs, { recursive: true });
    if (manifest.secret) copyFileSync(join(from, SECRET), incoming.secret);
  } catch (error) {
    for (const p of Object.values(incoming)) rmSync(p, { recursive: true, force: true });
    throw error;
  }
  // Then moved into place, each in one rename.
  for (const stale of [`${paths.databaseFile}-wal`, `${paths.databaseFile}-shm`]) rmSync(stale, { force: true });
  renameSync(incoming.db, paths.databaseFile);
  const replaced = `${paths.blobsDir}.replaced`;
  rmSync(replaced, { recursive: true, force: true });
  if (existsSync(paths.blobsDir)) renameSync(paths.blobsDir, replaced);
  if (existsSync(incoming.blobs)) renameSync(incoming.blobs, paths.blobsDir);
  rmSync(replaced, { recursive: true, force: true });
  if (manifest.secret) {
    chmodSync(incoming.secret, 0o600);
    renameSync(incoming.secret, join(paths.dataDir, SECRET));
  }
  return manifest;
}
