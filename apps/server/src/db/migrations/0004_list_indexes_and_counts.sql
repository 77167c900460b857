CREATE TABLE "appointment_day_counts" (
	"day" date NOT NULL,
	"status" text NOT NULL,
	"department" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	"amount_sum" bigint DEFAULT 0 NOT NULL,
	"unpriced" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "appointment_day_counts_day_status_department_pk" PRIMARY KEY("day","status","department")
);
--> statement-breakpoint
CREATE TABLE "appointment_doctor_day_counts" (
	"doctor_id" integer NOT NULL,
	"day" date NOT NULL,
	"status" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	"amount_sum" bigint DEFAULT 0 NOT NULL,
	"unpriced" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "appointment_doctor_day_counts_doctor_id_day_status_pk" PRIMARY KEY("doctor_id","day","status")
);
--> statement-breakpoint
CREATE TABLE "appointment_month_counts" (
	"month" date NOT NULL,
	"status" text NOT NULL,
	"department" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	"amount_sum" bigint DEFAULT 0 NOT NULL,
	"unpriced" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "appointment_month_counts_month_status_department_pk" PRIMARY KEY("month","status","department")
);
--> statement-breakpoint
CREATE TABLE "patient_summaries" (
	"doctor_id" integer NOT NULL,
	"email" text NOT NULL,
	"full_name" text NOT NULL,
	"phone" text NOT NULL,
	"search_text" text NOT NULL,
	"user_id" integer,
	"total" integer NOT NULL,
	"confirmed" integer NOT NULL,
	"last_upcoming_date" date,
	CONSTRAINT "patient_summaries_doctor_id_email_pk" PRIMARY KEY("doctor_id","email")
);
--> statement-breakpoint
DROP INDEX "appointments_created_at_idx";--> statement-breakpoint
DROP INDEX "appointments_slot_idx";--> statement-breakpoint
DROP INDEX "appointments_status_date_idx";--> statement-breakpoint
DROP INDEX "appointments_doctor_date_idx";--> statement-breakpoint
DROP INDEX "appointments_doctor_status_idx";--> statement-breakpoint
DROP INDEX "appointments_email_idx";--> statement-breakpoint
CREATE INDEX "patient_summaries_list_idx" ON "patient_summaries" USING btree ("doctor_id","full_name" collate "vietnamese","email");--> statement-breakpoint
CREATE INDEX "patient_summaries_search_trgm_idx" ON "patient_summaries" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "appointments_status_created_idx" ON "appointments" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "appointments_created_idx" ON "appointments" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "appointments_search_trgm_idx" ON "appointments" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "appointments_search_prefix_idx" ON "appointments" USING btree ("search_text" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "appointments_slot_idx" ON "appointments" USING btree ("appointment_date","appointment_time","department","status","id");--> statement-breakpoint
CREATE INDEX "appointments_status_date_idx" ON "appointments" USING btree ("status","appointment_date","appointment_time","id");--> statement-breakpoint
CREATE INDEX "appointments_doctor_date_idx" ON "appointments" USING btree ("doctor_id","appointment_date","appointment_time","id");--> statement-breakpoint
CREATE INDEX "appointments_doctor_status_idx" ON "appointments" USING btree ("doctor_id","status","appointment_date","appointment_time","id");--> statement-breakpoint
CREATE INDEX "appointments_email_idx" ON "appointments" USING btree ("email","appointment_date","status","doctor_id");