// Vitest global setup: one throwaway PostgreSQL cluster for a test project, on loopback, stopped
// after the run. Test files make their own databases in it (see adapters/storage-postgres/src/testing.ts).
import { startPostgres } from './postgres.mjs';

export default async function setup({ provide }) {
  const pg = await startPostgres();
  provide('postgresUrl', pg.url);
  return () => pg.stop();
}
