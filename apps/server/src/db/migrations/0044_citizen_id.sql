ALTER TABLE "users" ADD COLUMN "citizen_id" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "citizen_id" text;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_citizen_id_check" CHECK ("users"."citizen_id" is null or "users"."citizen_id" ~ '^[0-9]{12}$');--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_citizen_id_check" CHECK ("appointments"."citizen_id" is null or "appointments"."citizen_id" ~ '^[0-9]{12}$');