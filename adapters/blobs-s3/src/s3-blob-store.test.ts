import { createHash } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { registerBlobStoreContract } from '@eid/test-fixtures';
import { PART_SIZE, S3BlobStore, type BlobIndex, type BlobIndexEntry } from './s3-blob-store.adapter.js';

/** The index as a Map (the nodes' database keeps it in production: its contract runs in the server's tests). */
class MapIndex implements BlobIndex {
  readonly entries = new Map<string, BlobIndexEntry>();
  async record(entries: readonly BlobIndexEntry[]) {
    for (const e of entries) this.entries.set(e.id, e);
  }
  async find(id: string) {
    return this.entries.get(id) ?? null;
  }
  async existing(ids: readonly string[]) {
    return new Set(ids.filter((id) => this.entries.has(id)));
  }
  async forget(declarationId: string) {
    for (const [id, e] of this.entries) if (e.declarationId === declarationId) this.entries.delete(id);
  }
  async usage(declarationId: string) {
    const mine = [...this.entries.values()].filter((e) => e.declarationId === declarationId);
    return { count: mine.length, bytes: mine.reduce((n, e) => n + e.size, 0) };
  }
}

let run = 0;
/** Each store its own bucket prefix would still share the bucket: each test its own declarations instead. */
function store() {
  const s3 = inject('s3');
  run += 1;
  return new S3BlobStore({ url: s3.url, bucket: s3.bucket, region: 'us-east-1', accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey }, new MapIndex());
}

registerBlobStoreContract('S3 (s3rver)', async () => {
  const blobs = store();
  // The contract counts the declarations with binaries: the shared bucket starts empty for each test.
  for (const id of await blobs.declarationIds()) await blobs.removeFor(id);
  return { blobs, close: () => blobs.close() };
});

describe('S3 blob store', () => {
  it('[CL5] a 12 MB binary goes up in parts and comes back byte for byte (no checksum framing stored as data)', async () => {
    const blobs = store();
    // The commands the store sends, as the SDK names them.
    const commands: string[] = [];
    (blobs as unknown as { client: { middlewareStack: { add(mw: unknown, options: unknown): void } } }).client.middlewareStack.add(
      (next: (args: unknown) => Promise<unknown>, context: { commandName: string }) => async (args: unknown) => {
        commands.push(context.commandName);
        return next(args);
      },
      { step: 'initialize' },
    );
    const bytes = new Uint8Array(12 * 1024 * 1024 + 123);
    for (let i = 0; i < bytes.length; i += 1) bytes[i] = (i * 31 + (i >> 11)) & 0xff;
    await blobs.put({ id: `big-${run}`, declarationId: `dbig${run}`, contentType: 'image/jpeg', bytes });
    // In parts: one multipart upload of ceil(size / part size) parts, not one body.
    expect(commands.filter((c) => c === 'CreateMultipartUploadCommand')).toHaveLength(1);
    expect(commands.filter((c) => c === 'UploadPartCommand')).toHaveLength(Math.ceil(bytes.length / PART_SIZE));
    expect(commands.filter((c) => c === 'CompleteMultipartUploadCommand')).toHaveLength(1);
    expect(commands).not.toContain('PutObjectCommand');
    const back = await blobs.get(`big-${run}`);
    expect(back?.bytes.length).toBe(bytes.length);
    const digest = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
    expect(digest(back!.bytes)).toBe(digest(bytes));
    await blobs.removeFor(`dbig${run}`);
    expect(await blobs.get(`big-${run}`)).toBeNull();
    blobs.close();
  });

  it('[CL5] an id or declaration that is not the server’s own token never becomes a key', async () => {
    const blobs = store();
    await expect(blobs.put({ id: '../escape', declarationId: 'd1', contentType: 'image/jpeg', bytes: new Uint8Array([1]) })).rejects.toThrow(/refused/);
    await expect(blobs.put({ id: 'ok-id', declarationId: 'd1/../../x', contentType: 'image/jpeg', bytes: new Uint8Array([1]) })).rejects.toThrow(/refused/);
    expect(await blobs.get('../escape')).toBeNull();
    blobs.close();
  });

  it('answers ready when the bucket is reachable, and fails when the store is not', async () => {
    expect(await store().ping()).toBe(true);
    const down = new S3BlobStore({ url: 'http://127.0.0.1:1', bucket: 'eid', region: 'us-east-1', accessKeyId: 'x', secretAccessKey: 'y' }, new MapIndex());
    await expect(down.ping()).rejects.toThrow();
    down.close();
  });
});
