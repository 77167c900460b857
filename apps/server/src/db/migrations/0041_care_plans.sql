CREATE TABLE "care_plan_template_versions" (
	"template_id" integer NOT NULL,
	"version" integer NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"anchors" jsonb NOT NULL,
	"milestones" jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "care_plan_template_versions_template_id_version_pk" PRIMARY KEY("template_id","version")
);
--> statement-breakpoint
CREATE TABLE "care_plan_templates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "care_plan_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"anchors" jsonb NOT NULL,
	"milestones" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"example" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "care_plan_templates_kind_check" CHECK ("care_plan_templates"."kind" in ('ANTENATAL', 'FERTILITY', 'CONTRACEPTION'))
);
--> statement-breakpoint
CREATE TABLE "care_plan_visits" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "care_plan_visits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"plan_id" integer NOT NULL,
	"key" text NOT NULL,
	"label" text NOT NULL,
	"department" text NOT NULL,
	"from_day" integer NOT NULL,
	"to_day" integer NOT NULL,
	"window_start" date NOT NULL,
	"window_end" date NOT NULL,
	"appointment_id" integer,
	"skip_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "care_plan_visits_window_check" CHECK ("care_plan_visits"."window_start" <= "care_plan_visits"."window_end")
);
--> statement-breakpoint
CREATE TABLE "care_plans" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "care_plans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"template_id" integer NOT NULL,
	"template_version" integer NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"anchor" text NOT NULL,
	"anchor_date" date NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"stop_reason" text,
	"stop_requested_at" timestamp with time zone,
	"stopped_at" timestamp with time zone,
	"full_name" text NOT NULL,
	"phone" text NOT NULL,
	"email" text,
	"user_id" integer,
	"preferences" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "care_plans_status_check" CHECK ("care_plans"."status" in ('ACTIVE', 'STOPPED', 'COMPLETED')),
	CONSTRAINT "care_plans_kind_check" CHECK ("care_plans"."kind" in ('ANTENATAL', 'FERTILITY', 'CONTRACEPTION')),
	CONSTRAINT "care_plans_anchor_check" CHECK ("care_plans"."anchor" in ('LMP', 'EDD', 'CYCLE_START', 'PROCEDURE'))
);
--> statement-breakpoint
ALTER TABLE "care_plan_template_versions" ADD CONSTRAINT "care_plan_template_versions_template_id_care_plan_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."care_plan_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_plan_template_versions" ADD CONSTRAINT "care_plan_template_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_plan_visits" ADD CONSTRAINT "care_plan_visits_plan_id_care_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."care_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_plan_visits" ADD CONSTRAINT "care_plan_visits_department_departments_code_fk" FOREIGN KEY ("department") REFERENCES "public"."departments"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "care_plan_visits" ADD CONSTRAINT "care_plan_visits_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_plans" ADD CONSTRAINT "care_plans_template_id_care_plan_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."care_plan_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_plans" ADD CONSTRAINT "care_plans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_plans" ADD CONSTRAINT "care_plans_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "care_plan_visits_plan_idx" ON "care_plan_visits" USING btree ("plan_id","window_start");--> statement-breakpoint
CREATE INDEX "care_plan_visits_window_idx" ON "care_plan_visits" USING btree ("window_start");--> statement-breakpoint
CREATE INDEX "care_plan_visits_appointment_idx" ON "care_plan_visits" USING btree ("appointment_id") WHERE "care_plan_visits"."appointment_id" is not null;--> statement-breakpoint
CREATE INDEX "care_plans_status_kind_idx" ON "care_plans" USING btree ("status","kind","id");--> statement-breakpoint
CREATE INDEX "care_plans_user_idx" ON "care_plans" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "care_plans_phone_idx" ON "care_plans" USING btree ("phone");--> statement-breakpoint
-- The four example plans (packages/shared EXAMPLE_CARE_PLANS), marked example, for the clinic's doctors to review.
WITH t AS (INSERT INTO "care_plan_templates" ("name", "kind", "anchors", "milestones", "version", "example", "active") VALUES ('Khám thai định kỳ', 'ANTENATAL', '["LMP","EDD"]'::jsonb, '[{"key":"first-visit","label":"Khám thai lần đầu","department":"OBSTETRICS","from":42,"to":83},{"key":"nt-scan","label":"Siêu âm đo độ mờ da gáy","department":"OBSTETRICS","from":77,"to":97},{"key":"morphology","label":"Siêu âm hình thái thai nhi","department":"OBSTETRICS","from":140,"to":160},{"key":"glucose","label":"Nghiệm pháp dung nạp đường huyết","department":"OBSTETRICS","from":168,"to":202},{"key":"growth-scan","label":"Siêu âm đánh giá tăng trưởng","department":"OBSTETRICS","from":210,"to":230},{"key":"week-36","label":"Khám thai tuần 36","department":"OBSTETRICS","from":252,"to":258},{"key":"weekly","label":"Khám thai hằng tuần","department":"OBSTETRICS","from":259,"to":265,"repeat":{"fromStep":7,"toStep":7,"times":4}}]'::jsonb, 1, true, true) RETURNING "id", "name", "kind", "anchors", "milestones") INSERT INTO "care_plan_template_versions" ("template_id", "version", "name", "kind", "anchors", "milestones") SELECT "id", 1, "name", "kind", "anchors", "milestones" FROM t;
--> statement-breakpoint
WITH t AS (INSERT INTO "care_plan_templates" ("name", "kind", "anchors", "milestones", "version", "example", "active") VALUES ('Theo dõi chu kỳ IUI/IVF', 'FERTILITY', '["CYCLE_START"]'::jsonb, '[{"key":"baseline","label":"Siêu âm đầu chu kỳ","department":"FERTILITY","from":2,"to":3},{"key":"follicle-1","label":"Siêu âm theo dõi nang noãn (lần 1)","department":"FERTILITY","from":7,"to":8},{"key":"follicle-2","label":"Siêu âm theo dõi nang noãn (lần 2)","department":"FERTILITY","from":10,"to":11},{"key":"follicle-3","label":"Siêu âm theo dõi nang noãn (lần 3)","department":"FERTILITY","from":12,"to":13},{"key":"procedure","label":"Bơm tinh trùng hoặc chọc hút noãn","department":"FERTILITY","from":14,"to":16},{"key":"pregnancy-test","label":"Xét nghiệm thử thai (beta hCG)","department":"FERTILITY","from":28,"to":30}]'::jsonb, 1, true, true) RETURNING "id", "name", "kind", "anchors", "milestones") INSERT INTO "care_plan_template_versions" ("template_id", "version", "name", "kind", "anchors", "milestones") SELECT "id", 1, "name", "kind", "anchors", "milestones" FROM t;
--> statement-breakpoint
WITH t AS (INSERT INTO "care_plan_templates" ("name", "kind", "anchors", "milestones", "version", "example", "active") VALUES ('Tiêm thuốc tránh thai', 'CONTRACEPTION', '["PROCEDURE"]'::jsonb, '[{"key":"injection","label":"Tiêm nhắc thuốc tránh thai","department":"FAMILY_PLANNING","from":84,"to":91,"repeat":{"fromStep":84,"toStep":91,"times":4}}]'::jsonb, 1, true, true) RETURNING "id", "name", "kind", "anchors", "milestones") INSERT INTO "care_plan_template_versions" ("template_id", "version", "name", "kind", "anchors", "milestones") SELECT "id", 1, "name", "kind", "anchors", "milestones" FROM t;
--> statement-breakpoint
WITH t AS (INSERT INTO "care_plan_templates" ("name", "kind", "anchors", "milestones", "version", "example", "active") VALUES ('Theo dõi sau đặt vòng tránh thai', 'CONTRACEPTION', '["PROCEDURE"]'::jsonb, '[{"key":"check","label":"Kiểm tra vòng sau khi đặt","department":"FAMILY_PLANNING","from":28,"to":42},{"key":"yearly","label":"Kiểm tra vòng hằng năm","department":"FAMILY_PLANNING","from":351,"to":379}]'::jsonb, 1, true, true) RETURNING "id", "name", "kind", "anchors", "milestones") INSERT INTO "care_plan_template_versions" ("template_id", "version", "name", "kind", "anchors", "milestones") SELECT "id", 1, "name", "kind", "anchors", "milestones" FROM t;
