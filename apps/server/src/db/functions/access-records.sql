-- The access log (issue 26): who read whose health data. The application may only add to it. Any
-- UPDATE, DELETE or TRUNCATE is refused here, in the database, whoever sends it, except the
-- retention purge below, which removes only rows older than a year and older than the date it is
-- given (ACCESS_LOG_RETENTION_DAYS, at least 365).
--
-- Issue 34: the role that serves requests does not own the table on PostgreSQL (DATABASE_OWNER_URL),
-- so it can neither drop this guard nor replace these functions. And every record is chained to the
-- one before it: chain_seq counts them, prev_hash is the previous record's hash and hash is
-- SHA-256(prev_hash || the record's content), set here by the insert trigger whatever the INSERT said.
-- A record changed, removed or added while the trigger was off breaks the chain, and
-- GET /api/privacy/access-log/verify (npm run access-log:verify) names the first one broken.
CREATE OR REPLACE FUNCTION clinic_access_records_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE'
     AND current_setting('clinic.access_records_purge_before', true) IS NOT NULL
     AND current_setting('clinic.access_records_purge_before', true) <> ''
     AND OLD.accessed_at < current_setting('clinic.access_records_purge_before', true)::timestamptz
     AND OLD.accessed_at < clock_timestamp() - interval '365 days' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'access records cannot be changed or deleted' USING ERRCODE = 'insufficient_privilege';
END
$$;

DROP TRIGGER IF EXISTS access_records_immutable ON access_records;
CREATE TRIGGER access_records_immutable BEFORE UPDATE OR DELETE ON access_records
  FOR EACH ROW EXECUTE FUNCTION clinic_access_records_guard();
DROP TRIGGER IF EXISTS access_records_no_truncate ON access_records;
CREATE TRIGGER access_records_no_truncate BEFORE TRUNCATE ON access_records
  FOR EACH STATEMENT EXECUTE FUNCTION clinic_access_records_guard();

-- What a record's hash covers: every column but the hashes, each as text, in a JSON array (the
-- verifier in access-log-chain.ts rebuilds the same text). The time in UTC to the microsecond, so no
-- session setting changes it.
CREATE OR REPLACE FUNCTION clinic_access_record_content(r access_records) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_array(
    r.id::text, r.chain_seq::text, to_char(r.accessed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
    r.actor_id::text, r.actor_name, r.actor_role, r.target, r.outcome, r.appointment_id::text,
    r.subject_email, r.subject_name, r.address, r.records_removed::text, r.chain_resumes_from
  )::text
$$;

CREATE OR REPLACE FUNCTION clinic_access_record_hash(r access_records) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT encode(sha256(convert_to(coalesce(r.prev_hash, '') || clinic_access_record_content(r), 'UTF8')), 'hex')
$$;

-- The chain's head: the last record's number and hash. Only this file's functions (the owner's,
-- SECURITY DEFINER) write it; the serving role may read it.
INSERT INTO access_log_chain (id, seq, hash) VALUES (true, 0, repeat('0', 64)) ON CONFLICT (id) DO NOTHING;

-- Links one record to the chain: the head's row lock makes concurrent inserts take turns.
CREATE OR REPLACE FUNCTION clinic_access_records_link(r access_records) RETURNS access_records
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  UPDATE access_log_chain SET seq = seq + 1 WHERE id RETURNING seq, hash INTO r.chain_seq, r.prev_hash;
  r.hash := clinic_access_record_hash(r);
  UPDATE access_log_chain SET hash = r.hash WHERE id;
  RETURN r;
END
$$;

-- Only through the trigger: nobody moves the head without adding a record.
REVOKE EXECUTE ON FUNCTION clinic_access_records_link(access_records) FROM PUBLIC;

-- A retention record (ACCESS_LOG / PURGED) may only say the truth: where the kept chain begins now.
-- Any other record carries no such claim.
CREATE OR REPLACE FUNCTION clinic_access_records_chain() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  IF NEW.target = 'ACCESS_LOG' OR NEW.outcome = 'PURGED' THEN
    IF NEW.target <> 'ACCESS_LOG' OR NEW.outcome <> 'PURGED' OR NEW.chain_resumes_from IS DISTINCT FROM coalesce(
         (SELECT prev_hash FROM access_records WHERE chain_seq IS NOT NULL ORDER BY chain_seq LIMIT 1),
         (SELECT hash FROM access_log_chain WHERE id)) THEN
      RAISE EXCEPTION 'only the retention purge records what it removed' USING ERRCODE = 'insufficient_privilege';
    END IF;
  ELSE
    NEW.records_removed := NULL;
    NEW.chain_resumes_from := NULL;
  END IF;
  RETURN clinic_access_records_link(NEW);
END
$$;

DROP TRIGGER IF EXISTS access_records_chained ON access_records;
CREATE TRIGGER access_records_chained BEFORE INSERT ON access_records
  FOR EACH ROW EXECUTE FUNCTION clinic_access_records_chain();

-- The records written before the chain existed join it once, oldest first (the owner, at start).
DO $$
DECLARE
  r access_records;
BEGIN
  IF EXISTS (SELECT 1 FROM access_records WHERE chain_seq IS NULL)
     AND NOT EXISTS (SELECT 1 FROM access_records WHERE chain_seq IS NOT NULL) THEN
    ALTER TABLE access_records DISABLE TRIGGER access_records_immutable;
    FOR r IN SELECT * FROM access_records ORDER BY id LOOP
      r := clinic_access_records_link(r);
      UPDATE access_records SET chain_seq = r.chain_seq, prev_hash = r.prev_hash, hash = r.hash WHERE id = r.id;
    END LOOP;
    ALTER TABLE access_records ENABLE TRIGGER access_records_immutable;
  END IF;
END
$$;

-- The retention purge: the rows read before p_before and more than a year ago. It runs with the
-- owner's rights (the serving role may not delete) and, when it removed any, adds its own record
-- (ACCESS_LOG / PURGED, at p_now) saying how many went and which hash the oldest kept record chains
-- from, so the verifier knows where the kept chain may begin. Answers how many went.
CREATE OR REPLACE FUNCTION clinic_purge_access_records(p_before timestamptz, p_now timestamptz) RETURNS integer
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  v_count integer;
  v_resumes text;
BEGIN
  PERFORM set_config('clinic.access_records_purge_before', p_before::text, true);
  -- The head first: no record is linked meanwhile, so "the oldest kept" below is the one.
  PERFORM 1 FROM access_log_chain WHERE id FOR UPDATE;
  -- Only the chain's oldest part goes: a record past its period that was linked after a younger one
  -- (two processes' clocks) waits for it, so the kept records stay one unbroken chain.
  DELETE FROM access_records
   WHERE accessed_at < p_before AND accessed_at < clock_timestamp() - interval '365 days'
     AND chain_seq < coalesce(
       (SELECT min(chain_seq) FROM access_records
         WHERE NOT (accessed_at < p_before AND accessed_at < clock_timestamp() - interval '365 days')),
       (SELECT seq + 1 FROM access_log_chain WHERE id));
  GET DIAGNOSTICS v_count = ROW_COUNT;
  PERFORM set_config('clinic.access_records_purge_before', '', true);
  IF v_count > 0 THEN
    SELECT prev_hash INTO v_resumes FROM access_records ORDER BY chain_seq LIMIT 1;
    IF NOT FOUND THEN
      SELECT hash INTO v_resumes FROM access_log_chain WHERE id;
    END IF;
    INSERT INTO access_records (accessed_at, target, outcome, records_removed, chain_resumes_from)
      VALUES (p_now, 'ACCESS_LOG', 'PURGED', v_count, v_resumes);
  END IF;
  RETURN v_count;
END
$$;

-- The previous release's call, kept while its processes may still run during a rolling upgrade.
CREATE OR REPLACE FUNCTION clinic_purge_access_records(p_before timestamptz) RETURNS integer
  LANGUAGE sql SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT clinic_purge_access_records(p_before, clock_timestamp())
$$;
