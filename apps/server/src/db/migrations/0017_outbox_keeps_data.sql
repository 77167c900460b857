-- An e-mail written where many are written at once (a public booking) is kept as what it says, its
-- `data`, and rendered when it goes out (docs/PERFORMANCE.md): its HTML and text were 4 KB of a
-- booking's 4.5 KB, carried in the booking's call, parsed as JSON, compressed and written to the WAL.
-- A row holds its rendered HTML and text, or its data, or both (rows written before this migration).
ALTER TABLE "email_outbox" ALTER COLUMN "html" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "email_outbox" ALTER COLUMN "text" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "data" jsonb;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_body_check" CHECK (("email_outbox"."html" is not null and "email_outbox"."text" is not null) or "email_outbox"."data" is not null);
--> statement-breakpoint
-- A process of the previous release sends a row's html and text as they are: a kept e-mail would go
-- out empty during a rolling restart. Every connection of this release says it renders them
-- (SET clinic.renders_kept_emails = on, src/db/client.ts); an older process's claim of a kept row
-- fails (its worker logs the error), and the row waits, queued, for a process of this release.
CREATE FUNCTION email_outbox_kept_needs_renderer() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('clinic.renders_kept_emails', true), '') <> 'on' THEN
    RAISE EXCEPTION 'e-mail % is kept as its data: only a process that renders it may send it', NEW.id;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER email_outbox_kept_needs_renderer BEFORE UPDATE OF status ON email_outbox
  FOR EACH ROW WHEN (NEW.status = 'sending' AND NEW.html IS NULL) EXECUTE FUNCTION email_outbox_kept_needs_renderer();
--> statement-breakpoint
-- Migration 0016's clinic_book_many, restated whole (CREATE OR REPLACE needs the body): an e-mail of
-- a booking may now carry `data` in place of `html` and `text`. Callers of the previous release,
-- which send `html` and `text`, are served as before.
CREATE OR REPLACE FUNCTION clinic_book_many(p_bookings jsonb) RETURNS text[] LANGUAGE plpgsql AS $$
DECLARE
  v_outcomes text[] := '{}';
  v_ok jsonb := '[]'::jsonb;
  v_slot record;
  b jsonb;
  a jsonb;
  v_date date;
  v_time text;
  v_department text;
BEGIN
  -- Every slot's lock before any check or write, in one order for every caller: two calls holding
  -- some of the same slots never wait on each other in a circle.
  FOR v_slot IN
    SELECT DISTINCT x->'appointment'->>'appointmentDate' AS d, x->'appointment'->>'appointmentTime' AS t, x->'appointment'->>'department' AS dep
    FROM jsonb_array_elements(p_bookings) x ORDER BY 1, 2, 3
  LOOP
    PERFORM clinic_lock_slot(v_slot.d, v_slot.t, v_slot.dep);
  END LOOP;

  FOR b IN SELECT x FROM jsonb_array_elements(p_bookings) x LOOP
    a := b->'appointment';
    v_date := (a->>'appointmentDate')::date;
    v_time := a->>'appointmentTime';
    v_department := a->>'department';
    IF clinic_person_holds_slot(v_date, v_time, v_department, a->>'phone', a->>'email', NULL)
       OR EXISTS (SELECT 1 FROM jsonb_array_elements(v_ok) o
                  WHERE o->'appointment'->>'appointmentDate' = a->>'appointmentDate' AND o->'appointment'->>'appointmentTime' = v_time
                    AND o->'appointment'->>'department' = v_department
                    AND (o->'appointment'->>'phone' = a->>'phone' OR (a->>'email' IS NOT NULL AND o->'appointment'->>'email' = a->>'email'))) THEN
      v_outcomes := v_outcomes || 'ALREADY_BOOKED'::text;
    ELSIF clinic_slot_taken(v_date, v_time, v_department, (b->>'now')::timestamptz, NULL)
          + (SELECT count(*) FROM jsonb_array_elements(v_ok) o
             WHERE o->'appointment'->>'appointmentDate' = a->>'appointmentDate' AND o->'appointment'->>'appointmentTime' = v_time
               AND o->'appointment'->>'department' = v_department)::int >= (b->>'capacity')::integer THEN
      v_outcomes := v_outcomes || 'SLOT_FULL'::text;
    ELSE
      v_ok := v_ok || jsonb_build_array(b);
      v_outcomes := v_outcomes || 'OK'::text;
    END IF;
  END LOOP;

  IF jsonb_array_length(v_ok) = 0 THEN
    RETURN v_outcomes;
  END IF;
  INSERT INTO appointments (id, full_name, phone, email, appointment_date, appointment_time, department, reason, user_id, follow_up_of_id, status, search_text, created_at, updated_at)
  OVERRIDING SYSTEM VALUE
  SELECT (x->'appointment'->>'id')::integer, x->'appointment'->>'fullName', x->'appointment'->>'phone', x->'appointment'->>'email',
         (x->'appointment'->>'appointmentDate')::date, x->'appointment'->>'appointmentTime', x->'appointment'->>'department', x->'appointment'->>'reason',
         (x->'appointment'->>'userId')::integer, (x->'appointment'->>'followUpOfId')::integer, 'PENDING', x->'appointment'->>'searchText',
         (x->>'now')::timestamptz, (x->>'now')::timestamptz
  FROM jsonb_array_elements(v_ok) x;
  INSERT INTO appointment_events (appointment_id, action, from_status, to_status, note, actor_id, actor_name, actor_role, created_at)
  SELECT (x->'appointment'->>'id')::integer, x->'event'->>'action', NULL, 'PENDING', x->'event'->>'note', (x->'event'->>'actorId')::integer,
         x->'event'->>'actorName', x->'event'->>'actorRole', (x->>'now')::timestamptz
  FROM jsonb_array_elements(v_ok) x;
  INSERT INTO appointment_links (appointment_id, token_hash, created_at)
  SELECT (x->'appointment'->>'id')::integer, x->>'linkHash', (x->>'now')::timestamptz
  FROM jsonb_array_elements(v_ok) x WHERE x->>'linkHash' IS NOT NULL;
  INSERT INTO email_outbox (kind, to_address, subject, html, text, data, attachments, appointment_id, status, next_attempt_at, created_at)
  SELECT e.m->>'kind', e.m->>'to_address', e.m->>'subject', e.m->>'html', e.m->>'text', nullif(e.m->'data', 'null'::jsonb), coalesce(e.m->'attachments', '[]'::jsonb),
         (o.x->'appointment'->>'id')::integer, 'queued', (o.x->>'now')::timestamptz, (o.x->>'now')::timestamptz
  FROM jsonb_array_elements(v_ok) WITH ORDINALITY AS o(x, i)
  CROSS JOIN LATERAL jsonb_array_elements(coalesce(o.x->'emails', '[]'::jsonb)) WITH ORDINALITY AS e(m, j)
  ORDER BY o.i, e.j;
  RETURN v_outcomes;
END
$$;
