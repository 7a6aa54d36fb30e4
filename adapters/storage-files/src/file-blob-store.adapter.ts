import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { isStorageFull, StorageFullError, type BlobStorePort } from '@eid/domain';

interface Entry {
  readonly declarationId: string;
  readonly contentType: string;
  readonly size: number;
  readonly file: string;
}

type Blob = { readonly id: string; readonly declarationId: string; readonly contentType: string; readonly bytes: Uint8Array };

const SAFE = /^[A-Za-z0-9_-]{1,64}$/;
const TYPE = /^[a-z]+\/[a-z0-9.+-]+$/;
/** `image/jpeg` ↔ `image~jpeg` in file names. */
const typeToName = (t: string) => t.replace('/', '~');
const nameToType = (n: string) => n.replace('~', '/');

async function syncDir(dir: string): Promise<void> {
  const fh = await open(dir, 'r');
  try {
    await fh.sync();
  } finally {
    await fh.close();
  }
}

/**
 * Binaries as files, one folder per declaration (`<dir>/<declarationId>/<id>.<type>`). Every write
 * goes to a temporary file that is synced to disk before it is renamed into place (and the folder
 * synced): a binary is either whole or absent after a crash, and the promise resolves only when it
 * is durable. All I/O is asynchronous, on libuv's thread pool: a photo being written never holds
 * the event loop. An index in memory, read from the folders at start, answers lookups.
 */
export class FileBlobStore implements BlobStorePort {
  private readonly index = new Map<string, Entry>();

  private constructor(private readonly dir: string) {}

  /** Opens (creating when absent) the folder and reads its index; drops files left mid-write. */
  static async open(dir: string): Promise<FileBlobStore> {
    const store = new FileBlobStore(dir);
    await store.load();
    return store;
  }

  private async load(): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    for (const declarationId of await readdir(this.dir)) {
      if (!SAFE.test(declarationId)) continue;
      const folder = join(this.dir, declarationId);
      if (!(await stat(folder)).isDirectory()) continue;
      for (const name of await readdir(folder)) {
        if (name.endsWith('.tmp')) {
          // A temporary file left by a crash mid-write: it was never acknowledged.
          await rm(join(folder, name), { force: true });
          continue;
        }
        const m = /^([A-Za-z0-9_-]{1,64})\.([a-z]+~[a-z0-9.+-]+)$/.exec(name);
        if (!m) continue;
        const { size } = await stat(join(folder, name));
        this.index.set(m[1]!, { declarationId, contentType: nameToType(m[2]!), size, file: join(folder, name) });
      }
    }
  }

  private check(blob: Blob): void {
    if (!SAFE.test(blob.id) || !SAFE.test(blob.declarationId) || !TYPE.test(blob.contentType)) {
      throw new Error(`FileBlobStore: refused id, declaration or type ${JSON.stringify([blob.id, blob.declarationId, blob.contentType])}`);
    }
  }

  /** Writes a blob to a synced temporary file; resolves the temporary and final paths. */
  private async stage(blob: Blob): Promise<{ tmp: string; file: string; folder: string }> {
    this.check(blob);
    const folder = join(this.dir, blob.declarationId);
    await mkdir(folder, { recursive: true });
    const file = join(folder, `${blob.id}.${typeToName(blob.contentType)}`);
    const tmp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      const fh = await open(tmp, 'w', 0o600);
      try {
        await fh.writeFile(blob.bytes);
        await fh.sync();
      } finally {
        await fh.close();
      }
    } catch (error) {
      // A write the disk had no room for (OP3) leaves nothing behind, not even its partial file.
      await rm(tmp, { force: true });
      throw isStorageFull(error) ? new StorageFullError('the binaries', { cause: error }) : error;
    }
    return { tmp, file, folder };
  }

  private async commit(blob: Blob, staged: { tmp: string; file: string }): Promise<void> {
    const previous = this.index.get(blob.id);
    await rename(staged.tmp, staged.file);
    if (previous && previous.file !== staged.file) await rm(previous.file, { force: true });
    this.index.set(blob.id, { declarationId: blob.declarationId, contentType: blob.contentType, size: blob.bytes.byteLength, file: staged.file });
  }

  async put(blob: Blob): Promise<void> {
    await this.putAll([blob]);
  }

  /** All staged and synced before any is renamed into place; none, when one cannot be. */
  async putAll(blobs: readonly Blob[]): Promise<void> {
    const attempts = await Promise.allSettled(blobs.map((b) => this.stage(b)));
    const failed = attempts.find((a): a is PromiseRejectedResult => a.status === 'rejected');
    if (failed) {
      for (const a of attempts) if (a.status === 'fulfilled') await rm(a.value.tmp, { force: true });
      throw failed.reason;
    }
    const staged = attempts.map((a) => (a as PromiseFulfilledResult<{ tmp: string; file: string; folder: string }>).value);
    for (const [i, b] of blobs.entries()) await this.commit(b, staged[i]!);
    for (const folder of new Set(staged.map((s) => s.folder))) await syncDir(folder);
  }

  async get(id: string) {
    const e = this.index.get(id);
    if (!e) return null;
    try {
      const bytes = new Uint8Array(await readFile(e.file));
      return { contentType: e.contentType, declarationId: e.declarationId, bytes };
    } catch {
      return null;
    }
  }

  async existing(ids: readonly string[]): Promise<Set<string>> {
    return new Set(ids.filter((id) => this.index.has(id)));
  }

  async usage(declarationId: string): Promise<{ count: number; bytes: number }> {
    let count = 0;
    let bytes = 0;
    for (const e of this.index.values()) {
      if (e.declarationId !== declarationId) continue;
      count += 1;
      bytes += e.size;
    }
    return { count, bytes };
  }

  async declarationIds(): Promise<string[]> {
    const ids = new Set<string>();
    for (const e of this.index.values()) ids.add(e.declarationId);
    // Folders without an indexed file (left by a crash mid-write) count too: they are swept with their declaration.
    for (const name of await readdir(this.dir)) if (SAFE.test(name)) ids.add(name);
    return [...ids];
  }

  async removeFor(declarationId: string): Promise<void> {
    if (!SAFE.test(declarationId)) return;
    for (const [id, e] of this.index) if (e.declarationId === declarationId) this.index.delete(id);
    await rm(join(this.dir, declarationId), { recursive: true, force: true });
  }
}
