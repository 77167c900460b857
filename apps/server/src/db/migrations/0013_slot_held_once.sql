-- The places of a slot that are held: its active appointments and the offers of its waiting list
-- not yet lapsed. The offer job gives what is left of the capacity to the line, a claim counts the
-- other holds; a booking (clinic_slot_taken) also leaves the freed places to the people waiting.
CREATE FUNCTION clinic_slot_held(p_date date, p_time text, p_department text, p_now timestamptz, p_exclude_appointment integer, p_exclude_entry integer) RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT ((SELECT count(*) FROM appointments a
           WHERE a.appointment_date = p_date AND a.appointment_time = p_time AND a.department = p_department
             AND a.status NOT IN ('CANCELLED', 'NO_SHOW') AND (p_exclude_appointment IS NULL OR a.id <> p_exclude_appointment))
        + (SELECT count(*) FROM waiting_list_entries w
           WHERE w.appointment_date = p_date AND w.appointment_time = p_time AND w.department = p_department
             AND w.status = 'OFFERED' AND w.offer_expires_at > p_now AND (p_exclude_entry IS NULL OR w.id <> p_exclude_entry)))::int;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION clinic_slot_taken(p_date date, p_time text, p_department text, p_now timestamptz, p_exclude integer) RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT clinic_slot_held(p_date, p_time, p_department, p_now, p_exclude, NULL)
       + (SELECT count(*) FROM waiting_list_entries w
          WHERE w.appointment_date = p_date AND w.appointment_time = p_time AND w.department = p_department AND w.status = 'WAITING')::int;
$$;
