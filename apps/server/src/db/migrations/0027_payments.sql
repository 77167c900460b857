CREATE TABLE "payment_attempts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"appointment_id" integer NOT NULL,
	"provider" text NOT NULL,
	"reference" text NOT NULL,
	"amount" bigint NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"provider_transaction_id" text,
	"created_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "payment_attempts_reference_unique" UNIQUE("reference"),
	CONSTRAINT "payment_attempts_provider_check" CHECK ("payment_attempts"."provider" in ('VNPAY', 'MOMO', 'VIETQR')),
	CONSTRAINT "payment_attempts_status_check" CHECK ("payment_attempts"."status" in ('PENDING', 'PAID', 'FAILED', 'REFUND_DUE')),
	CONSTRAINT "payment_attempts_amount_check" CHECK ("payment_attempts"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "payment_links" (
	"appointment_id" integer PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payment_links_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "payment_notifications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"provider" text NOT NULL,
	"reference" text,
	"attempt_id" integer,
	"appointment_id" integer,
	"amount" bigint,
	"provider_transaction_id" text,
	"raw_sha256" text NOT NULL,
	"outcome" text NOT NULL,
	"flag" text,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payment_notifications_outcome_check" CHECK ("payment_notifications"."outcome" in ('PAID', 'DUPLICATE', 'ALREADY_PAID', 'AMOUNT_MISMATCH', 'CANCELLED_REFUND', 'FAILED', 'BAD_SIGNATURE', 'UNKNOWN_ORDER'))
);
--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_attempts_appointment_idx" ON "payment_attempts" USING btree ("appointment_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_attempts_one_paid_idx" ON "payment_attempts" USING btree ("appointment_id") WHERE "payment_attempts"."status" = 'PAID';--> statement-breakpoint
CREATE INDEX "payment_notifications_appointment_idx" ON "payment_notifications" USING btree ("appointment_id","id");--> statement-breakpoint
CREATE INDEX "payment_notifications_flag_idx" ON "payment_notifications" USING btree ("received_at") WHERE "payment_notifications"."flag" is not null;