/**
 * Test support (used by test files only): a database of its own for each test file in the
 * throwaway cluster of the test run, emptied between tests.
 */
import pg from 'pg';
import { openPostgres, type OpenedPostgres, type PostgresOptions } from './database.js';

let counter = 0;

/** Creates an empty database in the cluster at `baseUrl`; resolves its URL and a drop function. */
export async function createDatabase(baseUrl: string): Promise<{ readonly url: string; drop(): Promise<void> }> {
  counter += 1;
  const name = `eid_t${process.pid}_${counter}_${Math.floor(Math.random() * 1e9)}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      try {
        await c.query(`drop database if exists ${name} with (force)`);
      } finally {
        await c.end();
      }
    },
  };
}

/** Every table of the schema emptied (between the tests of one file). */
export async function truncateAll(opened: OpenedPostgres): Promise<void> {
  const { rows } = await opened.pool.query<{ tablename: string }>(`select tablename from pg_tables where schemaname = 'public'`);
  if (rows.length > 0) await opened.pool.query(`truncate ${rows.map((r) => `"${r.tablename}"`).join(', ')} restart identity cascade`);
}

/**
 * A migrated database for a test file: `open()` hands out a fresh, empty connection to it for each
 * test (the contract suites open and close a store per test); `dispose()` drops it.
 */
export async function testDatabase(baseUrl: string, options: PostgresOptions = {}) {
  const db = await createDatabase(baseUrl);
  return {
    url: db.url,
    async open(): Promise<OpenedPostgres> {
      const opened = await openPostgres(db.url, { max: 4, lockMax: 4, ...options });
      await truncateAll(opened);
      return opened;
    },
    dispose: () => db.drop(),
  };
}
