import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { sql } from 'drizzle-orm';
import * as schema from './schema.js';
import { SAFETY_PAGES, startCheckpointer, type Checkpointer } from './checkpointer.js';

export type EidDatabase = BetterSQLite3Database<typeof schema>;

export interface OpenedDatabase {
  readonly db: EidDatabase;
  /** The raw connection, for pragmas and for closing. */
  readonly sqlite: Database.Database;
  /** The thread copying the WAL into the file, when asked for (`checkpoints: 'thread'`); stop it before `close`. */
  readonly checkpointer: Checkpointer | null;
  close(): void;
}

export interface OpenOptions {
  /**
   * 'thread': the WAL is checkpointed by a thread of its own, off the event loop (a server's file);
   * 'commit' (the default): by the commit that fills it, as SQLite does.
   */
  readonly checkpoints?: 'thread' | 'commit';
  /** How often the thread checkpoints (500 ms). */
  readonly checkpointIntervalMs?: number;
  /** What the checkpoint thread's failure is reported to. */
  readonly onCheckpointError?: (error: unknown) => void;
}

/** The committed SQL migrations, found relative to this file both from src/ and dist/. */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../drizzle', import.meta.url));

/**
 * Opens (creating when absent) the SQLite file and brings its schema up to date.
 *
 * WAL lets readers proceed while a writer commits. synchronous=FULL because this file will
 * hold signed and submitted declarations: an acknowledged write must survive a power cut,
 * and the measured cost (~9k inserts/s) is far above what two drivers per declaration need.
 */
export function openDatabase(file: string, options: OpenOptions = {}): OpenedDatabase {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const sqlite = new Database(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = drizzle(sqlite, { schema });
  migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
  const threaded = options.checkpoints === 'thread' && file !== ':memory:' && file !== '';
  if (threaded) sqlite.pragma(`wal_autocheckpoint = ${SAFETY_PAGES}`);
  const checkpointer = threaded ? startCheckpointer(file, options.checkpointIntervalMs, options.onCheckpointError) : null;
  return {
    db,
    sqlite,
    checkpointer,
    close: () => {
      void checkpointer?.stop();
      sqlite.close();
    },
  };
}

/** A cheap round trip proving the file is open and readable. */
export function pingDatabase(db: EidDatabase): boolean {
  const row = db.get<{ ok: number }>(sql`select 1 as ok`);
  return row.ok === 1;
}

/** Records a key/value fact about this installation (upsert). */
export function setMeta(db: EidDatabase, key: string, value: string, now: number): void {
  db.insert(schema.appMeta)
    .values({ key, value, updatedAt: now })
    .onConflictDoUpdate({ target: schema.appMeta.key, set: { value, updatedAt: now } })
    .run();
}

export function getMeta(db: EidDatabase, key: string): string | undefined {
  return db.select().from(schema.appMeta).where(sql`${schema.appMeta.key} = ${key}`).get()?.value;
}
