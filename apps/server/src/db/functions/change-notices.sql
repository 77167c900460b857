-- Every committed write to a table a kept read depends on is announced, whatever wrote it (a service,
-- a seed, an operator's SQL): each process keeps what it read (sessions, back-office pages, rendered
-- public pages) until a table it was read from changes (src/lib/read-cache.ts). The tables are those
-- of WatchedTable in read-cache.ts; kept-reads.test.ts checks both lists and that every kept read
-- names every table it reads.
--
-- The notice names the table and the transaction ("table:xid"), so a process counts a change once
-- however many copies reach it. It goes to every process by NOTIFY on the channel clinic_changes
-- (sent at commit, never for a rolled-back transaction; equal notices of a transaction are folded),
-- and to the session that wrote, at once, by a notice of SQLSTATE CL001 when the session asked for it
-- (clinic.hears_own_writes, src/db/client.ts): a request then reads its own write, and the pooled
-- connections need not LISTEN (each LISTENing session is woken by every commit of the database).

CREATE OR REPLACE FUNCTION clinic_announce_change(p_table text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_notice text := p_table || ':' || pg_current_xact_id()::text;
BEGIN
  PERFORM pg_notify('clinic_changes', v_notice);
  IF current_setting('clinic.hears_own_writes', true) = 'on' THEN
    RAISE NOTICE USING MESSAGE = v_notice, ERRCODE = 'CL001';
  END IF;
END
$$;

-- A statement-level trigger: one notice per statement, whatever the number of rows.
CREATE OR REPLACE FUNCTION clinic_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM clinic_announce_change(TG_TABLE_NAME);
  RETURN NULL;
END
$$;

-- For an update of a table with bookkeeping columns no screen shows (the trigger's arguments): the
-- update is announced unless those columns are all it changed. What is left out is named, not what is
-- shown, so a column added later is announced without a second edit. Needs the trigger's transition
-- tables as old_rows and new_rows.
CREATE OR REPLACE FUNCTION clinic_notify_change_unless_quiet() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT to_jsonb(n) - TG_ARGV FROM new_rows n EXCEPT ALL SELECT to_jsonb(o) - TG_ARGV FROM old_rows o) THEN
    PERFORM clinic_announce_change(TG_TABLE_NAME);
  END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER appointments_changes AFTER INSERT OR DELETE OR TRUNCATE ON appointments
  FOR EACH STATEMENT EXECUTE FUNCTION clinic_notify_change();
-- The e-mail worker marks each delivered booking e-mail (email_sent) and reminder (reminder_sent): a
-- morning of reminders would otherwise end every kept back-office page after each e-mail.
DROP TRIGGER IF EXISTS appointments_changes_update ON appointments;
CREATE TRIGGER appointments_changes_update AFTER UPDATE ON appointments
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION clinic_notify_change_unless_quiet('email_sent', 'reminder_sent', 'updated_at');

CREATE OR REPLACE TRIGGER users_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION clinic_notify_change();
CREATE OR REPLACE TRIGGER departments_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON departments
  FOR EACH STATEMENT EXECUTE FUNCTION clinic_notify_change();
CREATE OR REPLACE TRIGGER medical_specialties_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON medical_specialties
  FOR EACH STATEMENT EXECUTE FUNCTION clinic_notify_change();
CREATE OR REPLACE TRIGGER blogs_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON blogs
  FOR EACH STATEMENT EXECUTE FUNCTION clinic_notify_change();
CREATE OR REPLACE TRIGGER comments_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON comments
  FOR EACH STATEMENT EXECUTE FUNCTION clinic_notify_change();
CREATE OR REPLACE TRIGGER comment_reactions_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON comment_reactions
  FOR EACH STATEMENT EXECUTE FUNCTION clinic_notify_change();
CREATE OR REPLACE TRIGGER waiting_list_entries_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON waiting_list_entries
  FOR EACH STATEMENT EXECUTE FUNCTION clinic_notify_change();
-- The payment ledger: the dashboard values paid visits at what it took (issue 28).
CREATE OR REPLACE TRIGGER payment_attempts_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON payment_attempts
  FOR EACH STATEMENT EXECUTE FUNCTION clinic_notify_change();
-- The refunds (issue 35): a visit's rows, detail and her link read what it gives back, a refund's
-- state changes (done by the provider or by staff) without a write to the visit, and the dashboard's
-- money of the day counts refunds done.
CREATE OR REPLACE TRIGGER refunds_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON refunds
  FOR EACH STATEMENT EXECUTE FUNCTION clinic_notify_change();
-- The dashboard's money of the day (issue 35): the desk's "mark paid" of the trail.
CREATE OR REPLACE TRIGGER appointment_events_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON appointment_events
  FOR EACH STATEMENT EXECUTE FUNCTION clinic_notify_change();
