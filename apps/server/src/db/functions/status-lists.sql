-- The appointment status lists the database's rules need, each the SQL twin of a list of
-- packages/shared/src/appointments/statuses.ts (database-functions.test.ts keeps them equal). IMMUTABLE SQL
-- functions without a FROM are inlined and folded by the planner: `status <> ALL (clinic_inactive_statuses())`
-- plans as `status NOT IN ('CANCELLED', 'NO_SHOW')`.

-- INACTIVE_STATUSES: appointments that no longer hold a place in their slot.
CREATE OR REPLACE FUNCTION clinic_inactive_statuses() RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT ARRAY['CANCELLED', 'NO_SHOW']::text[]
$$;

-- CONFIRMED_OR_LATER_STATUSES: Patient Control lists a person while one of her appointments is in one.
CREATE OR REPLACE FUNCTION clinic_confirmed_or_later_statuses() RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT ARRAY['CONFIRMED', 'NEEDS_PAYMENT', 'PAYMENT_REQUESTED', 'PAID', 'COMPLETED']::text[]
$$;

-- UPCOMING_STATUSES: still ahead of the visit.
CREATE OR REPLACE FUNCTION clinic_upcoming_statuses() RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT ARRAY['PENDING', 'AWAITING_DOCTOR_APPROVAL', 'CONFIRMED', 'PAYMENT_REQUESTED', 'PAID']::text[]
$$;
