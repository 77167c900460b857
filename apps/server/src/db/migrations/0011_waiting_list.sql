-- The waiting list of a full slot (PRODUCT.md section 10): open entries keep a freed place for the list; tokens only as SHA-256.
CREATE TABLE "waiting_list_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "waiting_list_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"appointment_date" date NOT NULL,
	"appointment_time" text NOT NULL,
	"department" text NOT NULL,
	"slot_starts_at" timestamp with time zone NOT NULL,
	"full_name" text NOT NULL,
	"phone" text NOT NULL,
	"email" text NOT NULL,
	"status" text DEFAULT 'WAITING' NOT NULL,
	"token_hash" text NOT NULL,
	"offer_token_hash" text,
	"site_origin" text NOT NULL,
	"offered_at" timestamp with time zone,
	"offer_expires_at" timestamp with time zone,
	"claimed_at" timestamp with time zone,
	"appointment_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waiting_list_entries_token_hash_key" UNIQUE("token_hash"),
	CONSTRAINT "waiting_list_entries_offer_token_hash_key" UNIQUE("offer_token_hash"),
	CONSTRAINT "waiting_list_entries_status_check" CHECK ("waiting_list_entries"."status" in ('WAITING', 'OFFERED', 'CLAIMED', 'EXPIRED', 'WITHDRAWN', 'REMOVED', 'LEFT'))
);
--> statement-breakpoint
ALTER TABLE "waiting_list_entries" ADD CONSTRAINT "waiting_list_entries_department_departments_code_fk" FOREIGN KEY ("department") REFERENCES "public"."departments"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "waiting_list_entries" ADD CONSTRAINT "waiting_list_entries_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "waiting_list_open_slot_idx" ON "waiting_list_entries" USING btree ("appointment_date","appointment_time","department","id") WHERE "waiting_list_entries"."status" in ('WAITING', 'OFFERED');--> statement-breakpoint
CREATE INDEX "waiting_list_claimed_idx" ON "waiting_list_entries" USING btree ("claimed_at") WHERE "waiting_list_entries"."status" = 'CLAIMED';--> statement-breakpoint
CREATE TRIGGER waiting_list_entries_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON waiting_list_entries FOR EACH STATEMENT EXECUTE FUNCTION clinic_notify_change();
