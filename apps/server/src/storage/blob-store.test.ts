import { afterAll, beforeAll, inject } from 'vitest';
import { S3BlobStore } from '@eid/adapter-blobs-s3';
import { openPostgres, PgBlobIndex } from '@eid/adapter-storage-postgres';
import { createDatabase, truncateAll } from '@eid/adapter-storage-postgres/testing';
import { registerBlobStoreContract } from '@eid/test-fixtures';

// The several-node installation's binaries as the server wires them: bytes on the object store,
// the index in PostgreSQL — the blob-store contract over both real servers.
let database: Awaited<ReturnType<typeof createDatabase>>;
beforeAll(async () => {
  database = await createDatabase(inject('postgresUrl'));
});
afterAll(() => database.drop());

let made = 0;
registerBlobStoreContract('S3 (s3rver) indexed in PostgreSQL', async () => {
  const s3 = inject('s3');
  const opened = await openPostgres(database.url, { max: 4, lockMax: 1 });
  await truncateAll(opened);
  made += 1;
  const blobs = new S3BlobStore(
    { url: s3.url, bucket: `eid-blobs-${process.pid}-${made}`, region: 'us-east-1', accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    new PgBlobIndex(opened.db),
  );
  await blobs.ensureBucket();
  return {
    blobs,
    close: async () => {
      blobs.close();
      await opened.close();
    },
  };
});
