import type { BlobStorePort, ChangeNote, DeclarationStorePort, Party, StoredDeclaration, SubmitQueuePort } from '@eid/domain';
import { CHANGE_NOTES_KEPT, declarationKeys } from '@eid/domain';

/** JSON round trip: stored records share nothing with the caller's objects. */
const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/**
 * Declarations in a Map. Used by tests and by the practice mode, which runs the whole hub in the
 * browser and must save nothing: everything is gone with the page.
 */
export class MemoryDeclarationStore implements DeclarationStorePort {
  private readonly records = new Map<string, StoredDeclaration>();
  private readonly notes = new Map<string, ChangeNote[]>();

  async create(record: StoredDeclaration): Promise<void> {
    const id = record.declaration.id;
    if (this.records.has(id)) throw new Error(`declaration ${id} exists`);
    this.records.set(id, clone(record));
  }

  async get(id: string): Promise<StoredDeclaration | null> {
    const r = this.records.get(id);
    return r ? clone(r) : null;
  }

  async save(record: StoredDeclaration, expectedVersion: number, note?: Omit<ChangeNote, 'version'>): Promise<boolean> {
    const id = record.declaration.id;
    const current = this.records.get(id);
    if (!current || current.declaration.version !== expectedVersion) return false;
    this.records.set(id, clone(record));
    if (note) {
      const notes = [...(this.notes.get(id) ?? []), { version: record.declaration.version, kind: note.kind, by: note.by }];
      this.notes.set(id, notes.slice(-CHANGE_NOTES_KEPT));
    }
    return true;
  }

  async getSince(id: string, afterVersion: number): Promise<{ record: StoredDeclaration; notes: ChangeNote[] } | null> {
    const record = await this.get(id);
    return record ? { record, notes: (this.notes.get(id) ?? []).filter((n) => n.version > afterVersion) } : null;
  }

  async touch(id: string, party: Party, at: number): Promise<number | null> {
    const r = this.records.get(id);
    if (!r) return null;
    this.records.set(id, {
      ...r,
      slots: { ...r.slots, [party]: { ...r.slots[party], lastSeen: Math.max(r.slots[party].lastSeen, at) } },
      lastActivity: Math.max(r.lastActivity, at),
    });
    return r.declaration.version;
  }

  async findByKeys(keys: readonly string[], since: number): Promise<StoredDeclaration[]> {
    const wanted = new Set(keys.filter((k) => k !== ''));
    const found: StoredDeclaration[] = [];
    for (const r of this.records.values()) {
      if (r.lastActivity < since) continue;
      if (declarationKeys(r.declaration).some((k) => wanted.has(k))) found.push(clone(r));
    }
    return found;
  }

  async removeInactive(before: number): Promise<string[]> {
    const removed: string[] = [];
    for (const [id, r] of this.records) {
      if (r.declaration.status !== 'FINISHED' && r.lastActivity < before) {
        this.forget(id);
        removed.push(id);
      }
    }
    return removed;
  }

  async removeFinishedBefore(before: number): Promise<string[]> {
    const removed: string[] = [];
    for (const [id, r] of this.records) {
      if (r.declaration.status === 'FINISHED' && r.lastActivity < before) {
        this.forget(id);
        removed.push(id);
      }
    }
    return removed;
  }

  async existingIds(ids: readonly string[]): Promise<Set<string>> {
    return new Set(ids.filter((id) => this.records.has(id)));
  }

  async remove(id: string): Promise<boolean> {
    const r = this.records.get(id);
    if (!r || r.declaration.status === 'FINISHED') return false;
    return this.forget(id);
  }

  private forget(id: string): boolean {
    this.notes.delete(id);
    return this.records.delete(id);
  }
}

/** Binaries in a Map, copied in and out. */
export class MemoryBlobStore implements BlobStorePort {
  private readonly blobs = new Map<string, { contentType: string; bytes: Uint8Array; declarationId: string }>();

  async put(blob: { id: string; declarationId: string; contentType: string; bytes: Uint8Array }): Promise<void> {
    this.blobs.set(blob.id, { contentType: blob.contentType, declarationId: blob.declarationId, bytes: blob.bytes.slice() });
  }

  async putAll(blobs: ReadonlyArray<{ id: string; declarationId: string; contentType: string; bytes: Uint8Array }>): Promise<void> {
    for (const b of blobs) await this.put(b);
  }

  async declarationIds(): Promise<string[]> {
    return [...new Set([...this.blobs.values()].map((b) => b.declarationId))];
  }

  async get(id: string) {
    const b = this.blobs.get(id);
    return b ? { ...b, bytes: b.bytes.slice() } : null;
  }

  async existing(ids: readonly string[]): Promise<Set<string>> {
    return new Set(ids.filter((id) => this.blobs.has(id)));
  }

  async removeFor(declarationId: string): Promise<void> {
    for (const [id, b] of this.blobs) if (b.declarationId === declarationId) this.blobs.delete(id);
  }

  async usage(declarationId: string): Promise<{ count: number; bytes: number }> {
    let count = 0;
    let bytes = 0;
    for (const b of this.blobs.values()) {
      if (b.declarationId !== declarationId) continue;
      count += 1;
      bytes += b.bytes.length;
    }
    return { count, bytes };
  }
}

/** The submit queue in memory: entries in order, each once. */
export class MemorySubmitQueue implements SubmitQueuePort {
  private readonly entries = new Map<string, number>();

  async enqueue(declarationId: string, at: number): Promise<void> {
    if (!this.entries.has(declarationId)) this.entries.set(declarationId, at);
  }

  /** Entries waiting, oldest first. */
  due(): string[] {
    return [...this.entries.entries()].sort((a, b) => a[1] - b[1]).map(([id]) => id);
  }

  done(declarationId: string): void {
    this.entries.delete(declarationId);
  }
}
