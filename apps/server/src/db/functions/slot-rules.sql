-- What decides whether a slot (a date, a time, a department) has a place: this file
-- (docs/PRODUCT.md §3 and §10).
--
-- A slot holds as many places as its department's slot_capacity. A place is taken by each of its
-- active appointments (every status but clinic_inactive_statuses()), each person waiting on its list
-- (a freed place is kept for the list until it is offered), and each offer not yet lapsed (held for
-- the person it was offered to). One person (the same phone, or the same e-mail) holds at most one
-- active appointment in a slot. Every path that puts someone in a slot counts it so, under the slot's
-- lock: a booking (appointments-made.sql), a move of an appointment, the waiting list's join, offers
-- and claims; the booking form's availability answer reads the same function without the lock.

-- Serialises everything that fills a slot until the transaction ends, across all server processes (a
-- transaction-scoped advisory lock: nothing to clean up, nothing held after a crash).
CREATE OR REPLACE FUNCTION clinic_lock_slot(p_date text, p_time text, p_department text) RETURNS void LANGUAGE sql AS $$
  SELECT pg_advisory_xact_lock(727100, hashtext(p_date || '|' || p_time || '|' || p_department));
$$;

-- The slot's capacity and what takes its places at p_now, but for one appointment (the one being
-- moved) and one offer (the one being claimed) left out, and whether this person (p_phone, or
-- p_email) holds an active appointment there. No row for an unknown department. The one definition of
-- what the places add up to, which the server's TypeScript (appointments.repository.ts,
-- waiting-list.repository.ts) and the booking call (appointments-made.sql) read as they are:
--   taken, what a new booking counts against the capacity: booked + waiting + offered
--   held, what the offer job and a claim count: booked + offered
-- A set-returning SQL function, STABLE and not STRICT: PostgreSQL inlines it into the query that calls
-- it and plans them together, so a caller's statement keeps one plan (PL/pgSQL) or is planned with its
-- own arguments, as if the subqueries were written there.
CREATE OR REPLACE FUNCTION clinic_slot_count(
  p_date date, p_time text, p_department text, p_now timestamptz,
  p_phone text DEFAULT NULL, p_email text DEFAULT NULL, p_except_appointment integer DEFAULT NULL, p_except_entry integer DEFAULT NULL)
RETURNS TABLE (capacity integer, booked integer, waiting integer, offered integer, taken integer, held integer, person_holds boolean)
LANGUAGE sql STABLE AS $$
  SELECT c.capacity, c.booked, c.waiting, c.offered, c.booked + c.waiting + c.offered, c.booked + c.offered, c.person_holds
  FROM (
    SELECT d.slot_capacity AS capacity,
           (SELECT count(*)::int FROM appointments a
             WHERE a.appointment_date = p_date AND a.appointment_time = p_time AND a.department = p_department
               AND a.status <> ALL (clinic_inactive_statuses()) AND (p_except_appointment IS NULL OR a.id <> p_except_appointment)) AS booked,
           (SELECT count(*)::int FROM waiting_list_entries w
             WHERE w.appointment_date = p_date AND w.appointment_time = p_time AND w.department = p_department AND w.status = 'WAITING') AS waiting,
           (SELECT count(*)::int FROM waiting_list_entries w
             WHERE w.appointment_date = p_date AND w.appointment_time = p_time AND w.department = p_department
               AND w.status = 'OFFERED' AND w.offer_expires_at > p_now AND (p_except_entry IS NULL OR w.id <> p_except_entry)) AS offered,
           EXISTS (SELECT 1 FROM appointments a
             WHERE a.appointment_date = p_date AND a.appointment_time = p_time AND a.department = p_department
               AND a.status <> ALL (clinic_inactive_statuses()) AND (p_except_appointment IS NULL OR a.id <> p_except_appointment)
               AND (a.phone = p_phone OR (p_email IS NOT NULL AND a.email = p_email))) AS person_holds
    FROM departments d
    WHERE d.code = p_department
  ) c
$$;

-- The previous release's calls, answered by the one definition above while its processes still serve
-- during a rolling restart (docs/DEPLOYMENT.md). This release does not call them; they go in the next.
-- clinic_slot_places was the one definition before it added taken and held: a function keeps its
-- columns through CREATE OR REPLACE, so the new one has a new name, and a previous release started
-- again on a rollback puts its own clinic_slot_places back without a clash.
CREATE OR REPLACE FUNCTION clinic_slot_places(
  p_date date, p_time text, p_department text, p_now timestamptz,
  p_phone text DEFAULT NULL, p_email text DEFAULT NULL, p_except_appointment integer DEFAULT NULL, p_except_entry integer DEFAULT NULL)
RETURNS TABLE (capacity integer, booked integer, waiting integer, offered integer, person_holds boolean) LANGUAGE sql STABLE AS $$
  SELECT capacity, booked, waiting, offered, person_holds
  FROM clinic_slot_count(p_date, p_time, p_department, p_now, p_phone, p_email, p_except_appointment, p_except_entry)
$$;
CREATE OR REPLACE FUNCTION clinic_slot_held(p_date date, p_time text, p_department text, p_now timestamptz, p_exclude_appointment integer, p_exclude_entry integer)
RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT held FROM clinic_slot_count(p_date, p_time, p_department, p_now, NULL, NULL, p_exclude_appointment, p_exclude_entry)), 0);
$$;
CREATE OR REPLACE FUNCTION clinic_slot_taken(p_date date, p_time text, p_department text, p_now timestamptz, p_exclude integer)
RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT taken FROM clinic_slot_count(p_date, p_time, p_department, p_now, NULL, NULL, p_exclude, NULL)), 0);
$$;
CREATE OR REPLACE FUNCTION clinic_person_holds_slot(p_date date, p_time text, p_department text, p_phone text, p_email text, p_exclude integer)
RETURNS boolean LANGUAGE sql STABLE AS $$
  -- person_holds reads no instant: no now() here, whose day would be the database's, not the service clock's.
  SELECT coalesce((SELECT person_holds FROM clinic_slot_count(p_date, p_time, p_department, NULL, p_phone, p_email, p_exclude, NULL)), false);
$$;
