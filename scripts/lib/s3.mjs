// A local S3-compatible object store (s3rver, from npm) on loopback: the tests' and `npm run
// cluster`'s, with one bucket. It runs after `npm install` (unlike the bootstrap scripts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

/** s3rver's fixed credentials. */
export const S3_ACCESS_KEY = 'S3RVER';
export const S3_SECRET_KEY = 'S3RVER';

/** Starts the store; resolves `{ url, bucket, accessKeyId, secretAccessKey, stop }`. */
export async function startS3({ port = 0, bucket = 'eid', directory } = {}) {
  const dir = directory ?? mkdtempSync(join(tmpdir(), 'eid-s3-'));
  const server = new S3rver({ port, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: bucket }] });
  const address = await server.run();
  const url = `http://127.0.0.1:${address.port}`;
  let stopped = false;
  return {
    url,
    bucket,
    accessKeyId: S3_ACCESS_KEY,
    secretAccessKey: S3_SECRET_KEY,
    dir,
    async stop() {
      if (stopped) return;
      stopped = true;
      await server.close();
      if (!directory) rmSync(dir, { recursive: true, force: true });
    },
  };
}
