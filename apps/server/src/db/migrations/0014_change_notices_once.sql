-- Every pooled connection of a process listens, besides its own listening connection, so each
-- commit's notice reaches a process several times, the later copies after the commit has
-- returned. Each copy ended the pages kept since, so a page read right after a write was read
-- from the database again. The notice now names its transaction too ("table:xid"): a process
-- counts a table's change once per transaction, however many copies arrive. PostgreSQL still
-- folds a transaction's equal notices into one.
CREATE OR REPLACE FUNCTION clinic_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('clinic_changes', TG_TABLE_NAME || ':' || pg_current_xact_id()::text);
  RETURN NULL;
END
$$;
