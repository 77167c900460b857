-- The counts behind the cards, the dashboard and Booking History, and Patient Control's rows, kept
-- by the database on every write to appointments, whatever writes it (services, seeds, bulk loads).
-- Statement-level triggers with transition tables: a statement changing many rows updates each
-- count once. Keys are applied in sorted order, so two transactions never take them in opposite
-- orders and wait on each other for ever.

CREATE FUNCTION appointment_counts_apply(p_delta jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO appointment_day_counts AS c (day, status, department, n, amount_sum, unpriced)
  SELECT (x->>'day')::date, x->>'status', x->>'department', sum((x->>'n')::int), sum((x->>'amount')::bigint), sum((x->>'unpriced')::int)
  FROM jsonb_array_elements(p_delta) x
  GROUP BY 1, 2, 3
  HAVING sum((x->>'n')::int) <> 0 OR sum((x->>'amount')::bigint) <> 0 OR sum((x->>'unpriced')::int) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT (day, status, department) DO UPDATE
    SET n = c.n + excluded.n, amount_sum = c.amount_sum + excluded.amount_sum, unpriced = c.unpriced + excluded.unpriced;

  INSERT INTO appointment_month_counts AS c (month, status, department, n, amount_sum, unpriced)
  SELECT date_trunc('month', (x->>'day')::date)::date, x->>'status', x->>'department', sum((x->>'n')::int), sum((x->>'amount')::bigint), sum((x->>'unpriced')::int)
  FROM jsonb_array_elements(p_delta) x
  GROUP BY 1, 2, 3
  HAVING sum((x->>'n')::int) <> 0 OR sum((x->>'amount')::bigint) <> 0 OR sum((x->>'unpriced')::int) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT (month, status, department) DO UPDATE
    SET n = c.n + excluded.n, amount_sum = c.amount_sum + excluded.amount_sum, unpriced = c.unpriced + excluded.unpriced;

  INSERT INTO appointment_doctor_day_counts AS c (doctor_id, day, status, n, amount_sum, unpriced)
  SELECT (x->>'doctor')::int, (x->>'day')::date, x->>'status', sum((x->>'n')::int), sum((x->>'amount')::bigint), sum((x->>'unpriced')::int)
  FROM jsonb_array_elements(p_delta) x
  WHERE x->>'doctor' IS NOT NULL
  GROUP BY 1, 2, 3
  HAVING sum((x->>'n')::int) <> 0 OR sum((x->>'amount')::bigint) <> 0 OR sum((x->>'unpriced')::int) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT (doctor_id, day, status) DO UPDATE
    SET n = c.n + excluded.n, amount_sum = c.amount_sum + excluded.amount_sum, unpriced = c.unpriced + excluded.unpriced;
END $$;
--> statement-breakpoint

-- One row's part in the counts: +1 when it arrives, -1 when it leaves.
CREATE FUNCTION appointment_count_delta(a appointments, sign int) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT jsonb_build_object(
    'day', a.appointment_date, 'status', a.status, 'department', a.department, 'doctor', a.doctor_id,
    'n', sign, 'amount', sign * coalesce(a.payment_amount, 0), 'unpriced', sign * (a.payment_amount IS NULL)::int)
$$;
--> statement-breakpoint

-- Patient Control's rows of these e-mails (doctor 0: the clinic's list; else that doctor's), made
-- again from the appointments. A person is listed while one of their appointments is confirmed or
-- later (CONFIRMED, NEEDS_PAYMENT, PAYMENT_REQUESTED, PAID, COMPLETED).
CREATE FUNCTION patient_summaries_refresh(p_emails text[], p_doctors int[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- Two transactions changing one person's appointments would each rebuild the row from their own
  -- snapshot; the lock makes the second wait and read what the first committed.
  PERFORM pg_advisory_xact_lock(727200, hashtext(e)) FROM (SELECT DISTINCT unnest(p_emails) AS e ORDER BY 1) x;
  DELETE FROM patient_summaries s USING unnest(p_emails, p_doctors) k(email, doctor_id)
    WHERE s.doctor_id = k.doctor_id AND s.email = k.email;
  INSERT INTO patient_summaries (doctor_id, email, full_name, phone, search_text, user_id, total, confirmed, last_upcoming_date)
  SELECT k.doctor_id, k.email, g.full_name, g.phone, g.search_text, g.user_id, g.total, g.confirmed, g.last_upcoming_date
  FROM (SELECT DISTINCT email, doctor_id FROM unnest(p_emails, p_doctors) k(email, doctor_id)) k
  CROSS JOIN LATERAL (
    SELECT
      (array_agg(a.full_name ORDER BY a.appointment_date DESC, a.id DESC))[1] AS full_name,
      (array_agg(a.phone ORDER BY a.appointment_date DESC, a.id DESC))[1] AS phone,
      (array_agg(a.search_text ORDER BY a.appointment_date DESC, a.id DESC))[1] AS search_text,
      (array_agg(a.user_id ORDER BY a.user_id IS NULL, a.appointment_date DESC, a.id DESC))[1] AS user_id,
      count(*)::int AS total,
      (count(*) FILTER (WHERE a.status IN ('CONFIRMED', 'NEEDS_PAYMENT', 'PAYMENT_REQUESTED', 'PAID', 'COMPLETED')))::int AS confirmed,
      max(a.appointment_date) FILTER (WHERE a.status IN ('PENDING', 'AWAITING_DOCTOR_APPROVAL', 'CONFIRMED', 'PAYMENT_REQUESTED', 'PAID')) AS last_upcoming_date
    FROM appointments a
    WHERE a.email = k.email AND (k.doctor_id = 0 OR a.doctor_id = k.doctor_id)
  ) g
  WHERE g.confirmed > 0;
END $$;
--> statement-breakpoint

CREATE FUNCTION appointments_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  e text[];
  d int[];
BEGIN
  PERFORM appointment_counts_apply(coalesce((SELECT jsonb_agg(appointment_count_delta(n, 1)) FROM new_rows n), '[]'));
  SELECT array_agg(k.email), array_agg(k.doctor_id) INTO e, d FROM (
    SELECT email, 0 AS doctor_id FROM new_rows WHERE email IS NOT NULL
    UNION SELECT email, doctor_id FROM new_rows WHERE email IS NOT NULL AND doctor_id IS NOT NULL
  ) k;
  IF e IS NOT NULL THEN PERFORM patient_summaries_refresh(e, d); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint

CREATE FUNCTION appointments_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  e text[];
  d int[];
BEGIN
  PERFORM appointment_counts_apply(coalesce((SELECT jsonb_agg(appointment_count_delta(o, -1)) FROM old_rows o), '[]'));
  SELECT array_agg(k.email), array_agg(k.doctor_id) INTO e, d FROM (
    SELECT email, 0 AS doctor_id FROM old_rows WHERE email IS NOT NULL
    UNION SELECT email, doctor_id FROM old_rows WHERE email IS NOT NULL AND doctor_id IS NOT NULL
  ) k;
  IF e IS NOT NULL THEN PERFORM patient_summaries_refresh(e, d); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint

-- An update only counts when a counted column changed (not e-mail or reminder flags, not notes).
CREATE FUNCTION appointments_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  e text[];
  d int[];
BEGIN
  PERFORM appointment_counts_apply(coalesce((
    SELECT jsonb_agg(x) FROM (
      SELECT appointment_count_delta(o, -1) AS x FROM old_rows o JOIN new_rows n ON n.id = o.id
        WHERE (o.appointment_date, o.status, o.department, o.doctor_id, o.payment_amount) IS DISTINCT FROM (n.appointment_date, n.status, n.department, n.doctor_id, n.payment_amount)
      UNION ALL
      SELECT appointment_count_delta(n, 1) FROM old_rows o JOIN new_rows n ON n.id = o.id
        WHERE (o.appointment_date, o.status, o.department, o.doctor_id, o.payment_amount) IS DISTINCT FROM (n.appointment_date, n.status, n.department, n.doctor_id, n.payment_amount)
    ) deltas), '[]'));
  SELECT array_agg(k.email), array_agg(k.doctor_id) INTO e, d FROM (
    SELECT v.email, v.doctor_id FROM old_rows o JOIN new_rows n ON n.id = o.id
    CROSS JOIN LATERAL (VALUES (o.email, 0), (o.email, o.doctor_id), (n.email, 0), (n.email, n.doctor_id)) v(email, doctor_id)
    WHERE (o.email, o.doctor_id, o.status, o.appointment_date, o.full_name, o.phone, o.search_text, o.user_id)
          IS DISTINCT FROM (n.email, n.doctor_id, n.status, n.appointment_date, n.full_name, n.phone, n.search_text, n.user_id)
      AND v.email IS NOT NULL AND v.doctor_id IS NOT NULL
    GROUP BY v.email, v.doctor_id
  ) k;
  IF e IS NOT NULL THEN PERFORM patient_summaries_refresh(e, d); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint

-- What was there before the triggers.
INSERT INTO appointment_day_counts (day, status, department, n, amount_sum, unpriced)
SELECT appointment_date, status, department, count(*), coalesce(sum(payment_amount), 0), count(*) FILTER (WHERE payment_amount IS NULL)
FROM appointments GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO appointment_month_counts (month, status, department, n, amount_sum, unpriced)
SELECT date_trunc('month', appointment_date)::date, status, department, count(*), coalesce(sum(payment_amount), 0), count(*) FILTER (WHERE payment_amount IS NULL)
FROM appointments GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO appointment_doctor_day_counts (doctor_id, day, status, n, amount_sum, unpriced)
SELECT doctor_id, appointment_date, status, count(*), coalesce(sum(payment_amount), 0), count(*) FILTER (WHERE payment_amount IS NULL)
FROM appointments WHERE doctor_id IS NOT NULL GROUP BY 1, 2, 3;
--> statement-breakpoint
SELECT patient_summaries_refresh(array_agg(k.email), array_agg(k.doctor_id)) FROM (
  SELECT DISTINCT email, 0 AS doctor_id FROM appointments WHERE email IS NOT NULL
  UNION SELECT DISTINCT email, doctor_id FROM appointments WHERE email IS NOT NULL AND doctor_id IS NOT NULL
) k HAVING count(*) > 0;
--> statement-breakpoint

CREATE TRIGGER appointments_counts_insert AFTER INSERT ON appointments REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION appointments_after_insert();
--> statement-breakpoint
CREATE TRIGGER appointments_counts_update AFTER UPDATE ON appointments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION appointments_after_update();
--> statement-breakpoint
CREATE TRIGGER appointments_counts_delete AFTER DELETE ON appointments REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION appointments_after_delete();
