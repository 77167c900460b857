ALTER TABLE "claim_codes" ALTER COLUMN "email" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "claim_codes" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "claim_codes" ADD CONSTRAINT "claim_codes_one_contact_check" CHECK (("claim_codes"."email" is null) <> ("claim_codes"."phone" is null));