-- Every appointment comes to be here: a public booking, a booking at the front desk, a doctor's
-- follow-up, a waiting-list claim, the sample data (src/modules/appointments/booking/appointment-making.service.ts
-- is the one caller). One call writes a batch: the bookings of a process that arrived together
-- (bookings-together.ts), or one booking inside its caller's transaction.
--
-- Each booking is judged alone, in the order given, under its slot's lock, by the slot's rules
-- (slot-rules.sql): one person once per slot, and the places taken (counting the bookings accepted
-- before it in this call) against the department's capacity read here, under the lock: a capacity
-- just lowered on another process is never exceeded. The accepted ones are written with one statement
-- per table, so the triggers, the change notice and the commit run once for them all.
--
-- p_bookings: an array of
--   { appointment: { id (drawn from the sequence), fullName, phone, email, appointmentDate,
--                    appointmentTime, department, reason, userId, followUpOfId, searchText,
--                    status (PENDING), doctorId, doctorNotifiedAt, paymentCompleted (false),
--                    paymentAmount, depositAmount and depositDueAt (a deposit's hold, issue 28), createdAt (now) },
--     now, claimsEntry (the waiting-list entry whose held offer this booking takes, or absent),
--     events: [{ action, fromStatus, toStatus (PENDING), note, actorId, actorName, actorRole }],
--     linkHash (the private link's SHA-256, or null), payLinkHash (the deposit's pay link's, or absent),
--     emails: [{ kind, toAddress, subject, html and text or data, attachments }],
--     messages: [{ channel, template, recipient, data, trackingId, urgent }] (the same events to her
--     phone, Zalo or SMS; absent: none): the outbox rows as src/modules/notifications builds them for
--     every change, inserted as given, for this appointment, queued for now. Written with the booking,
--     so a refused or failed one sends nothing.
--     consents: [{ purpose, source, channel, noticeVersion, recordedById }] (the person's consents
--     given with it, recorded with her phone, e-mail and account as booked; absent: none) }
-- The previous release sends `capacity` (now read here), one `event` and an e-mail's `to_address`: it
-- is served as before during a rolling restart (appointments-made.test.ts).
-- Answers one outcome per booking, in its order: 'OK', 'ALREADY_BOOKED', 'SLOT_FULL' or 'UNKNOWN_DEPARTMENT'.
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

  -- Per booking, in arrival order: its slot (a number per distinct slot of the call), the capacity,
  -- the places taken there and whether this person holds it already. A claim takes the place held for
  -- her: the people waiting do not count against it, nor does her own offer.
  SELECT array_agg(k.slot ORDER BY k.i), array_agg(k.taken ORDER BY k.i), array_agg(k.holds ORDER BY k.i), array_agg(k.capacity ORDER BY k.i),
         array_agg(k.phone ORDER BY k.i), array_agg(k.email ORDER BY k.i)
    INTO v_slot, v_taken, v_holds, v_capacity, v_phone, v_email
  FROM (
    SELECT b.i, dense_rank() OVER (ORDER BY b.d, b.t, b.dep)::int AS slot, p.capacity, b.phone, b.email,
           CASE WHEN b.claims_entry IS NULL THEN p.taken ELSE p.held END AS taken,
           p.person_holds AS holds
    FROM (SELECT o.i::int AS i, (o.x->'appointment'->>'appointmentDate')::date AS d, o.x->'appointment'->>'appointmentTime' AS t,
                 o.x->'appointment'->>'department' AS dep, o.x->'appointment'->>'phone' AS phone, o.x->'appointment'->>'email' AS email,
                 (o.x->>'now')::timestamptz AS now, (o.x->>'claimsEntry')::int AS claims_entry
          FROM jsonb_array_elements(p_bookings) WITH ORDINALITY o(x, i)) b
    LEFT JOIN LATERAL clinic_slot_count(b.d, b.t, b.dep, b.now, b.phone, b.email, NULL, b.claims_entry) p ON true
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
    IF v_capacity[i] IS NULL THEN
      v_outcomes := v_outcomes || 'UNKNOWN_DEPARTMENT'::text;
    ELSIF v_same THEN
      v_outcomes := v_outcomes || 'ALREADY_BOOKED'::text;
    ELSIF v_taken[i] + v_in_slot >= v_capacity[i] THEN
      v_outcomes := v_outcomes || 'SLOT_FULL'::text;
    ELSE
      v_accepted := v_accepted || i;
      v_ok := v_ok || jsonb_build_array(p_bookings->(i - 1));
      v_outcomes := v_outcomes || 'OK'::text;
    END IF;
  END LOOP;

  -- The accepted ones written, one statement per table. The statements take no parameter but v_ok,
  -- whose value does not change their plan: PostgreSQL keeps one.
  IF cardinality(v_accepted) = 0 THEN
    RETURN v_outcomes;
  END IF;
  INSERT INTO appointments (id, full_name, phone, email, appointment_date, appointment_time, department, reason, user_id, follow_up_of_id,
                            status, doctor_id, doctor_notified_at, payment_completed, payment_amount, deposit_amount, deposit_due_at,
                            search_text, created_at, updated_at)
  OVERRIDING SYSTEM VALUE
  SELECT (a->>'id')::integer, a->>'fullName', a->>'phone', a->>'email', (a->>'appointmentDate')::date, a->>'appointmentTime', a->>'department',
         a->>'reason', (a->>'userId')::integer, (a->>'followUpOfId')::integer,
         coalesce(a->>'status', 'PENDING'), (a->>'doctorId')::integer, (a->>'doctorNotifiedAt')::timestamptz,
         coalesce((a->>'paymentCompleted')::boolean, false), (a->>'paymentAmount')::bigint,
         (a->>'depositAmount')::bigint, (a->>'depositDueAt')::timestamptz, a->>'searchText',
         coalesce((a->>'createdAt')::timestamptz, (x->>'now')::timestamptz), coalesce((a->>'createdAt')::timestamptz, (x->>'now')::timestamptz)
  FROM jsonb_array_elements(v_ok) x, LATERAL (SELECT x->'appointment' AS a) y;
  INSERT INTO appointment_events (appointment_id, action, from_status, to_status, note, actor_id, actor_name, actor_role, created_at)
  SELECT (o.x->'appointment'->>'id')::integer, e.v->>'action', e.v->>'fromStatus', coalesce(e.v->>'toStatus', 'PENDING'), e.v->>'note',
         (e.v->>'actorId')::integer, e.v->>'actorName', e.v->>'actorRole', (o.x->>'now')::timestamptz
  FROM jsonb_array_elements(v_ok) WITH ORDINALITY AS o(x, i)
  CROSS JOIN LATERAL jsonb_array_elements(coalesce(o.x->'events', jsonb_build_array(o.x->'event'))) WITH ORDINALITY AS e(v, j)
  ORDER BY o.i, e.j;
  INSERT INTO appointment_links (appointment_id, token_hash, created_at)
  SELECT (x->'appointment'->>'id')::integer, x->>'linkHash', (x->>'now')::timestamptz
  FROM jsonb_array_elements(v_ok) x WHERE x->>'linkHash' IS NOT NULL;
  INSERT INTO payment_links (appointment_id, token_hash, created_at)
  SELECT (x->'appointment'->>'id')::integer, x->>'payLinkHash', (x->>'now')::timestamptz
  FROM jsonb_array_elements(v_ok) x WHERE x->>'payLinkHash' IS NOT NULL;
  INSERT INTO email_outbox (kind, to_address, subject, html, text, data, attachments, appointment_id, status, next_attempt_at, created_at)
  SELECT e.m->>'kind', coalesce(e.m->>'toAddress', e.m->>'to_address'), e.m->>'subject', e.m->>'html', e.m->>'text', nullif(e.m->'data', 'null'::jsonb), coalesce(e.m->'attachments', '[]'::jsonb),
         (o.x->'appointment'->>'id')::integer, 'queued', (o.x->>'now')::timestamptz, (o.x->>'now')::timestamptz
  FROM jsonb_array_elements(v_ok) WITH ORDINALITY AS o(x, i)
  CROSS JOIN LATERAL jsonb_array_elements(coalesce(o.x->'emails', '[]'::jsonb)) WITH ORDINALITY AS e(m, j)
  ORDER BY o.i, e.j;
  INSERT INTO message_outbox (channel, template, recipient, data, appointment_id, tracking_id, urgent, status, next_attempt_at, created_at)
  SELECT m.v->>'channel', m.v->>'template', m.v->>'recipient', coalesce(m.v->'data', '{}'::jsonb), (o.x->'appointment'->>'id')::integer,
         m.v->>'trackingId', CASE WHEN (m.v->>'urgent')::boolean THEN 1 ELSE 0 END, 'queued', (o.x->>'now')::timestamptz, (o.x->>'now')::timestamptz
  FROM jsonb_array_elements(v_ok) WITH ORDINALITY AS o(x, i)
  CROSS JOIN LATERAL jsonb_array_elements(coalesce(o.x->'messages', '[]'::jsonb)) WITH ORDINALITY AS m(v, j)
  ORDER BY o.i, m.j
  ON CONFLICT (channel, tracking_id) DO NOTHING;
  INSERT INTO consents (purpose, source, channel, notice_version, phone, email, user_id, appointment_id, recorded_by_id, given_at)
  SELECT c.v->>'purpose', c.v->>'source', c.v->>'channel', c.v->>'noticeVersion', o.x->'appointment'->>'phone', o.x->'appointment'->>'email',
         (o.x->'appointment'->>'userId')::integer, (o.x->'appointment'->>'id')::integer, (c.v->>'recordedById')::integer, (o.x->>'now')::timestamptz
  FROM jsonb_array_elements(v_ok) WITH ORDINALITY AS o(x, i)
  CROSS JOIN LATERAL jsonb_array_elements(coalesce(o.x->'consents', '[]'::jsonb)) AS c(v)
  WHERE o.x ? 'consents'
  ORDER BY o.i;
  RETURN v_outcomes;
END
$$;
