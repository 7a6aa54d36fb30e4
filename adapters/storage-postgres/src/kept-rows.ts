import type { RowStamp } from './database.js';
import type { AnnouncedRow } from './announcement.js';

/** How many declarations' documents a node keeps by revision (a few kB each): those its devices are filling in. */
const DOCUMENTS_KEPT = 1000;
/** How many announced rows a node keeps until its hub asks (most are of declarations with no device here). */
const ANNOUNCED_KEPT = 1000;

/** A row as a node keeps it: its stamp and its document as text. */
export interface KeptRow {
  readonly stamp: RowStamp;
  readonly doc: string;
}

/** Keeps at most `limit` entries, the latest set last (a Map keeps its insertion order). */
function keep<T>(map: Map<string, T>, id: string, value: T, limit: number): void {
  map.delete(id);
  map.set(id, value);
  if (map.size > limit) map.delete(map.keys().next().value as string);
}

/**
 * What a node knows of declarations' rows without reading the table (PgDeclarationStore): the documents it read or
 * saved last, by revision, and the rows other nodes' announcements carried (signed, checked before they come here),
 * the latest of each declaration, until its hub takes one.
 */
export class KeptRows {
  private readonly documents = new Map<string, KeptRow>();
  private readonly announced = new Map<string, AnnouncedRow>();

  /** The revision of the document kept; -1 for none. */
  rev(id: string): number {
    return this.documents.get(id)?.stamp.rev ?? -1;
  }

  document(id: string): KeptRow | undefined {
    return this.documents.get(id);
  }

  /** The newest row known: the document kept, or a row announced since. */
  newest(id: string): KeptRow | undefined {
    const announced = this.announced.get(id);
    return announced && announced.stamp.rev > this.rev(id) ? announced : this.documents.get(id);
  }

  /** A row read or saved; one that finishes after a newer save of this node does not replace what that save kept. */
  remember(stamp: RowStamp, doc: string): void {
    if (this.rev(stamp.id) > stamp.rev) return;
    keep(this.documents, stamp.id, { stamp, doc }, DOCUMENTS_KEPT);
  }

  forget(id: string): void {
    this.documents.delete(id);
    this.announced.delete(id);
  }

  /**
   * An announcement of `version` heard: its checked row (null: none, too long, unsigned, a removal) is kept unless
   * this node has as new; without a row, an older row kept is dropped.
   */
  hear(id: string, version: number, row: AnnouncedRow | null): void {
    if (!row || row.stamp.id !== id || row.stamp.version !== version) {
      const kept = this.announced.get(id);
      if (kept && (version < 0 || kept.stamp.version <= version)) this.announced.delete(id);
      return;
    }
    if (this.rev(id) >= row.stamp.rev || (this.announced.get(id)?.stamp.rev ?? -1) >= row.stamp.rev) return;
    keep(this.announced, id, row, ANNOUNCED_KEPT);
  }

  /** Takes the row announced for the declaration, if it is newer than the document kept (once). */
  takeAnnounced(id: string): AnnouncedRow | undefined {
    const announced = this.announced.get(id);
    this.announced.delete(id);
    return announced && announced.stamp.rev > this.rev(id) ? announced : undefined;
  }
}
