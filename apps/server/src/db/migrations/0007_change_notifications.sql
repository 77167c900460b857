-- Each process keeps what it read (signed-in sessions, back-office pages) until the tables it was
-- read from change. Every committed write to a watched table tells every listening process which
-- table changed, whatever wrote it (a service, a seed, an operator's SQL). A statement-level
-- trigger: one notice per statement, and PostgreSQL folds equal notices of a transaction into one,
-- sent when it commits (never for a rolled-back one).
CREATE FUNCTION clinic_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('clinic_changes', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER appointments_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON appointments FOR EACH STATEMENT EXECUTE FUNCTION clinic_notify_change();
--> statement-breakpoint
CREATE TRIGGER users_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION clinic_notify_change();
--> statement-breakpoint
CREATE TRIGGER departments_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON departments FOR EACH STATEMENT EXECUTE FUNCTION clinic_notify_change();
--> statement-breakpoint
CREATE TRIGGER medical_specialties_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON medical_specialties FOR EACH STATEMENT EXECUTE FUNCTION clinic_notify_change();
--> statement-breakpoint
CREATE TRIGGER blogs_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON blogs FOR EACH STATEMENT EXECUTE FUNCTION clinic_notify_change();
--> statement-breakpoint
CREATE TRIGGER comments_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON comments FOR EACH STATEMENT EXECUTE FUNCTION clinic_notify_change();
--> statement-breakpoint
CREATE TRIGGER comment_reactions_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON comment_reactions FOR EACH STATEMENT EXECUTE FUNCTION clinic_notify_change();
