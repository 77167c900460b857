-- The appointment status lists the database's rules need. Each is defined once, in
-- packages/shared/src/appointments/statuses.ts, and `{{...}}` here names it: the server writes the list
-- in as an SQL array (`ARRAY['CANCELLED', 'NO_SHOW']::text[]`) when it reads this file (SHARED_LISTS and
-- writeSharedLists in src/db/database-functions.ts; database-functions.test.ts checks both). A list
-- changed there changes this file's text as applied, so the next start applies it again. IMMUTABLE
-- SQL functions without a FROM are inlined and folded by the planner: `status <> ALL
-- (clinic_inactive_statuses())` plans as `status NOT IN ('CANCELLED', 'NO_SHOW')`.

-- INACTIVE_STATUSES: appointments that no longer hold a place in their slot.
CREATE OR REPLACE FUNCTION clinic_inactive_statuses() RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT {{INACTIVE_STATUSES}}
$$;

-- CONFIRMED_OR_LATER_STATUSES: Patient Control lists a person while one of her appointments is in one.
CREATE OR REPLACE FUNCTION clinic_confirmed_or_later_statuses() RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT {{CONFIRMED_OR_LATER_STATUSES}}
$$;

-- UPCOMING_STATUSES: still ahead of the visit.
CREATE OR REPLACE FUNCTION clinic_upcoming_statuses() RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT {{UPCOMING_STATUSES}}
$$;
