-- Functions no code of this release or the previous one calls, dropped after the files above have
-- replaced every body that called them (a migration would drop them while the old trigger bodies
-- still ran). Idempotent: IF EXISTS.
DROP FUNCTION IF EXISTS clinic_book(jsonb, integer, timestamptz, jsonb, text, jsonb);
DROP FUNCTION IF EXISTS appointment_counts_apply(jsonb);
DROP FUNCTION IF EXISTS appointment_count_delta(appointments, integer);
