import {
  CreateBucketCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  NoSuchKey,
  NotFound,
  S3Client,
  type ListObjectsV2CommandOutput,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { BlobStorePort } from '@eid/domain';

type Blob = { readonly id: string; readonly declarationId: string; readonly contentType: string; readonly bytes: Uint8Array };

/** What the store keeps of a binary besides its bytes, in a database every node shares. */
export interface BlobIndexEntry {
  readonly id: string;
  readonly declarationId: string;
  readonly contentType: string;
  readonly size: number;
}

/**
 * The index of the stored binaries (a table in the nodes' database): the object store holds the
 * bytes, the index answers the lookups by id and the quota without listing the bucket.
 */
export interface BlobIndex {
  /** Records the entries together (all or none), replacing an entry of the same id. */
  record(entries: readonly BlobIndexEntry[]): Promise<void>;
  find(id: string): Promise<BlobIndexEntry | null>;
  existing(ids: readonly string[]): Promise<Set<string>>;
  forget(declarationId: string): Promise<void>;
  usage(declarationId: string): Promise<{ readonly count: number; readonly bytes: number }>;
}

export interface S3Settings {
  /** The store's endpoint (`EID_S3_URL`), e.g. https://s3.eu-central-1.amazonaws.com or a local one. */
  readonly url: string;
  readonly bucket: string;
  readonly region: string;
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
}

/** Ids and declaration ids are the server's own tokens; nothing else becomes part of a key. */
const SAFE = /^[A-Za-z0-9_-]{1,64}$/;
const TYPE = /^[a-z]+\/[a-z0-9.+-]+$/;

/** Objects over this size go up in parts of this size (a 20 MB photo never needs one 20 MB request). */
export const PART_SIZE = 5 * 1024 * 1024;

const keyOf = (declarationId: string, id: string) => `${declarationId}/${id}`;

/**
 * Binaries on an S3-compatible object store, shared by every node: `<declarationId>/<id>` in one
 * bucket, keys made only of the server's own ids. An object is uploaded (in parts when large)
 * before its index entry is recorded, so an entry always has its bytes; an object whose entry was
 * never recorded (a node died in between) is an orphan the retention sweep deletes with its
 * declaration's prefix. Checksums are computed only where S3 requires them: with the SDK's default
 * chunked checksums some S3-compatible stores keep the framing as data (stack.md).
 */
export class S3BlobStore implements BlobStorePort {
  private readonly client: S3Client;

  constructor(
    private readonly settings: S3Settings,
    private readonly index: BlobIndex,
  ) {
    this.client = new S3Client({
      endpoint: settings.url,
      region: settings.region,
      forcePathStyle: true,
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 3,
    });
  }

  /** Creates the bucket when it does not exist yet (a local installation's first start). */
  async ensureBucket(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.settings.bucket }));
    } catch (error) {
      // Only a bucket that is not there is made; a refusal or an unreachable store is the error it is.
      const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      if (!(error instanceof NotFound) && status !== 404) throw error;
      await this.client.send(new CreateBucketCommand({ Bucket: this.settings.bucket }));
    }
  }

  /** Is the bucket reachable (readiness)? */
  async ping(): Promise<boolean> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.settings.bucket }));
    return true;
  }

  private check(blob: Blob): void {
    if (!SAFE.test(blob.id) || !SAFE.test(blob.declarationId) || !TYPE.test(blob.contentType)) {
      throw new Error(`S3BlobStore: refused id, declaration or type ${JSON.stringify([blob.id, blob.declarationId, blob.contentType])}`);
    }
  }

  put(blob: Blob): Promise<void> {
    return this.putAll([blob]);
  }

  async putAll(blobs: readonly Blob[]): Promise<void> {
    for (const b of blobs) this.check(b);
    const uploaded: Blob[] = [];
    try {
      for (const b of blobs) {
        await new Upload({
          client: this.client,
          params: { Bucket: this.settings.bucket, Key: keyOf(b.declarationId, b.id), Body: b.bytes, ContentType: b.contentType, ContentLength: b.bytes.length },
          partSize: PART_SIZE,
          queueSize: 2,
        }).done();
        uploaded.push(b);
      }
      await this.index.record(blobs.map((b) => ({ id: b.id, declarationId: b.declarationId, contentType: b.contentType, size: b.bytes.length })));
    } catch (error) {
      // All or none: what went up of a failed set is taken down again (best effort: the sweep deletes the rest).
      await this.deleteKeys(uploaded.map((b) => keyOf(b.declarationId, b.id))).catch(() => undefined);
      throw error;
    }
  }

  async get(id: string): Promise<{ readonly contentType: string; readonly bytes: Uint8Array; readonly declarationId: string } | null> {
    if (!SAFE.test(id)) return null;
    const entry = await this.index.find(id);
    if (!entry) return null;
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: keyOf(entry.declarationId, entry.id) }));
      const bytes = object.Body ? await object.Body.transformToByteArray() : new Uint8Array();
      return { contentType: entry.contentType, bytes, declarationId: entry.declarationId };
    } catch (error) {
      if (error instanceof NoSuchKey) return null;
      throw error;
    }
  }

  existing(ids: readonly string[]): Promise<Set<string>> {
    return this.index.existing(ids.filter((id) => SAFE.test(id)));
  }

  async removeFor(declarationId: string): Promise<void> {
    if (!SAFE.test(declarationId)) return;
    // The index first: a binary that cannot be found is gone for the service, the bytes follow.
    await this.index.forget(declarationId);
    let token: string | undefined;
    do {
      const page: ListObjectsV2CommandOutput = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.settings.bucket, Prefix: `${declarationId}/`, ContinuationToken: token }),
      );
      await this.deleteKeys((page.Contents ?? []).map((o) => o.Key).filter((k): k is string => typeof k === 'string'));
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  /** The declarations that have objects in the bucket (orphans included: the retention sweep's list). */
  async declarationIds(): Promise<string[]> {
    const ids: string[] = [];
    let token: string | undefined;
    do {
      const page: ListObjectsV2CommandOutput = await this.client.send(new ListObjectsV2Command({ Bucket: this.settings.bucket, Delimiter: '/', ContinuationToken: token }));
      for (const p of page.CommonPrefixes ?? []) {
        const id = p.Prefix?.replace(/\/$/, '');
        if (id && SAFE.test(id)) ids.push(id);
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return ids;
  }

  usage(declarationId: string): Promise<{ readonly count: number; readonly bytes: number }> {
    return this.index.usage(declarationId);
  }

  close(): void {
    this.client.destroy();
  }

  private async deleteKeys(keys: readonly string[]): Promise<void> {
    for (let i = 0; i < keys.length; i += 1000) {
      const chunk = keys.slice(i, i + 1000);
      if (chunk.length === 0) continue;
      await this.client.send(new DeleteObjectsCommand({ Bucket: this.settings.bucket, Delete: { Objects: chunk.map((Key) => ({ Key })), Quiet: true } }));
    }
  }
}
