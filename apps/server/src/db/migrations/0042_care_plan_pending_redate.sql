ALTER TABLE "care_plans" ADD COLUMN "pending_redate" jsonb;--> statement-breakpoint
ALTER TABLE "care_plans" ADD COLUMN "pending_redate_by" integer;--> statement-breakpoint
ALTER TABLE "care_plans" ADD COLUMN "pending_redate_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "care_plans" ADD CONSTRAINT "care_plans_pending_redate_by_users_id_fk" FOREIGN KEY ("pending_redate_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;