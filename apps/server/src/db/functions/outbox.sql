-- The e-mail outbox (table email_outbox). A row written where many are written at once (a public
-- booking) keeps what its e-mail says, `data`, and is rendered when it goes out. A process of a
-- release before that would send such a row empty: every connection of this release says it renders
-- them (SET clinic.renders_kept_emails = on, src/db/client.ts), and an older process's claim of one
-- fails (its worker logs the error) while the row waits, queued, for a process that renders it.
CREATE OR REPLACE FUNCTION email_outbox_kept_needs_renderer() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('clinic.renders_kept_emails', true), '') <> 'on' THEN
    RAISE EXCEPTION 'e-mail % is kept as its data: only a process that renders it may send it', NEW.id;
  END IF;
  RETURN NEW;
END
$$;

CREATE OR REPLACE TRIGGER email_outbox_kept_needs_renderer BEFORE UPDATE OF status ON email_outbox
  FOR EACH ROW WHEN (NEW.status = 'sending' AND NEW.html IS NULL) EXECUTE FUNCTION email_outbox_kept_needs_renderer();
