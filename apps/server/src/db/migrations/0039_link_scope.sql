ALTER TABLE "claim_codes" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "data_requests" ADD COLUMN "scope" text DEFAULT 'BOOKING' NOT NULL;--> statement-breakpoint
-- Written by hand (issue 34): a request made signed in covers the account; one made through a link, its booking only.
UPDATE "data_requests" SET "scope" = 'ACCOUNT' WHERE "channel" = 'ACCOUNT';--> statement-breakpoint
ALTER TABLE "claim_codes" ADD COLUMN "appointment_id" integer;--> statement-breakpoint
ALTER TABLE "claim_codes" ADD COLUMN "verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "claim_codes" ADD CONSTRAINT "claim_codes_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "claim_codes_appointment_idx" ON "claim_codes" USING btree ("appointment_id","created_at");--> statement-breakpoint
ALTER TABLE "data_requests" ADD CONSTRAINT "data_requests_scope_check" CHECK ("data_requests"."scope" in ('BOOKING', 'CONTACT', 'ACCOUNT'));--> statement-breakpoint
ALTER TABLE "claim_codes" ADD CONSTRAINT "claim_codes_one_owner_check" CHECK (("claim_codes"."user_id" is null) <> ("claim_codes"."appointment_id" is null));