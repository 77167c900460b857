CREATE TABLE "access_log_chain" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"seq" bigint NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "access_log_chain_one_row" CHECK ("access_log_chain"."id")
);
--> statement-breakpoint
ALTER TABLE "access_records" DROP CONSTRAINT "access_records_target_check";--> statement-breakpoint
ALTER TABLE "access_records" DROP CONSTRAINT "access_records_outcome_check";--> statement-breakpoint
ALTER TABLE "access_records" ADD COLUMN "chain_seq" bigint;--> statement-breakpoint
ALTER TABLE "access_records" ADD COLUMN "prev_hash" text;--> statement-breakpoint
ALTER TABLE "access_records" ADD COLUMN "hash" text;--> statement-breakpoint
ALTER TABLE "access_records" ADD COLUMN "records_removed" integer;--> statement-breakpoint
ALTER TABLE "access_records" ADD COLUMN "chain_resumes_from" text;--> statement-breakpoint
CREATE UNIQUE INDEX "access_records_chain_seq_idx" ON "access_records" USING btree ("chain_seq");--> statement-breakpoint
ALTER TABLE "access_records" ADD CONSTRAINT "access_records_target_check" CHECK ("access_records"."target" in ('APPOINTMENT_DETAIL', 'APPOINTMENT_HISTORY', 'PATIENT_DETAIL', 'HISTORY_EXPORT', 'DATA_DOWNLOAD', 'ACCESS_LOG'));--> statement-breakpoint
ALTER TABLE "access_records" ADD CONSTRAINT "access_records_outcome_check" CHECK ("access_records"."outcome" in ('READ', 'REFUSED', 'PURGED'));