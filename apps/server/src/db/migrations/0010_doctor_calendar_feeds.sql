-- A doctor's calendar subscription: only the SHA-256 of its token, one per doctor (issue 13).
CREATE TABLE "doctor_calendar_feeds" (
	"doctor_id" integer PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "doctor_calendar_feeds_token_hash_key" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "doctor_calendar_feeds" ADD CONSTRAINT "doctor_calendar_feeds_doctor_id_users_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;