import type { Party } from '../rules/constants.js';
import type { Slot } from '../declaration/connect.js';
import type { Declaration } from '../declaration/entities.js';
import type { ChangedKind } from '../declaration/edits/index.js';

/** A declaration as stored: the shared document, who holds each party, and the last activity. */
export interface StoredDeclaration {
  readonly declaration: Declaration;
  readonly slots: Readonly<Record<Party, Slot>>;
  /** Last edit or heartbeat of either party: the 30-minute lifetime counts from here. */
  readonly lastActivity: number;
}

/** What made a version: the kind of change the devices were told of, and which party made it (null: the server). */
export interface ChangeNote {
  readonly version: number;
  readonly kind: ChangedKind;
  readonly by: Party | null;
}

/**
 * The versions a store shared by several nodes announces for a declaration that is gone: removed
 * (inactivity, retention) or deleted by a driver (nuke-it); the nodes end their devices' sessions.
 */
export const REMOVED_VERSION = -1;
export const DELETED_VERSION = -2;

/** How many versions' notes a store keeps per declaration: a node further behind sends its devices the whole view. */
export const CHANGE_NOTES_KEPT = 64;

/**
 * API Boundary: durable storage of declarations. A call that resolves has been committed: the
 * hub acknowledges an edit to a driver only after `save` resolved. Writes are compare-and-set on
 * the declaration's version, so two devices editing at once never overwrite each other unseen.
 */
export interface DeclarationStorePort {
  /** Stores a new declaration; rejects when the id is taken. */
  create(record: StoredDeclaration): Promise<void>;
  get(id: string): Promise<StoredDeclaration | null>;
  /**
   * Replaces the stored record if its declaration version is still `expectedVersion`; resolves
   * false (and writes nothing) when another write came first. `note` (what made the new version)
   * is committed with it; a store shared by several nodes also tells the others of the version.
   */
  save(record: StoredDeclaration, expectedVersion: number, note?: Omit<ChangeNote, 'version'>): Promise<boolean>;
  /**
   * The declaration with the notes of its versions after `afterVersion`, oldest first (the last
   * CHANGE_NOTES_KEPT at most), in one read; null when it is gone.
   */
  getSince(id: string, afterVersion: number): Promise<{ readonly record: StoredDeclaration; readonly notes: ChangeNote[] } | null>;
  /**
   * Records a heartbeat: the party's last-seen time and the declaration's last activity, each only
   * moved forward (a late heartbeat, or one of a node whose clock lags, never moves them back; a save
   * keeps them the same way). Resolves the declaration's version (the device learns whether it missed a
   * change), null when it is gone.
   */
  touch(id: string, party: Party, at: number): Promise<number | null>;
  /**
   * Every declaration (open or finished) with activity at or after `since` in which one of the
   * keys is a vehicle key (plate, or `VIN:` + VIN) or a trailer plate of either party.
   */
  findByKeys(keys: readonly string[], since: number): Promise<StoredDeclaration[]>;
  /** Deletes unfinished declarations whose last activity is before `before`; resolves their ids. */
  removeInactive(before: number): Promise<string[]>;
  /** Deletes finished declarations whose last activity (their end) is before `before`: the retention period is over (RT1). */
  removeFinishedBefore(before: number): Promise<string[]>;
  /** Which of these ids are stored (the orphan sweep of binaries). */
  existingIds(ids: readonly string[]): Promise<Set<string>>;
  /** Deletes an unfinished declaration (nuke-it); a finished one is kept and false is returned. */
  remove(id: string): Promise<boolean>;
}

/**
 * API Boundary: the binaries a declaration refers to by id (photos, audio, scheme and signature
 * images). Bytes are plain Uint8Array so that the domain needs no Buffer.
 */
export interface BlobStorePort {
  put(blob: { readonly id: string; readonly declarationId: string; readonly contentType: string; readonly bytes: Uint8Array }): Promise<void>;
  /** Stores several binaries together (an image and its thumbnail): all or none. */
  putAll(blobs: ReadonlyArray<{ readonly id: string; readonly declarationId: string; readonly contentType: string; readonly bytes: Uint8Array }>): Promise<void>;
  get(id: string): Promise<{ readonly contentType: string; readonly bytes: Uint8Array; readonly declarationId: string } | null>;
  /** Which of these ids are stored. */
  existing(ids: readonly string[]): Promise<Set<string>>;
  /** Forgets every binary of a declaration (removed for inactivity, or deleted). */
  removeFor(declarationId: string): Promise<void>;
  /** The declarations that have binaries stored (the orphan sweep, RT2). */
  declarationIds(): Promise<string[]>;
  /** How many binaries a declaration has and their total size (the upload quota). */
  usage(declarationId: string): Promise<{ readonly count: number; readonly bytes: number }>;
}
