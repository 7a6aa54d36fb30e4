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
import { chmodSync, copyFileSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
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
  snapshotDatabase(paths.databaseFile, db);
  if (existsSync(paths.blobsDir)) cpSync(paths.blobsDir, join(to, BLOBS), { recursive: true });
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

/** Reads and checks a backup's manifest and database copy. */
export function readBackup(from: string): BackupManifest {
  const file = join(from, MANIFEST);
  if (!existsSync(file)) throw new BackupError(`${from} holds no finished backup (no ${MANIFEST})`);
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as BackupManifest;
  if (manifest.format !== 'eid-backup' || manifest.version !== 1) throw new BackupError(`${from} is not a backup this version reads`);
  const db = join(from, manifest.database.file);
  if (!existsSync(db) || sha256(db) !== manifest.database.sha256) throw new BackupError(`the database copy in ${from} is missing or changed since the backup`);
  checkDatabase(db);
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
  for (const stale of [paths.databaseFile, `${paths.databaseFile}-wal`, `${paths.databaseFile}-shm`]) rmSync(stale, { force: true });
  copyFileSync(join(from, manifest.database.file), paths.databaseFile);
  rmSync(paths.blobsDir, { recursive: true, force: true });
  if (existsSync(join(from, BLOBS))) cpSync(join(from, BLOBS), paths.blobsDir, { recursive: true });
  if (manifest.secret) {
    copyFileSync(join(from, SECRET), join(paths.dataDir, SECRET));
    chmodSync(join(paths.dataDir, SECRET), 0o600);
  }
  checkDatabase(paths.databaseFile);
  return manifest;
}
