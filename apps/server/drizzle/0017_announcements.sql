-- 公告: notices HR writes for an audience rule (plants bound it; departments, teams, roles, named employees narrow it),
-- resolved when a worker reads; read and acknowledged per notice and employee. The audience counted per plant and
-- department from an index of the employees in service.
CREATE TABLE "announcement_receipts" (
	"announcement_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	"acknowledged_at" timestamp with time zone,
	CONSTRAINT "announcement_receipts_announcement_id_employee_id_pk" PRIMARY KEY("announcement_id","employee_id")
);
--> statement-breakpoint
CREATE TABLE "announcements" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(100) NOT NULL,
	"body" text NOT NULL,
	"excerpt" varchar(200) DEFAULT '' NOT NULL,
	"attachment_file_id" uuid,
	"file_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"plants" text[] DEFAULT '{}'::text[] NOT NULL,
	"departments" text[] DEFAULT '{}'::text[] NOT NULL,
	"teams" text[] DEFAULT '{}'::text[] NOT NULL,
	"roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"employee_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"must_acknowledge" boolean DEFAULT false NOT NULL,
	"starts_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ends_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"withdrawn_at" timestamp with time zone,
	"remind_requested_at" timestamp with time zone,
	"reminded_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "announcement_receipts" ADD CONSTRAINT "announcement_receipts_announcement_id_announcements_id_fk" FOREIGN KEY ("announcement_id") REFERENCES "public"."announcements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_receipts" ADD CONSTRAINT "announcement_receipts_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_created_by_employees_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "announcement_receipts_employee_idx" ON "announcement_receipts" USING btree ("employee_id");--> statement-breakpoint
CREATE INDEX "announcements_live_idx" ON "announcements" USING btree ("starts_at") WHERE withdrawn_at is null;--> statement-breakpoint
CREATE INDEX "announcements_remind_idx" ON "announcements" USING btree ("remind_requested_at") WHERE reminded_at is null;--> statement-breakpoint
CREATE INDEX "employees_audience_idx" ON "employees" USING btree ("bu","dept_name","team_name","id") WHERE left_on is null;