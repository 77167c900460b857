DROP INDEX "refunds_attempt_idx";--> statement-breakpoint
DROP INDEX "refunds_desk_idx";--> statement-breakpoint
ALTER TABLE "refunds" ALTER COLUMN "appointment_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "reason" text DEFAULT 'PAYMENT' NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "reference" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "received_transaction_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_attempt_reason_idx" ON "refunds" USING btree ("attempt_id","reason");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_received_idx" ON "refunds" USING btree ("provider","received_transaction_id") WHERE "refunds"."reason" = 'UNMATCHED';--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_desk_idx" ON "refunds" USING btree ("appointment_id") WHERE "refunds"."attempt_id" is null and "refunds"."reason" = 'PAYMENT';--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_reason_check" CHECK ("refunds"."reason" in ('PAYMENT', 'SURPLUS', 'UNMATCHED'));--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_unmatched_check" CHECK ("refunds"."appointment_id" is not null or "refunds"."reason" = 'UNMATCHED');--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_received_check" CHECK ("refunds"."reason" <> 'UNMATCHED' or ("refunds"."provider" is not null and "refunds"."received_transaction_id" is not null));