-- A booking's call costs PostgreSQL less (docs/PERFORMANCE.md, "Booking creation"): its calls go one
-- after the other, so their time is the bookings' time.
--
-- 1. A write is told to the session that made it by a notice (SQLSTATE CL001, "table:xid", as the
--    change's NOTIFY says it), when the session asks (clinic.hears_own_writes, src/db/client.ts).
--    The pooled connections no longer LISTEN: PostgreSQL woke every listening session of the
--    database on each commit, ten per process that were only there to hear their own writes. Each
--    process keeps one listening connection, for everyone's writes.
CREATE OR REPLACE FUNCTION clinic_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_notice text := TG_TABLE_NAME || ':' || pg_current_xact_id()::text;
BEGIN
  PERFORM pg_notify('clinic_changes', v_notice);
  IF current_setting('clinic.hears_own_writes', true) = 'on' THEN
    RAISE NOTICE USING MESSAGE = v_notice, ERRCODE = 'CL001';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- 2. The counts of new appointments, summed from the inserted rows at once (migration 0005 built a
--    JSON delta per row and read it back three times). Patient Control's rows are made again only
--    where one can change: a person listed already, or a new appointment confirmed or later. A
--    person with no row and only new unconfirmed appointments still has no row. The check comes
--    after the person's lock, so it sees what a transaction that held the lock committed.
CREATE OR REPLACE FUNCTION appointments_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  e text[];
  d int[];
BEGIN
  INSERT INTO appointment_day_counts AS c (day, status, department, n, amount_sum, unpriced)
  SELECT appointment_date, status, department, count(*), coalesce(sum(payment_amount), 0), count(*) FILTER (WHERE payment_amount IS NULL)
  FROM new_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (day, status, department) DO UPDATE
    SET n = c.n + excluded.n, amount_sum = c.amount_sum + excluded.amount_sum, unpriced = c.unpriced + excluded.unpriced;
  INSERT INTO appointment_month_counts AS c (month, status, department, n, amount_sum, unpriced)
  SELECT date_trunc('month', appointment_date)::date, status, department, count(*), coalesce(sum(payment_amount), 0), count(*) FILTER (WHERE payment_amount IS NULL)
  FROM new_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (month, status, department) DO UPDATE
    SET n = c.n + excluded.n, amount_sum = c.amount_sum + excluded.amount_sum, unpriced = c.unpriced + excluded.unpriced;
  INSERT INTO appointment_doctor_day_counts AS c (doctor_id, day, status, n, amount_sum, unpriced)
  SELECT doctor_id, appointment_date, status, count(*), coalesce(sum(payment_amount), 0), count(*) FILTER (WHERE payment_amount IS NULL)
  FROM new_rows WHERE doctor_id IS NOT NULL GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (doctor_id, day, status) DO UPDATE
    SET n = c.n + excluded.n, amount_sum = c.amount_sum + excluded.amount_sum, unpriced = c.unpriced + excluded.unpriced;

  -- No statement here takes a parameter: each is planned once per connection, not at every call.
  PERFORM pg_advisory_xact_lock(727200, hashtext(x)) FROM (SELECT DISTINCT email AS x FROM new_rows WHERE email IS NOT NULL ORDER BY 1) s;
  SELECT array_agg(k.email), array_agg(k.doctor_id) INTO e, d FROM (
    SELECT email, 0 AS doctor_id FROM new_rows WHERE email IS NOT NULL
    UNION SELECT email, doctor_id FROM new_rows WHERE email IS NOT NULL AND doctor_id IS NOT NULL
  ) k
  WHERE EXISTS (SELECT 1 FROM patient_summaries s WHERE s.doctor_id = k.doctor_id AND s.email = k.email)
     OR EXISTS (SELECT 1 FROM new_rows n WHERE n.email = k.email AND (k.doctor_id = 0 OR n.doctor_id = k.doctor_id)
                AND n.status IN ('CONFIRMED', 'NEEDS_PAYMENT', 'PAYMENT_REQUESTED', 'PAID', 'COMPLETED'));
  IF e IS NOT NULL THEN
    PERFORM patient_summaries_refresh(e, d);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- 3. A call's bookings are checked in one statement: the slot's count and whether the person holds it
--    already, for every booking together (the rules of clinic_slot_taken and clinic_person_holds_slot,
--    migrations 0013 and 0015), then judged in arrival order against the ones accepted before them in
--    the call. The checks ran two functions and three statements per booking. Migration 0017's
--    clinic_book_many, restated whole (CREATE OR REPLACE needs the body); its writes are unchanged.
CREATE OR REPLACE FUNCTION clinic_book_many(p_bookings jsonb) RETURNS text[] LANGUAGE plpgsql AS $$
DECLARE
  v_outcomes text[] := '{}';
  v_accepted int[] := '{}';
  v_ok jsonb := '[]'::jsonb;
  v_slot int[];
  v_taken int[];
  v_holds boolean[];
  v_capacity int[];
  v_phone text[];
  v_email text[];
  v_same boolean;
  v_in_slot int;
  i int;
  j int;
BEGIN
  -- Every slot's lock before any check or write, in one order for every caller: two calls holding
  -- some of the same slots never wait on each other in a circle.
  PERFORM clinic_lock_slot(s.d, s.t, s.dep) FROM (
    SELECT DISTINCT x->'appointment'->>'appointmentDate' AS d, x->'appointment'->>'appointmentTime' AS t, x->'appointment'->>'department' AS dep
    FROM jsonb_array_elements(p_bookings) x ORDER BY 1, 2, 3) s;

  -- Per booking, in arrival order: its slot (a number per distinct slot of the call), the places
  -- taken there (appointments not cancelled or missed, the waiting list's people and unexpired
  -- offers), and whether this person (phone, or e-mail) holds it already.
  SELECT array_agg(k.slot ORDER BY k.i), array_agg(k.taken ORDER BY k.i), array_agg(k.holds ORDER BY k.i), array_agg(k.capacity ORDER BY k.i),
         array_agg(k.phone ORDER BY k.i), array_agg(k.email ORDER BY k.i)
    INTO v_slot, v_taken, v_holds, v_capacity, v_phone, v_email
  FROM (
    SELECT b.i, dense_rank() OVER (ORDER BY b.d, b.t, b.dep)::int AS slot, b.capacity, b.phone, b.email,
           ((SELECT count(*) FROM appointments a
              WHERE a.appointment_date = b.d AND a.appointment_time = b.t AND a.department = b.dep AND a.status NOT IN ('CANCELLED', 'NO_SHOW'))
            + (SELECT count(*) FROM waiting_list_entries w
              WHERE w.appointment_date = b.d AND w.appointment_time = b.t AND w.department = b.dep
                AND (w.status = 'WAITING' OR (w.status = 'OFFERED' AND w.offer_expires_at > b.now))))::int AS taken,
           EXISTS (SELECT 1 FROM appointments a
              WHERE a.appointment_date = b.d AND a.appointment_time = b.t AND a.department = b.dep AND a.status NOT IN ('CANCELLED', 'NO_SHOW')
                AND (a.phone = b.phone OR (b.email IS NOT NULL AND a.email = b.email))) AS holds
    FROM (SELECT o.i::int AS i, (o.x->'appointment'->>'appointmentDate')::date AS d, o.x->'appointment'->>'appointmentTime' AS t,
                 o.x->'appointment'->>'department' AS dep, o.x->'appointment'->>'phone' AS phone, o.x->'appointment'->>'email' AS email,
                 (o.x->>'capacity')::int AS capacity, (o.x->>'now')::timestamptz AS now
          FROM jsonb_array_elements(p_bookings) WITH ORDINALITY o(x, i)) b
  ) k;

  -- Each booking against the ones accepted before it in this call, as if they had come one by one.
  FOR i IN 1 .. coalesce(array_length(v_slot, 1), 0) LOOP
    v_same := v_holds[i];
    v_in_slot := 0;
    FOREACH j IN ARRAY v_accepted LOOP
      IF v_slot[j] = v_slot[i] THEN
        v_in_slot := v_in_slot + 1;
        IF v_phone[j] = v_phone[i] OR (v_email[i] IS NOT NULL AND v_email[j] = v_email[i]) THEN v_same := true; END IF;
      END IF;
    END LOOP;
    IF v_same THEN
      v_outcomes := v_outcomes || 'ALREADY_BOOKED'::text;
    ELSIF v_taken[i] + v_in_slot >= v_capacity[i] THEN
      v_outcomes := v_outcomes || 'SLOT_FULL'::text;
    ELSE
      v_accepted := v_accepted || i;
      v_ok := v_ok || jsonb_build_array(p_bookings->(i - 1));
      v_outcomes := v_outcomes || 'OK'::text;
    END IF;
  END LOOP;

  -- The accepted ones written, one statement per table (as migration 0017 wrote them). The
  -- statements take no parameter but v_ok, whose value does not change their plan: PostgreSQL keeps one.
  IF cardinality(v_accepted) = 0 THEN
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
