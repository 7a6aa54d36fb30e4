// Vitest global setup: the servers a test project needs, on loopback, stopped after the run — a
// throwaway PostgreSQL cluster (test files make their own databases in it, see
// adapters/storage-postgres/src/testing.ts) and an S3-compatible object store with one bucket.
import { startPostgres } from './postgres.mjs';
import { startS3 } from './s3.mjs';

export default async function setup({ provide }) {
  const pg = await startPostgres();
  let s3;
  try {
    s3 = await startS3();
  } catch (error) {
    pg.stop();
    throw error;
  }
  provide('postgresUrl', pg.url);
  provide('s3', { url: s3.url, bucket: s3.bucket, accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey });
  return async () => {
    await s3.stop();
    pg.stop();
  };
}
