import { count, eq, inArray, sum } from 'drizzle-orm';
import type { PgDatabase } from './database.js';
import { blobs } from './schema.js';

/** An entry of the binaries' index (the shape S3BlobStore's BlobIndex asks for). */
export interface PgBlobEntry {
  readonly id: string;
  readonly declarationId: string;
  readonly contentType: string;
  readonly size: number;
}

/**
 * The index of the binaries kept on the object store, in PostgreSQL: every node finds a binary by
 * its id and counts a declaration's quota without listing the bucket.
 */
export class PgBlobIndex {
  constructor(private readonly db: PgDatabase) {}

  async record(entries: readonly PgBlobEntry[]): Promise<void> {
    if (entries.length === 0) return;
    await this.db.transaction(async (tx) => {
      for (const e of entries) {
        await tx
          .insert(blobs)
          .values({ ...e })
          .onConflictDoUpdate({ target: blobs.id, set: { declarationId: e.declarationId, contentType: e.contentType, size: e.size } });
      }
    });
  }

  async find(id: string): Promise<PgBlobEntry | null> {
    const [row] = await this.db.select().from(blobs).where(eq(blobs.id, id));
    return row ?? null;
  }

  async existing(ids: readonly string[]): Promise<Set<string>> {
    const found = new Set<string>();
    for (let i = 0; i < ids.length; i += 1000) {
      const rows = await this.db.select({ id: blobs.id }).from(blobs).where(inArray(blobs.id, ids.slice(i, i + 1000)));
      for (const r of rows) found.add(r.id);
    }
    return found;
  }

  async forget(declarationId: string): Promise<void> {
    await this.db.delete(blobs).where(eq(blobs.declarationId, declarationId));
  }

  async usage(declarationId: string): Promise<{ readonly count: number; readonly bytes: number }> {
    const [row] = await this.db.select({ n: count(), bytes: sum(blobs.size) }).from(blobs).where(eq(blobs.declarationId, declarationId));
    return { count: row?.n ?? 0, bytes: Number(row?.bytes ?? 0) };
  }
}
