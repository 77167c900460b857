CREATE TABLE "access_records" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "access_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"accessed_at" timestamp with time zone NOT NULL,
	"actor_id" integer,
	"actor_name" text,
	"actor_role" text,
	"target" text NOT NULL,
	"outcome" text NOT NULL,
	"appointment_id" integer,
	"subject_email" text,
	"subject_name" text,
	"address" text,
	CONSTRAINT "access_records_target_check" CHECK ("access_records"."target" in ('APPOINTMENT_DETAIL', 'APPOINTMENT_HISTORY', 'PATIENT_DETAIL', 'HISTORY_EXPORT', 'DATA_DOWNLOAD')),
	CONSTRAINT "access_records_outcome_check" CHECK ("access_records"."outcome" in ('READ', 'REFUSED'))
);
--> statement-breakpoint
CREATE TABLE "consents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "consents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"purpose" text NOT NULL,
	"source" text NOT NULL,
	"channel" text NOT NULL,
	"notice_version" text NOT NULL,
	"phone" text,
	"email" text,
	"user_id" integer,
	"appointment_id" integer,
	"recorded_by_id" integer,
	"given_at" timestamp with time zone NOT NULL,
	"withdrawn_at" timestamp with time zone,
	CONSTRAINT "consents_purpose_check" CHECK ("consents"."purpose" in ('HEALTH_DATA', 'MARKETING')),
	CONSTRAINT "consents_source_check" CHECK ("consents"."source" in ('BOOKING', 'WAITING_LIST', 'NEWSLETTER')),
	CONSTRAINT "consents_channel_check" CHECK ("consents"."channel" in ('WEB', 'ACCOUNT', 'DESK'))
);
--> statement-breakpoint
CREATE TABLE "data_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "data_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"channel" text NOT NULL,
	"purpose" text,
	"details" text,
	"user_id" integer,
	"full_name" text,
	"email" text,
	"phone" text,
	"appointment_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone,
	"answered_by_id" integer,
	"answered_by_name" text,
	"answer" text,
	CONSTRAINT "data_requests_kind_check" CHECK ("data_requests"."kind" in ('CORRECTION', 'WITHDRAWAL', 'DELETION')),
	CONSTRAINT "data_requests_status_check" CHECK ("data_requests"."status" in ('OPEN', 'DONE', 'REFUSED')),
	CONSTRAINT "data_requests_channel_check" CHECK ("data_requests"."channel" in ('ACCOUNT', 'LINK'))
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "restricted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "deidentified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_recorded_by_id_users_id_fk" FOREIGN KEY ("recorded_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_requests" ADD CONSTRAINT "data_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_requests" ADD CONSTRAINT "data_requests_answered_by_id_users_id_fk" FOREIGN KEY ("answered_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "access_records_email_idx" ON "access_records" USING btree ("subject_email","accessed_at");--> statement-breakpoint
CREATE INDEX "access_records_appointment_idx" ON "access_records" USING btree ("appointment_id","accessed_at");--> statement-breakpoint
CREATE INDEX "access_records_accessed_idx" ON "access_records" USING btree ("accessed_at");--> statement-breakpoint
CREATE INDEX "consents_email_idx" ON "consents" USING btree ("email");--> statement-breakpoint
CREATE INDEX "consents_user_idx" ON "consents" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "consents_appointment_idx" ON "consents" USING btree ("appointment_id");--> statement-breakpoint
CREATE INDEX "data_requests_status_due_idx" ON "data_requests" USING btree ("status","due_at","id");--> statement-breakpoint
CREATE INDEX "data_requests_email_idx" ON "data_requests" USING btree ("email");--> statement-breakpoint
CREATE INDEX "data_requests_user_idx" ON "data_requests" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "email_outbox_to_address_idx" ON "email_outbox" USING btree ("to_address");