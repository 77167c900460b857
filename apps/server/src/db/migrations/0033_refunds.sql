CREATE TABLE "refunds" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "refunds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"appointment_id" integer NOT NULL,
	"attempt_id" integer,
	"provider" text,
	"amount" bigint NOT NULL,
	"status" text NOT NULL,
	"request_id" text,
	"provider_refund_id" text,
	"failure" text,
	"tries" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"done_by" integer,
	"done_by_name" text,
	"done_at" timestamp with time zone,
	CONSTRAINT "refunds_status_check" CHECK ("refunds"."status" in ('PENDING', 'PROCESSING', 'DONE', 'FAILED', 'MANUAL')),
	CONSTRAINT "refunds_provider_check" CHECK ("refunds"."provider" is null or "refunds"."provider" in ('VNPAY', 'MOMO', 'VIETQR')),
	CONSTRAINT "refunds_amount_check" CHECK ("refunds"."amount" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_attempt_idx" ON "refunds" USING btree ("attempt_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_desk_idx" ON "refunds" USING btree ("appointment_id") WHERE "refunds"."attempt_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_request_idx" ON "refunds" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "refunds_appointment_idx" ON "refunds" USING btree ("appointment_id","id");--> statement-breakpoint
CREATE INDEX "refunds_open_idx" ON "refunds" USING btree ("created_at") WHERE "refunds"."status" <> 'DONE';