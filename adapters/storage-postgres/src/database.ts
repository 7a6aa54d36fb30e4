import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import * as schema from './schema.js';

export type PgDatabase = NodePgDatabase<typeof schema>;

/** The committed SQL migrations, found relative to this file both from src/ and dist/. */
export const PG_MIGRATIONS_FOLDER = fileURLToPath(new URL('../drizzle', import.meta.url));

/** Every node runs the migrations at start-up; this advisory lock lets one at a time do it. */
const MIGRATION_LOCK = 0x45494431; // "EID1"

export interface PostgresOptions {
  /** Connections of the main pool (queries and transactions); default 10. */
  readonly max?: number;
  /** Connections held by per-declaration locks while a change runs; default 10. */
  readonly lockMax?: number;
  /** Called with a pool's idle-client errors (a restarted server): logged, never a crash. */
  readonly onError?: (error: Error) => void;
}

export interface OpenedPostgres {
  readonly db: PgDatabase;
  /** The main pool. */
  readonly pool: pg.Pool;
  /**
   * A pool of its own for the per-declaration locks: a lock holder waits for the main pool to
   * save, so the two never share connections (no lock holder can starve the saves it waits for).
   */
  readonly lockPool: pg.Pool;
  readonly url: string;
  close(): Promise<void>;
}

/**
 * Opens pools to PostgreSQL and brings the schema up to date (one node at a time). Pools answer
 * errors of a lost server on their next query; reconnecting is the pool's (a new client per query).
 */
export async function openPostgres(url: string, options: PostgresOptions = {}): Promise<OpenedPostgres> {
  const onError = options.onError ?? (() => {});
  // keepAlive: a connection to a server that went away without closing it is noticed by TCP.
  const common = { connectionString: url, connectionTimeoutMillis: 5000, idleTimeoutMillis: 30_000, application_name: 'eid', keepAlive: true };
  const pool = new pg.Pool({ ...common, max: options.max ?? 10 });
  const lockPool = new pg.Pool({ ...common, max: options.lockMax ?? 10 });
  // A server that goes away errors every connection, the idle ones (the pool's 'error') and the
  // checked-out ones (their own 'error', which unheard would end the process): both are heard.
  for (const p of [pool, lockPool]) {
    p.on('error', onError);
    p.on('connect', (client) => client.on('error', onError));
  }
  const db = drizzle(pool, { schema });
  try {
    await migrateOnce(pool);
  } catch (error) {
    await Promise.allSettled([pool.end(), lockPool.end()]);
    throw error;
  }
  let closed = false;
  return {
    db,
    pool,
    lockPool,
    url,
    async close() {
      if (closed) return;
      closed = true;
      await Promise.allSettled([pool.end(), lockPool.end()]);
    },
  };
}

async function migrateOnce(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await migrate(drizzle(client, { schema }), { migrationsFolder: PG_MIGRATIONS_FOLDER });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}

/** A cheap round trip proving the database answers. */
export async function pingPostgres(pool: pg.Pool): Promise<boolean> {
  const result = await pool.query<{ ok: number }>('select 1 as ok');
  return result.rows[0]?.ok === 1;
}

/** Records a key/value fact about this installation (upsert). */
export async function setPgMeta(db: PgDatabase, key: string, value: string, now: number): Promise<void> {
  await db
    .insert(schema.appMeta)
    .values({ key, value, updatedAt: now })
    .onConflictDoUpdate({ target: schema.appMeta.key, set: { value, updatedAt: now } });
}
