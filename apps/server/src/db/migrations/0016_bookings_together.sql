-- Bookings that arrive together are written together (docs/PERFORMANCE.md): one call, one
-- transaction and one commit for a process's waiting bookings. Each one is still judged alone, in
-- the order given, by the slot's rules of migration 0012: one person once per slot, and the places
-- taken (its active appointments, the open entries of its waiting list, and the bookings accepted
-- earlier in this call). Each insert is one statement for all accepted bookings, so the counting
-- triggers of migration 0005, the change notice and the commit run once for them all.
--
-- p_bookings: an array of { appointment, capacity, now, event, linkHash, emails } (clinic_book's
-- arguments). Answers one outcome per booking, in its order: 'OK', 'ALREADY_BOOKED' or 'SLOT_FULL'.
CREATE FUNCTION clinic_book_many(p_bookings jsonb) RETURNS text[] LANGUAGE plpgsql AS $$
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
  INSERT INTO email_outbox (kind, to_address, subject, html, text, attachments, appointment_id, status, next_attempt_at, created_at)
  SELECT e.m->>'kind', e.m->>'to_address', e.m->>'subject', e.m->>'html', e.m->>'text', coalesce(e.m->'attachments', '[]'::jsonb),
         (o.x->'appointment'->>'id')::integer, 'queued', (o.x->>'now')::timestamptz, (o.x->>'now')::timestamptz
  FROM jsonb_array_elements(v_ok) WITH ORDINALITY AS o(x, i)
  CROSS JOIN LATERAL jsonb_array_elements(coalesce(o.x->'emails', '[]'::jsonb)) WITH ORDINALITY AS e(m, j)
  ORDER BY o.i, e.j;
  RETURN v_outcomes;
END
$$;
--> statement-breakpoint
-- The one-booking call of migration 0012, for processes of the previous release still serving during
-- a rolling deploy: now a call with one booking, so the rules stay written once.
CREATE OR REPLACE FUNCTION clinic_book(p_appointment jsonb, p_capacity integer, p_now timestamptz, p_event jsonb, p_link_hash text, p_emails jsonb) RETURNS text LANGUAGE sql AS $$
  SELECT (clinic_book_many(jsonb_build_array(jsonb_build_object(
    'appointment', p_appointment, 'capacity', p_capacity, 'now', p_now, 'event', p_event, 'linkHash', p_link_hash, 'emails', p_emails))))[1];
$$;
