DROP INDEX "payment_attempts_one_paid_idx";--> statement-breakpoint
ALTER TABLE "departments" ADD COLUMN "deposit_amount" bigint;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "deposit_amount" bigint;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "deposit_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "deposit_paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "kind" text DEFAULT 'VISIT' NOT NULL;--> statement-breakpoint
CREATE INDEX "appointments_deposit_due_idx" ON "appointments" USING btree ("deposit_due_at") WHERE "appointments"."deposit_due_at" is not null and "appointments"."deposit_paid_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_attempts_one_paid_idx" ON "payment_attempts" USING btree ("appointment_id","kind") WHERE "payment_attempts"."status" = 'PAID';--> statement-breakpoint
ALTER TABLE "departments" ADD CONSTRAINT "departments_deposit_amount_check" CHECK ("departments"."deposit_amount" is null or "departments"."deposit_amount" > 0);--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_deposit_amount_check" CHECK ("appointments"."deposit_amount" is null or "appointments"."deposit_amount" > 0);--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_kind_check" CHECK ("payment_attempts"."kind" in ('VISIT', 'DEPOSIT'));