/**
 * The declaration store's hot statements as named prepared statements on `pg` (each connection
 * parses and plans them once): reading a row, a row's stamp under its lock, a save, the notes of
 * what made recent versions. Every other statement of the store goes through drizzle.
 */
import type pg from 'pg';
import { CHANGE_NOTES_KEPT, type ChangeNote, type ChangedKind, type Party } from '@eid/domain';
import type { RowStamp } from './database.js';

const STAMP_COLUMNS =
  'id, mode, status, version, created_at, last_activity, slot_a_token_hash, slot_a_last_seen, slot_b_token_hash, slot_b_last_seen, rev';

/** A row as `pg` reads it (bigint columns as text). */
export interface RawStamp {
  readonly id: string;
  readonly mode: string;
  readonly status: string;
  readonly version: number;
  readonly created_at: string;
  readonly last_activity: string;
  readonly slot_a_token_hash: string | null;
  readonly slot_a_last_seen: string;
  readonly slot_b_token_hash: string | null;
  readonly slot_b_last_seen: string;
  readonly rev: number;
}

export interface RawRow extends RawStamp {
  readonly doc: string;
}

export function stampOf(raw: RawStamp): RowStamp {
  return {
    id: raw.id,
    mode: raw.mode,
    status: raw.status,
    version: raw.version,
    createdAt: Number(raw.created_at),
    lastActivity: Number(raw.last_activity),
    slotATokenHash: raw.slot_a_token_hash,
    slotALastSeen: Number(raw.slot_a_last_seen),
    slotBTokenHash: raw.slot_b_token_hash,
    slotBLastSeen: Number(raw.slot_b_last_seen),
    rev: raw.rev,
  };
}

/** Ids are the server's own tokens; anything else is refused before any statement (a lock's, or one that inlines it). */
export function checkedId(declarationId: string, who: string): string {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(declarationId)) throw new Error(`${who}: not a declaration id`);
  return declarationId;
}

/**
 * The lock and the row's stamp in one round trip and one prepared statement (migration 0015's function takes the
 * lock, then reads the row with a snapshot of its own: the last holder's committed version). Ids are checked first.
 */
export const LOCK_AND_STAMP: Pick<pg.QueryConfig, 'name' | 'text'> = {
  name: 'eid_declaration_lock',
  text: `select ${STAMP_COLUMNS} from eid_lock_declaration($1)`,
};

export const UNLOCK: Pick<pg.QueryConfig, 'name' | 'text'> = {
  name: 'eid_declaration_unlock',
  text: 'select pg_advisory_unlock(hashtextextended($1, 0))',
};

/**
 * The heartbeats' writes (issue 35 items 4 and 5; a named statement, prepared once per connection) that came while
 * the previous was on its way, in one statement: per
 * declaration the latest time of each seat ($2 A's, $3 B's, null for a seat not heard), each moving only forward,
 * the versions read back. The rows are locked in the order of their ids first, so that two nodes' batches over
 * the same declarations never wait on each other in a circle.
 */
export const TOUCH_MANY: Pick<pg.QueryConfig, 'name' | 'text'> = {
  name: 'eid_declaration_touch_many',
  text: `with v as (select * from unnest($1::text[], $2::bigint[], $3::bigint[]) as t(id, a, b)),
    locked as (select d.id from declarations d join v on v.id = d.id order by d.id for update of d)
    update declarations d set slot_a_last_seen = greatest(d.slot_a_last_seen, v.a), slot_b_last_seen = greatest(d.slot_b_last_seen, v.b),
      last_activity = greatest(d.last_activity, v.a, v.b)
    from v where d.id = v.id and d.id in (select id from locked) returning d.id, d.version`,
};

export const GET_ROW: Pick<pg.QueryConfig, 'name' | 'text'> = {
  name: 'eid_declaration_get',
  text: `select ${STAMP_COLUMNS}, doc from declarations where id = $1`,
};

/** The row with the notes of its versions after $2 (what another node's change made), in one round trip. */
export const GET_SINCE: Pick<pg.QueryConfig, 'name' | 'text'> = {
  name: 'eid_declaration_get_since',
  text: `select ${STAMP_COLUMNS}, doc, (
      select coalesce(json_agg(json_build_object('version', c.version, 'kind', c.kind, 'by', c.by_party) order by c.version), '[]'::json)
      from declaration_changes c where c.declaration_id = d.id and c.version > $2::bigint
    ) as notes
    from declarations d where d.id = $1`,
};

export function notesOf(notes: readonly { version: number; kind: string; by: string | null }[]): ChangeNote[] {
  return notes.map((n) => ({ version: n.version, kind: n.kind as ChangedKind, by: n.by as Party | null }));
}

/**
 * One statement, so one round trip and one commit: the row compare-and-set on the version (its
 * revision counted), its keys brought to the new set, the note of what made the version (older
 * ones pruned), each step only when the row was written; the announcement follows the commit
 * (announcement.ts, PgNotices). Answers the saved
 * row's stamp (no row: not saved). `waiting`: it also answers the submit state before the save.
 */
function saveText(waiting: boolean, handOver = false, optimistic = false): string {
  const before = waiting ? `before as (select doc::jsonb ->> 'submitState' as submit_state from declarations where id = $1 and version = $12),` : '';
  return `
    with ${before}
    saved as (
      update declarations set
        mode = $2, status = $3, version = $4, created_at = $5, doc = $6,
        slot_a_token_hash = $7, slot_b_token_hash = $8,
        slot_a_last_seen = greatest(slot_a_last_seen, $9), slot_b_last_seen = greatest(slot_b_last_seen, $10),
        last_activity = greatest(last_activity, $11), rev = rev + 1
      where id = $1 and version = $12${optimistic ? ' and rev = $16 and pg_try_advisory_xact_lock(hashtextextended($1, 0))' : ''}
      returning ${STAMP_COLUMNS}
    ),
    gone_keys as (
      delete from declaration_keys where declaration_id in (select id from saved) and key not in (select jsonb_array_elements_text($13::jsonb))
    ),
    new_keys as (
      insert into declaration_keys (declaration_id, key) select saved.id, k from saved, jsonb_array_elements_text($13::jsonb) as k
      on conflict do nothing
    ),
    noted as (
      insert into declaration_changes (declaration_id, version, kind, by_party)
      select id, $4::int, $14::text, $15::text from saved where $14::text is not null
      on conflict do nothing
    ),
    pruned as (
      delete from declaration_changes where declaration_id in (select id from saved) and version <= $4::int - ${CHANGE_NOTES_KEPT}
    )
    select saved.*${waiting ? ', (select submit_state from before) as submit_state_before' : ''}${handOver ? ', eid_hand_over_declaration_lock(saved.id) as released' : ''} from saved`;
}

export const SAVE: Pick<pg.QueryConfig, 'name' | 'text'> = { name: 'eid_declaration_save', text: saveText(false) };
export const SAVE_WAITING: Pick<pg.QueryConfig, 'name' | 'text'> = { name: 'eid_declaration_save_waiting', text: saveText(true) };
/**
 * The save of a lock holder whose last statement it is: when the row is written, the lock is handed over to the
 * save's transaction (migration 0016) and released at its commit — no unlock round trip. Not written: the lock is
 * still the holder's, which unlocks as usual.
 */
export const SAVE_HANDING_OVER: Pick<pg.QueryConfig, 'name' | 'text'> = { name: 'eid_declaration_save_hand_over', text: saveText(false, true) };
/**
 * The save of a change tried without the lock (OptimisticAttempt): written only if the row is still the revision
 * the change read ($16) and nobody holds the declaration's lock — the key is then taken for the save's transaction,
 * so a holder that comes meanwhile reads the row after this commit. Not written: the change is done again under the
 * lock.
 */
export const SAVE_OPTIMISTIC: Pick<pg.QueryConfig, 'name' | 'text'> = { name: 'eid_declaration_save_optimistic', text: saveText(false, false, true) };
