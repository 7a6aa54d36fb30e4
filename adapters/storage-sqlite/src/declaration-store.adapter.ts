import { and, asc, eq, gt, gte, inArray, isNull, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  CHANGE_NOTES_KEPT,
  declarationKeys as keysOf,
  type ChangeNote,
  type ChangedKind,
  type Declaration,
  type DeclarationStorePort,
  type Party,
  type StoredDeclaration,
  type QueuedSubmit,
  type SubmitQueueConsumerPort,
} from '@eid/domain';
import type { EidDatabase } from './database.js';
import { declarationChanges, declarationKeys, declarations, submitQueue } from './schema.js';

type Row = typeof declarations.$inferSelect;

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
  };
}

function fromRow(row: Row): StoredDeclaration {
  return {
    declaration: JSON.parse(row.doc) as Declaration,
    slots: {
      A: { tokenHash: row.slotATokenHash, lastSeen: row.slotALastSeen },
      B: { tokenHash: row.slotBTokenHash, lastSeen: row.slotBLastSeen },
    },
    lastActivity: row.lastActivity,
  };
}

/**
 * The statements of the hot paths, built and prepared once per store (issue 35 item 4): a heartbeat's touch, a save
 * (the row, its keys, its change note) and the read by id. Built per call, drizzle's query building and SQLite's
 * `prepare` took about 40 % of the node's busy time in a profile of bench:hub at N = 800.
 */
function prepareStatements(db: EidDatabase) {
  const p = (name: string) => sql`${sql.placeholder(name)}`;
  /** A seen time or the last activity only ever moves forward (a heartbeat may come in while a save waits for its batch). */
  const forward = (column: 'slotALastSeen' | 'slotBLastSeen' | 'lastActivity', name: string) => sql`max(${declarations[column]}, ${sql.placeholder(name)})`;
  const touch = (seen: 'slotALastSeen' | 'slotBLastSeen') =>
    db
      .update(declarations)
      .set({ [seen]: forward(seen, 'at'), lastActivity: forward('lastActivity', 'at') })
      .where(eq(declarations.id, sql.placeholder('id')))
      .returning({ version: declarations.version })
      .prepare();
  return {
    touch: { A: touch('slotALastSeen'), B: touch('slotBLastSeen') } satisfies Record<Party, unknown>,
    row: db
      .update(declarations)
      .set({
        mode: p('mode'),
        status: p('status'),
        version: p('version'),
        createdAt: p('createdAt'),
        doc: p('doc'),
        slotATokenHash: p('slotATokenHash'),
        slotBTokenHash: p('slotBTokenHash'),
        slotALastSeen: forward('slotALastSeen', 'slotALastSeen'),
        slotBLastSeen: forward('slotBLastSeen', 'slotBLastSeen'),
        lastActivity: forward('lastActivity', 'lastActivity'),
      })
      .where(and(eq(declarations.id, sql.placeholder('id')), eq(declarations.version, sql.placeholder('expectedVersion'))))
      .prepare(),
    dropKeys: db.delete(declarationKeys).where(eq(declarationKeys.declarationId, sql.placeholder('id'))).prepare(),
    addKey: db.insert(declarationKeys).values({ declarationId: p('id'), key: p('key') }).prepare(),
    addNote: db.insert(declarationChanges).values({ declarationId: p('id'), version: p('version'), kind: p('kind'), byParty: p('by') }).onConflictDoNothing().prepare(),
    pruneNotes: db
      .delete(declarationChanges)
      .where(and(eq(declarationChanges.declarationId, sql.placeholder('id')), lte(declarationChanges.version, sql.placeholder('upTo'))))
      .prepare(),
    get: db.select().from(declarations).where(eq(declarations.id, sql.placeholder('id'))).prepare(),
  };
}

interface PendingSave {
  readonly kind: 'save';
  readonly record: StoredDeclaration;
  readonly expectedVersion: number;
  readonly note: Omit<ChangeNote, 'version'> | undefined;
  readonly resolve: (saved: boolean) => void;
  readonly reject: (error: unknown) => void;
}

/** A heartbeat's "seen at" (issue 35: every device's every 2 s, so written with the batch, not alone). */
interface PendingTouch {
  readonly kind: 'touch';
  readonly id: string;
  readonly party: Party;
  readonly at: number;
  readonly resolve: (version: number | null) => void;
  readonly reject: (error: unknown) => void;
}

/**
 * Declarations in SQLite. Every write (row + its plate keys) is committed with synchronous=FULL
 * before its promise resolves, so an acknowledged edit survives a crash.
 *
 * Saves are group-committed: the saves that arrive within one turn of the event loop (edits of
 * different declarations; one declaration has at most one save at a time, its unit of work holds
 * the lock) are written in one transaction, each in its own savepoint, so one fsync serves them
 * all. A save that fails rolls back its savepoint only; the others still commit. Heartbeats'
 * touches join the same batch (bench:hub: one fsync per heartbeat held 1,000 devices to 500 N).
 */
export class SqliteDeclarationStore implements DeclarationStorePort {
  private pending: Array<PendingSave | PendingTouch> = [];
  private readonly statements: ReturnType<typeof prepareStatements>;

  constructor(private readonly db: EidDatabase) {
    this.statements = prepareStatements(db);
  }

  private flush(): void {
    const batch = this.pending;
    this.pending = [];
    const outcomes: Array<{ ok: true; value: boolean | number | null } | { ok: false; error: unknown }> = [];
    /** Why SQLite ended the whole transaction itself (a full disk, an I/O error): the batch's own error. */
    // The last save that failed is the one that ended it (SQLite ends the transaction on the spot).
    const aborted = () => [...outcomes].reverse().find((o): o is { ok: false; error: unknown } => !o.ok)?.error ?? new Error('the batch transaction was aborted');
    try {
      this.db.transaction(() => {
        for (const p of batch) {
          // SQLite may abort the whole transaction inside a savepoint (I/O error, full disk): the
          // rest of the batch then fails with it rather than commit on its own outside it.
          if (!this.inTransaction()) throw aborted();
          try {
            outcomes.push({ ok: true, value: p.kind === 'save' ? this.saveNow(p.record, p.expectedVersion, p.note) : this.touchNow(p.id, p.party, p.at) });
          } catch (error) {
            outcomes.push({ ok: false, error });
          }
        }
        // Nothing left to commit: it failed with the save that ended it (OP3: SQLITE_FULL stays SQLITE_FULL).
        if (!this.inTransaction()) throw aborted();
      });
    } catch (error) {
      // The commit itself failed: nothing of the batch is saved.
      for (const p of batch) p.reject(error);
      return;
    }
    batch.forEach((p, i) => {
      const o = outcomes[i];
      if (!o?.ok) p.reject(o?.error);
      else if (p.kind === 'save') p.resolve(o.value as boolean);
      else p.resolve(o.value as number | null);
    });
  }

  /** Whether the connection is inside a transaction (drizzle's database carries better-sqlite3's as `$client`). */
  private inTransaction(): boolean {
    return (this.db as unknown as { $client: { inTransaction: boolean } }).$client.inTransaction;
  }

  /** One save inside the batch's transaction, in its own savepoint. */
  private saveNow(record: StoredDeclaration, expectedVersion: number, note: Omit<ChangeNote, 'version'> | undefined): boolean {
    return this.db.transaction(() => {
      const row = toRow(record);
      const result = this.statements.row.run({ ...row, expectedVersion });
      if (result.changes !== 1) return false;
      this.writeKeys(record.declaration);
      if (note) this.writeNote(row.id, record.declaration.version, note);
      return true;
    });
  }

  private writeKeys(d: Declaration): void {
    this.statements.dropKeys.run({ id: d.id });
    for (const key of keysOf(d)) this.statements.addKey.run({ id: d.id, key });
  }

  private writeNote(id: string, version: number, note: Omit<ChangeNote, 'version'>): void {
    this.statements.addNote.run({ id, version, kind: note.kind, by: note.by });
    this.statements.pruneNotes.run({ id, upTo: version - CHANGE_NOTES_KEPT });
  }

  async getSince(id: string, afterVersion: number): Promise<{ record: StoredDeclaration; notes: ChangeNote[] } | null> {
    const record = await this.get(id);
    return record ? { record, notes: this.notesSince(id, afterVersion) } : null;
  }

  private notesSince(id: string, afterVersion: number): ChangeNote[] {
    return this.db
      .select()
      .from(declarationChanges)
      .where(and(eq(declarationChanges.declarationId, id), gt(declarationChanges.version, afterVersion)))
      .orderBy(asc(declarationChanges.version))
      .all()
      .map((r) => ({ version: r.version, kind: r.kind as ChangedKind, by: r.byParty as Party | null }));
  }

  async create(record: StoredDeclaration): Promise<void> {
    this.db.transaction(() => {
      this.db.insert(declarations).values(toRow(record)).run();
      this.writeKeys(record.declaration);
    });
  }

  async get(id: string): Promise<StoredDeclaration | null> {
    const row = this.statements.get.get({ id });
    return row ? fromRow(row) : null;
  }

  save(record: StoredDeclaration, expectedVersion: number, note?: Omit<ChangeNote, 'version'>): Promise<boolean> {
    return new Promise((resolve, reject) => {
      this.pending.push({ kind: 'save', record, expectedVersion, note, resolve, reject });
      if (this.pending.length === 1) setImmediate(() => this.flush());
    });
  }

  touch(id: string, party: Party, at: number): Promise<number | null> {
    return new Promise((resolve, reject) => {
      this.pending.push({ kind: 'touch', id, party, at, resolve, reject });
      if (this.pending.length === 1) setImmediate(() => this.flush());
    });
  }

  /** One touch inside the batch's transaction: the party seen at `at`; the declaration's version, or null when it is gone. */
  private touchNow(id: string, party: Party, at: number): number | null {
    return this.statements.touch[party].get({ id, at })?.version ?? null;
  }

  async findByKeys(keys: readonly string[], since: number): Promise<StoredDeclaration[]> {
    const wanted = [...new Set(keys.filter((k) => k !== ''))];
    if (wanted.length === 0) return [];
    const ids = this.db
      .selectDistinct({ id: declarationKeys.declarationId })
      .from(declarationKeys)
      .where(inArray(declarationKeys.key, wanted))
      .all()
      .map((r) => r.id);
    if (ids.length === 0) return [];
    return this.db
      .select()
      .from(declarations)
      .where(and(inArray(declarations.id, ids), gte(declarations.lastActivity, since)))
      .all()
      .map(fromRow);
  }

  async removeInactive(before: number): Promise<string[]> {
    return this.removeWhere(and(ne(declarations.status, 'FINISHED'), lt(declarations.lastActivity, before)));
  }

  async removeFinishedBefore(before: number): Promise<string[]> {
    return this.removeWhere(and(eq(declarations.status, 'FINISHED'), lt(declarations.lastActivity, before)));
  }

  /** Deletes the declarations matching `condition` with their keys and queue entries, in one transaction; resolves their ids. */
  private removeWhere(condition: SQL | undefined): string[] {
    return this.db.transaction(() => {
      const ids = this.db.select({ id: declarations.id }).from(declarations).where(condition).all().map((r) => r.id);
      if (ids.length > 0) {
        this.db.delete(declarations).where(inArray(declarations.id, ids)).run();
        this.db.delete(submitQueue).where(inArray(submitQueue.declarationId, ids)).run();
      }
      return ids;
    });
  }

  async existingIds(ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const found = new Set<string>();
    for (let i = 0; i < ids.length; i += 500) {
      const rows = this.db.select({ id: declarations.id }).from(declarations).where(inArray(declarations.id, ids.slice(i, i + 500))).all();
      for (const r of rows) found.add(r.id);
    }
    return found;
  }

  async remove(id: string): Promise<boolean> {
    return this.db.transaction(() => {
      const result = this.db
        .delete(declarations)
        .where(and(eq(declarations.id, id), ne(declarations.status, 'FINISHED')))
        .run();
      return result.changes === 1;
    });
  }
}

/** The submit queue as an SQLite outbox: enqueued in the same file, processed by a worker. */
export class SqliteSubmitQueue implements SubmitQueueConsumerPort {
  constructor(private readonly db: EidDatabase) {}

  async enqueue(declarationId: string, at: number): Promise<void> {
    this.db
      .insert(submitQueue)
      .values({ declarationId, enqueuedAt: at, attempts: 0, state: 'PENDING', nextAttemptAt: at, lastError: null })
      .onConflictDoNothing()
      .run();
  }

  async claimDue(now: number, limit: number, leaseMs: number): Promise<QueuedSubmit[]> {
    return this.db.transaction(() => {
      const due = this.db
        .select({ declarationId: submitQueue.declarationId, attempts: submitQueue.attempts, enqueuedAt: submitQueue.enqueuedAt })
        .from(submitQueue)
        .where(and(eq(submitQueue.state, 'PENDING'), lte(submitQueue.nextAttemptAt, now), or(isNull(submitQueue.leasedUntil), lte(submitQueue.leasedUntil, now))))
        .orderBy(asc(submitQueue.enqueuedAt), asc(submitQueue.declarationId))
        .limit(limit)
        .all();
      if (due.length > 0) {
        this.db
          .update(submitQueue)
          .set({ leasedUntil: now + leaseMs })
          .where(inArray(submitQueue.declarationId, due.map((e) => e.declarationId)))
          .run();
      }
      return due;
    });
  }

  async markDone(declarationId: string): Promise<void> {
    this.db.update(submitQueue).set({ state: 'DONE' }).where(eq(submitQueue.declarationId, declarationId)).run();
  }

  async retryLater(declarationId: string, attempts: number, nextAttemptAt: number, error: string): Promise<void> {
    this.db
      .update(submitQueue)
      .set({ attempts, nextAttemptAt, lastError: error.slice(0, 2000), leasedUntil: null })
      .where(and(eq(submitQueue.declarationId, declarationId), eq(submitQueue.state, 'PENDING')))
      .run();
  }

  /**
   * Forgets every claim: in the embedded installation one process works the queue, so a claim found
   * at start-up is one its killed predecessor left (the entry is due again at once, not after the lease).
   */
  releaseLeases(): void {
    this.db.update(submitQueue).set({ leasedUntil: null }).run();
  }
}
