-- The access log (issue 26): who read whose health data. The application may only add to it. Any
-- UPDATE, DELETE or TRUNCATE is refused here, in the database, whoever sends it, except the
-- retention purge below, which removes only rows older than a year and older than the date it is
-- given (ACCESS_LOG_RETENTION_DAYS, at least 365).
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

-- The retention purge: the rows read before p_before and more than a year ago. Answers how many went.
CREATE OR REPLACE FUNCTION clinic_purge_access_records(p_before timestamptz) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  v_count integer;
BEGIN
  PERFORM set_config('clinic.access_records_purge_before', p_before::text, true);
  DELETE FROM access_records WHERE accessed_at < p_before AND accessed_at < clock_timestamp() - interval '365 days';
  GET DIAGNOSTICS v_count = ROW_COUNT;
  PERFORM set_config('clinic.access_records_purge_before', '', true);
  RETURN v_count;
END
$$;
