-- Issue 35 item 5: a change whose last statement is its save hands the declaration's cross-node lock over to that
-- save's transaction: the same key taken at transaction level (a session that holds an advisory lock is always
-- granted it again), then the session's lock released. The lock is thus held until the save commits, and the
-- change needs no round trip of its own to unlock.
CREATE FUNCTION eid_hand_over_declaration_lock(p_id text) RETURNS boolean
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended(p_id, 0));
  RETURN pg_advisory_unlock(hashtextextended(p_id, 0));
END
$$;
