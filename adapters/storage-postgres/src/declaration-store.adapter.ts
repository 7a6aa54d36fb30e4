import { and, eq, gte, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import {
  DELETED_VERSION,
  REMOVED_VERSION,
  declarationKeys as keysOf,
  type ChangeNote,
  type Declaration,
  type DeclarationStorePort,
  type Party,
  type StoredDeclaration,
} from '@eid/domain';
import type { HeldLock, OpenedPostgres, OptimisticAttempt, PgDatabase, RowStamp } from './database.js';
import { createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import { CHANGES_CHANNEL, announcedRowOf, announcementOf, versionAnnouncement } from './announcement.js';
import { GET_ROW, GET_SINCE, SAVE, SAVE_HANDING_OVER, SAVE_OPTIMISTIC, SAVE_WAITING, notesOf, stampOf, type RawRow, type RawStamp } from './declaration-rows.js';
import { JOB_QUEUES, type PgJobs } from './jobs.adapter.js';
import { TouchBatches } from './touch-batches.js';
import { KeptRows } from './kept-rows.js';
import { declarationKeys, declarations } from './schema.js';

export { CHANGES_CHANNEL } from './announcement.js';

type Row = typeof declarations.$inferSelect;
type Tx = Parameters<Parameters<PgDatabase['transaction']>[0]>[0];



function toRow(r: StoredDeclaration): Row {
  const d = r.declaration;
  return {
    id: d.id,
    mode: d.mode,
    status: d.status,
    version: d.version,
    createdAt: d.createdAt,
    lastActivity: r.lastActivity,
    doc: JSON.stringify(d),
    slotATokenHash: r.slots.A.tokenHash,
    slotALastSeen: r.slots.A.lastSeen,
    slotBTokenHash: r.slots.B.tokenHash,
    slotBLastSeen: r.slots.B.lastSeen,
    rev: 0,
  };
}

function fromRow(row: Omit<Row, 'rev'>): StoredDeclaration {
  return {
    declaration: JSON.parse(row.doc) as Declaration,
    slots: {
      A: { tokenHash: row.slotATokenHash, lastSeen: row.slotALastSeen },
      B: { tokenHash: row.slotBTokenHash, lastSeen: row.slotBLastSeen },
    },
    lastActivity: row.lastActivity,
  };
}

/** Announces a version to every node (delivered at commit, and only if the transaction commits). */
function announce(tx: Tx, declarationId: string, version: number): Promise<unknown> {
  return tx.execute(sql`select pg_notify(${CHANGES_CHANNEL}, ${versionAnnouncement(declarationId, version)})`);
}

/**
 * Declarations in PostgreSQL, shared by every node. A save is one statement: the row (compare-
 * and-set on the version), its plate keys and the note of what made the version; the
 * announcement of the version on CHANGES_CHANNEL follows the commit (PgNotices), with the saved
 * row when it fits: another node's `heard` keeps it for its `getSince`.
 *
 * Under a declaration's cross-node lock (PgCluster.withLock) the holder's statements run on the
 * lock's connection, and its read of the declaration costs no round trip when this node keeps the
 * document of the revision the lock's stamp names (every save counts a revision; a node keeps the
 * documents it read or saved last).
 */
export class PgDeclarationStore implements DeclarationStorePort {
  private readonly db: PgDatabase;
  /** The documents this node read or saved last, and the rows other nodes' saves announced (kept-rows.ts). */
  private readonly kept = new KeptRows();
  /** The heartbeats' writes, in batches. */
  private readonly touches: TouchBatches;
  /** The announcements' signing key, prepared once. */
  private readonly macKey: KeyObject;

  constructor(
    private readonly opened: Pick<OpenedPostgres, 'db' | 'pool' | 'lockPool' | 'held' | 'attempts' | 'notices'>,
    /** The job queue: a save that marks a declaration waiting for the insurers' answer adds its submit job in the same transaction. */
    private readonly queue: PgJobs | null = null,
    /**
     * The key the nodes sign and check the rows their announcements carry with (announcement.ts): the same on every
     * node (derived from the installation's shared secret). A store without one makes its own: its rows are then
     * taken by no other node, which reads the table instead.
     */
    announceKey: Uint8Array = randomBytes(32),
  ) {
    this.db = opened.db;
    this.macKey = createSecretKey(announceKey);
    this.touches = new TouchBatches(opened.pool);
  }

  /** The lock this context holds on the declaration, if it does (its work not over, the lock not gone with a save). */
  private heldFor(id: string): HeldLock | undefined {
    const held = this.opened.held.getStore();
    return held && held.active && !held.released && held.declarationId === id ? held : undefined;
  }

  /** The change this context tries without the lock on the declaration, if it does (OptimisticAttempt). */
  private attemptFor(id: string): OptimisticAttempt | undefined {
    const attempt = this.opened.attempts.getStore();
    return attempt && attempt.active && attempt.declarationId === id ? attempt : undefined;
  }

  private remember(stamp: RowStamp, doc: string, held: HeldLock | undefined): void {
    if (held) held.stamp = stamp;
    this.kept.remember(stamp, doc);
  }

  private forget(id: string): void {
    this.kept.forget(id);
    const held = this.heldFor(id);
    if (held) held.stamp = null;
  }

  private async writeKeys(tx: Tx, d: Declaration): Promise<void> {
    await tx.delete(declarationKeys).where(eq(declarationKeys.declarationId, d.id));
    const keys = keysOf(d);
    if (keys.length > 0) await tx.insert(declarationKeys).values(keys.map((key) => ({ declarationId: d.id, key })));
  }

  async create(record: StoredDeclaration): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.insert(declarations).values(toRow(record));
      await this.writeKeys(tx, record.declaration);
    });
  }

  async get(id: string): Promise<StoredDeclaration | null> {
    const held = this.heldFor(id);
    const kept = this.kept.document(id);
    // The revision and the version both as kept: a document changed without a counted save (an older node's code, a repair by hand) is read.
    if (held?.stamp && kept?.stamp.rev === held.stamp.rev && kept.stamp.version === held.stamp.version) return fromRow({ ...held.stamp, doc: kept.doc });
    const attempt = held ? undefined : this.attemptFor(id);
    if (attempt) {
      // Tried without the lock: the newest row this node knows (its own, or one another node announced), which the
      // save's compare-and-set on its revision proves current or not.
      const known = this.kept.newest(id);
      if (known) {
        attempt.rev = known.stamp.rev;
        return fromRow({ ...known.stamp, doc: known.doc });
      }
    }
    const result = await (held?.client ?? this.opened.pool).query<RawRow>({ ...GET_ROW, values: [id] });
    const raw = result.rows[0];
    if (!raw) return null;
    const stamp = stampOf(raw);
    this.remember(stamp, raw.doc, held);
    if (attempt) attempt.rev = stamp.rev;
    return fromRow({ ...stamp, doc: raw.doc });
  }

  async save(record: StoredDeclaration, expectedVersion: number, note?: Omit<ChangeNote, 'version'>): Promise<boolean> {
    const d = record.declaration;
    const doc = JSON.stringify(d);
    const { A, B } = record.slots;
    const values = [
      d.id,
      d.mode,
      d.status,
      d.version,
      d.createdAt,
      doc,
      A.tokenHash,
      B.tokenHash,
      A.lastSeen,
      B.lastSeen,
      record.lastActivity,
      expectedVersion,
      JSON.stringify(keysOf(d)),
      note?.kind ?? null,
      note?.by ?? null,
    ];
    const held = this.heldFor(d.id);
    const attempt = held ? undefined : this.attemptFor(d.id);
    if (attempt) {
      // Without the lock only a plain save of the revision read: anything else is done again under the lock.
      if (attempt.rev === null || (this.queue && d.submitState === 'WAITING')) return false;
      let row: RawStamp | undefined;
      try {
        // On the lock pool, as the saves under the lock: its lock_timeout bounds a wait for the row.
        row = (await this.opened.lockPool.query<RawStamp>({ ...SAVE_OPTIMISTIC, values: [...values, attempt.rev] })).rows[0];
      } catch (error) {
        attempt.unknown = true;
        throw error;
      }
      attempt.saved = row !== undefined;
      return this.saved(row, doc, undefined, note);
    }
    if (!this.queue || d.submitState !== 'WAITING') {
      const handOver = held?.handOver === true && !held.released;
      const result = await (held?.client ?? this.opened.pool).query<RawStamp & { released?: boolean }>({ ...(handOver ? SAVE_HANDING_OVER : SAVE), values });
      if (handOver && result.rows[0]?.released === true) held.released = true;
      return this.saved(result.rows[0], doc, held, note);
    }
    // Waiting for the answer: the declaration and its submit job are committed together, or neither.
    const client = held?.client ?? (await this.opened.pool.connect());
    try {
      await client.query('begin');
      const result = await client.query<RawStamp & { submit_state_before: string | null }>({ ...SAVE_WAITING, values });
      const row = result.rows[0];
      // Only the save that makes it waiting adds the job (later saves while waiting: a join request, a heartbeat's seat).
      if (row && row.submit_state_before !== 'WAITING') await this.queue.sendIn(client, JOB_QUEUES.submit, { declarationId: d.id }, d.id);
      await client.query('commit');
      return this.saved(row, doc, held, note);
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      if (!held) client.release();
    }
  }

  /**
   * After the commit: kept, and announced to every node (PgNotices: outside the save's transaction, so that saves do
   * not commit one at a time). An announcement that fails is not the save's failure: the other nodes' devices learn
   * the version from their next heartbeat, as when a listener lost its connection.
   */
  private saved(row: RawStamp | undefined, doc: string, held: HeldLock | undefined, note: Omit<ChangeNote, 'version'> | undefined): boolean {
    if (!row) return false;
    const stamp = stampOf(row);
    this.remember(stamp, doc, held);
    this.opened.notices.send(CHANGES_CHANNEL, announcementOf(stamp, doc, note ?? null, this.macKey)).catch(() => undefined);
    return true;
  }

  /**
   * An announcement heard (issue 35 item 5): the row it carries, signed with the nodes' key, is kept for `getSince`
   * (the node's hub, pushing the change to its devices one version behind, then reads nothing); this node's own saves
   * (kept already) are not. An announcement without a row (too long, unsigned, a removal) drops an older one kept.
   */
  heard(declarationId: string, version: number, announcement?: Readonly<Record<string, unknown>>): void {
    this.kept.hear(declarationId, version, announcement ? announcedRowOf(announcement, this.macKey) : null);
  }

  async getSince(id: string, afterVersion: number): Promise<{ record: StoredDeclaration; notes: ChangeNote[] } | null> {
    const held = this.heldFor(id);
    const announced = this.kept.takeAnnounced(id);
    // The version right after the one asked from, announced with its row: the row and its note are what a read would give.
    if (announced && announced.stamp.version === afterVersion + 1) {
      this.remember(announced.stamp, announced.doc, held);
      const notes = announced.note ? [{ version: announced.stamp.version, ...announced.note }] : [];
      return { record: fromRow({ ...announced.stamp, doc: announced.doc }), notes };
    }
    const result = await (held?.client ?? this.opened.pool).query<RawRow & { notes: { version: number; kind: string; by: string | null }[] }>({
      ...GET_SINCE,
      values: [id, afterVersion],
    });
    const raw = result.rows[0];
    if (!raw) return null;
    const stamp = stampOf(raw);
    this.remember(stamp, raw.doc, held);
    return { record: fromRow({ ...stamp, doc: raw.doc }), notes: notesOf(raw.notes) };
  }

  /** A heartbeat's write (a seat's last-seen time, the last activity), in the next batch (touch-batches.ts). */
  touch(id: string, party: Party, at: number): Promise<number | null> {
    return this.touches.touch(id, party, at);
  }

  async findByKeys(keys: readonly string[], since: number): Promise<StoredDeclaration[]> {
    const wanted = [...new Set(keys.filter((k) => k !== ''))];
    if (wanted.length === 0) return [];
    const ids = this.db.selectDistinct({ id: declarationKeys.declarationId }).from(declarationKeys).where(inArray(declarationKeys.key, wanted));
    const rows = await this.db
      .select()
      .from(declarations)
      .where(and(inArray(declarations.id, ids), gte(declarations.lastActivity, since)));
    return rows.map(fromRow);
  }

  removeInactive(before: number): Promise<string[]> {
    return this.removeWhere(and(ne(declarations.status, 'FINISHED'), lt(declarations.lastActivity, before)));
  }

  removeFinishedBefore(before: number): Promise<string[]> {
    return this.removeWhere(and(eq(declarations.status, 'FINISHED'), lt(declarations.lastActivity, before)));
  }

  /** Deletes the declarations matching `condition` (keys and notes cascade); announces each. */
  private removeWhere(condition: SQL | undefined): Promise<string[]> {
    return this.db.transaction(async (tx) => {
      const rows = await tx.delete(declarations).where(condition).returning({ id: declarations.id });
      const ids = rows.map((r) => r.id);
      for (const id of ids) {
        this.forget(id);
        await announce(tx, id, REMOVED_VERSION);
      }
      return ids;
    });
  }

  async existingIds(ids: readonly string[]): Promise<Set<string>> {
    const found = new Set<string>();
    for (let i = 0; i < ids.length; i += 1000) {
      const rows = await this.db.select({ id: declarations.id }).from(declarations).where(inArray(declarations.id, ids.slice(i, i + 1000)));
      for (const r of rows) found.add(r.id);
    }
    return found;
  }

  async remove(id: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const rows = await tx
        .delete(declarations)
        .where(and(eq(declarations.id, id), ne(declarations.status, 'FINISHED')))
        .returning({ id: declarations.id });
      if (rows.length === 1) {
        this.forget(id);
        await announce(tx, id, DELETED_VERSION);
      }
      return rows.length === 1;
    });
  }
}
