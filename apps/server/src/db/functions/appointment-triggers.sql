-- What the database keeps from the appointments on every write, whatever writes it (the services, a
-- seed, an operator's SQL): the counts behind the cards, the dashboard and Booking History (tables
-- appointment_day_counts, appointment_month_counts, appointment_doctor_day_counts), and Patient
-- Control's rows (patient-summaries.sql). Statement-level triggers with transition tables: a statement
-- changing many rows runs each once.

-- Adds rows to the counts: each row's day, status, department and doctor, +1 or -1 (n), and its
-- recorded amount (none: it counts as unpriced). Keys are written in sorted order, so two transactions
-- never take them in opposite orders and wait on each other for ever. One generic plan for the
-- connection's life: its arrays' lengths would otherwise have it planned again at every call.
CREATE OR REPLACE FUNCTION appointment_counts_add(p_day date[], p_status text[], p_department text[], p_doctor int[], p_n int[], p_amount bigint[])
RETURNS void LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  INSERT INTO appointment_day_counts AS c (day, status, department, n, amount_sum, unpriced)
  SELECT r.day, r.status, r.department, sum(r.n), sum(r.n * coalesce(r.amount, 0)), sum(r.n * (r.amount IS NULL)::int)
  FROM unnest(p_day, p_status, p_department, p_n, p_amount) r(day, status, department, n, amount)
  GROUP BY 1, 2, 3
  HAVING sum(r.n) <> 0 OR sum(r.n * coalesce(r.amount, 0)) <> 0 OR sum(r.n * (r.amount IS NULL)::int) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT (day, status, department) DO UPDATE
    SET n = c.n + excluded.n, amount_sum = c.amount_sum + excluded.amount_sum, unpriced = c.unpriced + excluded.unpriced;

  INSERT INTO appointment_month_counts AS c (month, status, department, n, amount_sum, unpriced)
  SELECT date_trunc('month', r.day)::date, r.status, r.department, sum(r.n), sum(r.n * coalesce(r.amount, 0)), sum(r.n * (r.amount IS NULL)::int)
  FROM unnest(p_day, p_status, p_department, p_n, p_amount) r(day, status, department, n, amount)
  GROUP BY 1, 2, 3
  HAVING sum(r.n) <> 0 OR sum(r.n * coalesce(r.amount, 0)) <> 0 OR sum(r.n * (r.amount IS NULL)::int) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT (month, status, department) DO UPDATE
    SET n = c.n + excluded.n, amount_sum = c.amount_sum + excluded.amount_sum, unpriced = c.unpriced + excluded.unpriced;

  INSERT INTO appointment_doctor_day_counts AS c (doctor_id, day, status, n, amount_sum, unpriced)
  SELECT r.doctor, r.day, r.status, sum(r.n), sum(r.n * coalesce(r.amount, 0)), sum(r.n * (r.amount IS NULL)::int)
  FROM unnest(p_day, p_status, p_doctor, p_n, p_amount) r(day, status, doctor, n, amount)
  WHERE r.doctor IS NOT NULL
  GROUP BY 1, 2, 3
  HAVING sum(r.n) <> 0 OR sum(r.n * coalesce(r.amount, 0)) <> 0 OR sum(r.n * (r.amount IS NULL)::int) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT (doctor_id, day, status) DO UPDATE
    SET n = c.n + excluded.n, amount_sum = c.amount_sum + excluded.amount_sum, unpriced = c.unpriced + excluded.unpriced;
END
$$;

-- New appointments: counted; Patient Control's rows made again only where one can change (a person
-- listed already, or a new appointment confirmed or later): a person with no row and only new
-- unconfirmed appointments still has none. The check comes after the people's locks, so it sees what
-- a transaction that held them committed. No statement here takes a parameter: each is planned once
-- per connection, not at every booking.
CREATE OR REPLACE FUNCTION appointments_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  e text[];
  d int[];
BEGIN
  PERFORM appointment_counts_add(array_agg(appointment_date), array_agg(status), array_agg(department), array_agg(doctor_id),
                                 array_agg(1), array_agg(payment_amount::bigint))
  FROM new_rows;

  PERFORM clinic_lock_people(array(SELECT DISTINCT email FROM new_rows WHERE email IS NOT NULL));
  -- Grouped first, then looked up: a statement of thirty thousand rows stays linear.
  SELECT array_agg(k.email), array_agg(k.doctor_id) INTO e, d FROM (
    SELECT email, 0 AS doctor_id, bool_or(status = ANY (clinic_confirmed_or_later_statuses())) AS confirms
      FROM new_rows WHERE email IS NOT NULL GROUP BY email
    UNION ALL
    SELECT email, doctor_id, bool_or(status = ANY (clinic_confirmed_or_later_statuses()))
      FROM new_rows WHERE email IS NOT NULL AND doctor_id IS NOT NULL GROUP BY email, doctor_id
  ) k
  WHERE k.confirms OR EXISTS (SELECT 1 FROM patient_summaries s WHERE s.doctor_id = k.doctor_id AND s.email = k.email);
  IF e IS NOT NULL THEN
    PERFORM patient_summaries_refresh(e, d);
  END IF;
  RETURN NULL;
END
$$;

-- An update counts again only the rows whose counted columns changed (not the e-mail flags, not the
-- notes), and makes again the Patient Control rows of the people and doctors it moved.
CREATE OR REPLACE FUNCTION appointments_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  e text[];
  d int[];
BEGIN
  PERFORM appointment_counts_add(array_agg(x.day), array_agg(x.status), array_agg(x.department), array_agg(x.doctor_id),
                                 array_agg(x.n), array_agg(x.amount))
  FROM old_rows o
  JOIN new_rows n ON n.id = o.id
  CROSS JOIN LATERAL (VALUES (o.appointment_date, o.status, o.department, o.doctor_id, -1, o.payment_amount::bigint),
                             (n.appointment_date, n.status, n.department, n.doctor_id, 1, n.payment_amount::bigint))
    x(day, status, department, doctor_id, n, amount)
  WHERE (o.appointment_date, o.status, o.department, o.doctor_id, o.payment_amount)
        IS DISTINCT FROM (n.appointment_date, n.status, n.department, n.doctor_id, n.payment_amount);

  SELECT array_agg(k.email), array_agg(k.doctor_id) INTO e, d FROM (
    SELECT v.email, v.doctor_id FROM old_rows o JOIN new_rows n ON n.id = o.id
    CROSS JOIN LATERAL (VALUES (o.email, 0), (o.email, o.doctor_id), (n.email, 0), (n.email, n.doctor_id)) v(email, doctor_id)
    WHERE (o.email, o.doctor_id, o.status, o.appointment_date, o.full_name, o.phone, o.search_text, o.user_id, o.restricted)
          IS DISTINCT FROM (n.email, n.doctor_id, n.status, n.appointment_date, n.full_name, n.phone, n.search_text, n.user_id,
                            n.restricted)
      AND v.email IS NOT NULL AND v.doctor_id IS NOT NULL
    GROUP BY v.email, v.doctor_id
  ) k;
  IF e IS NOT NULL THEN
    PERFORM patient_summaries_refresh(e, d);
  END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION appointments_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  e text[];
  d int[];
BEGIN
  PERFORM appointment_counts_add(array_agg(appointment_date), array_agg(status), array_agg(department), array_agg(doctor_id),
                                 array_agg(-1), array_agg(payment_amount::bigint))
  FROM old_rows;
  SELECT array_agg(k.email), array_agg(k.doctor_id) INTO e, d FROM (
    SELECT email, 0 AS doctor_id FROM old_rows WHERE email IS NOT NULL
    UNION SELECT email, doctor_id FROM old_rows WHERE email IS NOT NULL AND doctor_id IS NOT NULL
  ) k;
  IF e IS NOT NULL THEN
    PERFORM patient_summaries_refresh(e, d);
  END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER appointments_counts_insert AFTER INSERT ON appointments REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION appointments_after_insert();
CREATE OR REPLACE TRIGGER appointments_counts_update AFTER UPDATE ON appointments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION appointments_after_update();
CREATE OR REPLACE TRIGGER appointments_counts_delete AFTER DELETE ON appointments REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION appointments_after_delete();
