-- A slot's rules, written once: the lock every process takes for it, the places taken (its active
-- appointments and the open entries of its waiting list, PRODUCT.md section 10) and one person once
-- per slot. The services call these; a booking runs them and all its writes in one call, so the
-- slot's lock is held for one round trip instead of ten (docs/PERFORMANCE.md).
CREATE FUNCTION clinic_lock_slot(p_date text, p_time text, p_department text) RETURNS void LANGUAGE sql AS $$
  SELECT pg_advisory_xact_lock(727100, hashtext(p_date || '|' || p_time || '|' || p_department));
$$;
--> statement-breakpoint
CREATE FUNCTION clinic_slot_taken(p_date date, p_time text, p_department text, p_now timestamptz, p_exclude integer) RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT ((SELECT count(*) FROM appointments a
           WHERE a.appointment_date = p_date AND a.appointment_time = p_time AND a.department = p_department
             AND a.status NOT IN ('CANCELLED', 'NO_SHOW') AND (p_exclude IS NULL OR a.id <> p_exclude))
        + (SELECT count(*) FROM waiting_list_entries w
           WHERE w.appointment_date = p_date AND w.appointment_time = p_time AND w.department = p_department
             AND (w.status = 'WAITING' OR (w.status = 'OFFERED' AND w.offer_expires_at > p_now))))::int;
$$;
--> statement-breakpoint
CREATE FUNCTION clinic_person_holds_slot(p_date date, p_time text, p_department text, p_phone text, p_email text, p_exclude integer) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM appointments a
                 WHERE a.appointment_date = p_date AND a.appointment_time = p_time AND a.department = p_department
                   AND a.status NOT IN ('CANCELLED', 'NO_SHOW') AND (p_exclude IS NULL OR a.id <> p_exclude)
                   AND (a.phone = p_phone OR (p_email IS NOT NULL AND a.email = p_email)));
$$;
--> statement-breakpoint
-- A new PENDING appointment (p_appointment: its fields in camelCase, its id already drawn from the
-- sequence), its history event, its private link's hash (or null) and its e-mails, after the slot's
-- lock and both checks. Answers 'OK', or why nothing was written: 'ALREADY_BOOKED', 'SLOT_FULL'.
-- Each statement of a volatile function reads afresh, so the checks see every booking committed
-- while this one waited for the lock.
CREATE FUNCTION clinic_book(p_appointment jsonb, p_capacity integer, p_now timestamptz, p_event jsonb, p_link_hash text, p_emails jsonb) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  v_id integer := (p_appointment->>'id')::integer;
  v_date date := (p_appointment->>'appointmentDate')::date;
  v_time text := p_appointment->>'appointmentTime';
  v_department text := p_appointment->>'department';
BEGIN
  PERFORM clinic_lock_slot(p_appointment->>'appointmentDate', v_time, v_department);
  IF clinic_person_holds_slot(v_date, v_time, v_department, p_appointment->>'phone', p_appointment->>'email', NULL) THEN
    RETURN 'ALREADY_BOOKED';
  END IF;
  IF clinic_slot_taken(v_date, v_time, v_department, p_now, NULL) >= p_capacity THEN
    RETURN 'SLOT_FULL';
  END IF;
  INSERT INTO appointments (id, full_name, phone, email, appointment_date, appointment_time, department, reason, user_id, follow_up_of_id, status, search_text, created_at, updated_at)
  OVERRIDING SYSTEM VALUE
  VALUES (v_id, p_appointment->>'fullName', p_appointment->>'phone', p_appointment->>'email', v_date, v_time, v_department, p_appointment->>'reason',
          (p_appointment->>'userId')::integer, (p_appointment->>'followUpOfId')::integer, 'PENDING', p_appointment->>'searchText', p_now, p_now);
  INSERT INTO appointment_events (appointment_id, action, from_status, to_status, note, actor_id, actor_name, actor_role, created_at)
  VALUES (v_id, p_event->>'action', NULL, 'PENDING', p_event->>'note', (p_event->>'actorId')::integer, p_event->>'actorName', p_event->>'actorRole', p_now);
  IF p_link_hash IS NOT NULL THEN
    INSERT INTO appointment_links (appointment_id, token_hash, created_at) VALUES (v_id, p_link_hash, p_now);
  END IF;
  INSERT INTO email_outbox (kind, to_address, subject, html, text, attachments, appointment_id, status, next_attempt_at, created_at)
  SELECT e.kind, e.to_address, e.subject, e.html, e.text, coalesce(e.attachments, '[]'::jsonb), v_id, 'queued', p_now, p_now
  FROM jsonb_to_recordset(p_emails) AS e(kind text, to_address text, subject text, html text, text text, attachments jsonb);
  RETURN 'OK';
END
$$;
