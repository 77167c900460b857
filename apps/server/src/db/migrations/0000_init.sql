CREATE TABLE "users" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"username" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"full_name" text,
	"birth" date,
	"gender" text,
	"role" text NOT NULL,
	"specialty" text,
	"active" boolean DEFAULT true NOT NULL,
	"phone" text,
	"token_version" integer DEFAULT 0 NOT NULL,
	"must_change_password" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_gender_check" CHECK ("users"."gender" is null or "users"."gender" in ('MALE', 'FEMALE', 'OTHER')),
	CONSTRAINT "users_role_check" CHECK ("users"."role" in ('ADMIN', 'DOCTOR', 'STAFF', 'PATIENT'))
);
--> statement-breakpoint
CREATE TABLE "departments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "departments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"department_name" text NOT NULL,
	"specialty_name" text NOT NULL,
	"slot_capacity" integer DEFAULT 3 NOT NULL,
	CONSTRAINT "departments_code_unique" UNIQUE("code"),
	CONSTRAINT "departments_slot_capacity_check" CHECK ("departments"."slot_capacity" > 0)
);
--> statement-breakpoint
CREATE TABLE "medical_specialties" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "medical_specialties_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"display_name" text NOT NULL,
	CONSTRAINT "medical_specialties_code_unique" UNIQUE("code")
);
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_specialty_medical_specialties_code_fk" FOREIGN KEY ("specialty") REFERENCES "public"."medical_specialties"("code") ON DELETE set null ON UPDATE cascade;--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower_key" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_key" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role");