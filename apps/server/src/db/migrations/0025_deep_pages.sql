-- The name sort of the appointment lists (issue 29): in the collation the lists sort by, ending on
-- id; status, date, department and doctor ride along so a filtered or deep name-sorted page is read
-- from the index alone. IF NOT EXISTS: an operator may have built it beforehand with CREATE INDEX
-- CONCURRENTLY (docs/DEPLOYMENT.md, Upgrades).
CREATE INDEX IF NOT EXISTS "appointments_name_idx" ON "appointments" USING btree ("full_name" collate "vietnamese","id","status","appointment_date","department","doctor_id");