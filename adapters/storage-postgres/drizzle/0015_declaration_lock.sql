-- Issue 35 item 5: the per-declaration cross-node lock and the row's stamp in one prepared statement (parsed and
-- planned once per connection, not on every change). The lock is taken first; the row is then read with a snapshot
-- of its own (each statement of a volatile function takes one), so it is the last holder's committed version.
CREATE FUNCTION eid_lock_declaration(p_id text)
RETURNS TABLE (id text, mode text, status text, version integer, created_at bigint, last_activity bigint,
  slot_a_token_hash text, slot_a_last_seen bigint, slot_b_token_hash text, slot_b_last_seen bigint, rev integer)
LANGUAGE plpgsql VOLATILE AS $$
#variable_conflict use_column
BEGIN
  PERFORM pg_advisory_lock(hashtextextended(p_id, 0));
  RETURN QUERY SELECT d.id, d.mode, d.status, d.version, d.created_at, d.last_activity, d.slot_a_token_hash,
    d.slot_a_last_seen, d.slot_b_token_hash, d.slot_b_last_seen, d.rev FROM declarations d WHERE d.id = p_id;
END
$$;
