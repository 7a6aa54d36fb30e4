import { and, asc, eq, gt, gte, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import {
  CHANGE_NOTES_KEPT,
  DELETED_VERSION,
  REMOVED_VERSION,
  declarationKeys as keysOf,
  type ChangeNote,
  type ChangedKind,
  type Declaration,
  type DeclarationStorePort,
  type Party,
  type StoredDeclaration,
} from '@eid/domain';
import type pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { PgDatabase } from './database.js';
import { JOB_QUEUES, type PgJobs } from './jobs.adapter.js';
import { declarationChanges, declarationKeys, declarations } from './schema.js';

type Row = typeof declarations.$inferSelect;
type Tx = Parameters<Parameters<PgDatabase['transaction']>[0]>[0];

/** The channel on which a committed version is announced to every node: `{"declarationId", "version"}` only. */
export const CHANGES_CHANNEL = 'eid_declaration_changes';


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

/** Announces a version to every node (delivered at commit, and only if the transaction commits). */
function announce(tx: Tx, declarationId: string, version: number): Promise<unknown> {
  return tx.execute(sql`select pg_notify(${CHANGES_CHANNEL}, ${JSON.stringify({ declarationId, version })})`);
}

/**
 * Declarations in PostgreSQL, shared by every node. A save is one transaction: the row (compare-
 * and-set on the version), its plate keys, the note of what made the version, and the
 * announcement of the version on CHANGES_CHANNEL, which PostgreSQL delivers at commit only.
 */
export class PgDeclarationStore implements DeclarationStorePort {
  constructor(
    private readonly db: PgDatabase,
    /** The job queue: a save that marks a declaration waiting for the insurers' answer adds its submit job in the same transaction. */
    private readonly jobs: { readonly pool: pg.Pool; readonly queue: PgJobs } | null = null,
  ) {}

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
    const [row] = await this.db.select().from(declarations).where(eq(declarations.id, id));
    return row ? fromRow(row) : null;
  }

  /**
   * One statement, so one round trip and one commit: the row compare-and-set on the version, its
   * keys brought to the new set, the note of what made the version (older ones pruned) and the
   * announcement, each step only when the row was written.
   */
  async save(record: StoredDeclaration, expectedVersion: number, note?: Omit<ChangeNote, 'version'>): Promise<boolean> {
    const r = toRow(record);
    const keys = JSON.stringify(keysOf(record.declaration));
    const version = record.declaration.version;
    const payload = JSON.stringify({ declarationId: r.id, version });
    const waiting = this.jobs !== null && record.declaration.submitState === 'WAITING';
    // Waiting for the answer: the statement also says whether it was waiting before (the job is added on the change only).
    const before = waiting
      ? sql`before as (select doc::jsonb ->> 'submitState' as submit_state from ${declarations} where id = ${r.id} and version = ${expectedVersion}),`
      : sql``;
    const beforeColumn = waiting ? sql`, (select submit_state from before) as submit_state_before` : sql``;
    const statement = sql`
      with ${before}
      saved as (
        update ${declarations} set
          mode = ${r.mode}, status = ${r.status}, version = ${r.version}, created_at = ${r.createdAt}, doc = ${r.doc},
          slot_a_token_hash = ${r.slotATokenHash}, slot_b_token_hash = ${r.slotBTokenHash},
          slot_a_last_seen = greatest(slot_a_last_seen, ${r.slotALastSeen}),
          slot_b_last_seen = greatest(slot_b_last_seen, ${r.slotBLastSeen}),
          last_activity = greatest(last_activity, ${r.lastActivity})
        where id = ${r.id} and version = ${expectedVersion}
        returning id
      ),
      gone_keys as (
        delete from ${declarationKeys} where declaration_id in (select id from saved) and key not in (select jsonb_array_elements_text(${keys}::jsonb))
      ),
      new_keys as (
        insert into ${declarationKeys} (declaration_id, key) select saved.id, k from saved, jsonb_array_elements_text(${keys}::jsonb) as k
        on conflict do nothing
      ),
      noted as (
        insert into ${declarationChanges} (declaration_id, version, kind, by_party)
        select id, ${version}::int, ${note?.kind ?? null}::text, ${note?.by ?? null}::text from saved where ${note !== undefined}::boolean
        on conflict do nothing
      ),
      pruned as (
        delete from ${declarationChanges} where declaration_id in (select id from saved) and version <= ${version - CHANGE_NOTES_KEPT}::int
      ),
      announced as (
        select pg_notify(${CHANGES_CHANNEL}, ${payload}) from saved
      )
      select (select count(*) from saved) as saved, (select count(*) from announced) as announced ${beforeColumn}`;
    if (!this.jobs || !waiting) {
      const result = await this.db.execute<{ saved: string }>(statement);
      return Number(result.rows[0]?.saved ?? 0) === 1;
    }
    // Waiting for the answer: the declaration and its submit job are committed together, or neither.
    const client = await this.jobs.pool.connect();
    try {
      await client.query('begin');
      const result = await drizzle(client).execute<{ saved: string; submit_state_before: string | null }>(statement);
      const row = result.rows[0];
      const saved = Number(row?.saved ?? 0) === 1;
      // Only the save that makes it waiting adds the job (later saves while waiting: a join request, a heartbeat's seat).
      if (saved && row?.submit_state_before !== 'WAITING') await this.jobs.queue.sendIn(client, JOB_QUEUES.submit, { declarationId: r.id }, r.id);
      await client.query('commit');
      return saved;
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  async changesSince(id: string, afterVersion: number): Promise<ChangeNote[]> {
    const rows = await this.db
      .select()
      .from(declarationChanges)
      .where(and(eq(declarationChanges.declarationId, id), gt(declarationChanges.version, afterVersion)))
      .orderBy(asc(declarationChanges.version));
    return rows.map((r) => ({ version: r.version, kind: r.kind as ChangedKind, by: r.byParty as Party | null }));
  }

  async touch(id: string, party: Party, at: number): Promise<number | null> {
    const seen = party === 'A' ? { slotALastSeen: sql`greatest(${declarations.slotALastSeen}, ${at})` } : { slotBLastSeen: sql`greatest(${declarations.slotBLastSeen}, ${at})` };
    const [row] = await this.db
      .update(declarations)
      .set({ ...seen, lastActivity: sql`greatest(${declarations.lastActivity}, ${at})` })
      .where(eq(declarations.id, id))
      .returning({ version: declarations.version });
    return row ? row.version : null;
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
      for (const id of ids) await announce(tx, id, REMOVED_VERSION);
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
      if (rows.length === 1) await announce(tx, id, DELETED_VERSION);
      return rows.length === 1;
    });
  }
}
