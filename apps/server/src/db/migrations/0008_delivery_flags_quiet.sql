-- The e-mail worker marks each delivered booking e-mail (email_sent) and each reminder
-- (reminder_sent) on its appointment. Those flags are bookkeeping no screen shows; announcing them
-- ended every kept page after each e-mail, so a morning of reminders (2,350 at a million
-- appointments) kept every back-office read cold. Updates that touch only them, or the
-- timestamp, stay quiet; every other change is still announced.
DROP TRIGGER appointments_changes ON appointments;
--> statement-breakpoint
CREATE TRIGGER appointments_changes AFTER INSERT OR DELETE OR TRUNCATE ON appointments FOR EACH STATEMENT EXECUTE FUNCTION clinic_notify_change();
--> statement-breakpoint
CREATE TRIGGER appointments_changes_update AFTER UPDATE OF
  id, full_name, phone, email, appointment_date, appointment_time, department, reason, notes, status, doctor_id, user_id,
  payment_completed, payment_amount, refund_required, cancel_reason, patient_status, doctor_response, doctor_notified_at,
  follow_up_of_id, search_text, created_at
  ON appointments FOR EACH STATEMENT EXECUTE FUNCTION clinic_notify_change();
