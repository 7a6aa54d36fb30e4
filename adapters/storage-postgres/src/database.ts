import { AsyncLocalStorage } from 'node:async_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { PgNotices } from './notices.js';
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
  /** Called when a statement of announcements to the other nodes failed, with how many it lost (notices.ts). */
  readonly onNoticesLost?: (error: Error, lost: number) => void;
}

/** How long a node waits for a declaration's lock before the change fails (SERVER_ERROR to the device, never a hang). */
export const LOCK_TIMEOUT_MS = 15_000;

/**
 * A lock holder's connection idle for this long (between its statements, or inside a transaction)
 * is ended by the server: a node lost without closing its connections releases its locks then,
 * not at TCP's keep-alive.
 */
export const IDLE_HOLDER_TIMEOUT_MS = 30_000;

/** A declaration's row as it was when its lock was taken, without the document: its revision says which document it has. */
export interface RowStamp {
  readonly id: string;
  readonly mode: string;
  readonly status: string;
  readonly version: number;
  readonly createdAt: number;
  readonly lastActivity: number;
  readonly slotATokenHash: string | null;
  readonly slotALastSeen: number;
  readonly slotBTokenHash: string | null;
  readonly slotBLastSeen: number;
  readonly rev: number;
}

/**
 * The cross-node lock this async context holds (PgCluster.withLock): the store runs the holder's
 * statements on its connection, and may answer its reads from the stamp taken with the lock.
 */
export interface HeldLock {
  readonly declarationId: string;
  readonly client: pg.PoolClient;
  /** The row right after the lock was taken (kept current by the holder's own saves); null: no row. */
  stamp: RowStamp | null;
  /** False once the holder's work is over (a task it started and left running must not use the connection). */
  active: boolean;
  /** The holder's last statement is its save (PgCluster.withLock's `endsWithSave`): the save takes the lock over. */
  readonly handOver: boolean;
  /** The save took the lock over: it was released at its commit, the holder does not unlock. */
  released: boolean;
}

/**
 * A change tried without the cross-node lock (PgCluster.withLock's `optimistic`): the store answers its read from
 * the document this node keeps, and its save is compare-and-set on the revision read, refused while another holds
 * the declaration's lock. An attempt that does not end in its own save is done again under the lock.
 */
export interface OptimisticAttempt {
  readonly declarationId: string;
  /** The revision its read answered (null: nothing read yet). */
  rev: number | null;
  /** Its save was written. */
  saved: boolean;
  /** Its save failed on its way (a connection lost): whether it was written is unknown, so it is not made again. */
  unknown: boolean;
  /** False once the attempt is over. */
  active: boolean;
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
  /** The lock held by the current async context, if any (see HeldLock). */
  readonly held: AsyncLocalStorage<HeldLock>;
  /** The change tried without the lock in the current async context, if any (see OptimisticAttempt). */
  readonly attempts: AsyncLocalStorage<OptimisticAttempt>;
  /** NOTIFYs sent after the commits they tell of, in batches (notices.ts). */
  readonly notices: PgNotices;
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
  // A lock is a session's (pg_advisory_lock): the server ends a holder that waits too long for it
  // or goes silent while holding it, and the lock goes with its session. Idle pooled connections
  // are closed by the pool before the server's idle time-out.
  const lockPool = new pg.Pool({
    ...common,
    idleTimeoutMillis: 10_000,
    // Read committed whatever the database's default: the lock's function reads the row after taking the lock, with
    // a snapshot of its own, which a repeatable-read transaction would have taken before it waited.
    options: `-c lock_timeout=${LOCK_TIMEOUT_MS} -c idle_session_timeout=${IDLE_HOLDER_TIMEOUT_MS} -c idle_in_transaction_session_timeout=${IDLE_HOLDER_TIMEOUT_MS} -c default_transaction_isolation=read\\ committed`,
    max: options.lockMax ?? 10,
  });
  // The notices' one connection (their order is the order sent); its commits do not wait for the disk (notices.ts),
  // and a statement that gets no answer in 5 s fails (a half-open connection must not hold every notice back).
  const noticePool = new pg.Pool({ ...common, max: 1, query_timeout: 5000, options: '-c synchronous_commit=off' });
  // A server that goes away errors every connection, the idle ones (the pool's 'error') and the
  // checked-out ones (their own 'error', which unheard would end the process): both are heard.
  for (const p of [pool, lockPool, noticePool]) {
    p.on('error', onError);
    p.on('connect', (client) => client.on('error', onError));
  }
  const db = drizzle(pool, { schema });
  try {
    await migrateOnce(pool);
  } catch (error) {
    await Promise.allSettled([pool.end(), lockPool.end(), noticePool.end()]);
    throw error;
  }
  let closed = false;
  return {
    db,
    pool,
    lockPool,
    held: new AsyncLocalStorage<HeldLock>(),
    attempts: new AsyncLocalStorage<OptimisticAttempt>(),
    notices: new PgNotices(noticePool, (error, lost) => options.onNoticesLost?.(error instanceof Error ? error : new Error(String(error)), lost)),
    url,
    async close() {
      if (closed) return;
      closed = true;
      await Promise.allSettled([pool.end(), lockPool.end(), noticePool.end()]);
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
