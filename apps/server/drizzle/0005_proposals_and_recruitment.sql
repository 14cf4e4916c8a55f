CREATE TABLE "candidates" (
	"id" serial PRIMARY KEY NOT NULL,
	"referrer_id" integer NOT NULL,
	"bu" varchar(8) NOT NULL,
	"name" varchar(32) NOT NULL,
	"age" smallint NOT NULL,
	"position_apply" varchar(64) NOT NULL,
	"file_id" uuid NOT NULL,
	"status" varchar(16) DEFAULT 'REGISTERED' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "departments" (
	"dept_no" varchar(32) PRIMARY KEY NOT NULL,
	"bu" varchar(8) NOT NULL,
	"name" varchar(64) NOT NULL,
	"level" smallint DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "proposals" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(8) NOT NULL,
	"bu" varchar(8) NOT NULL,
	"status" varchar(16) DEFAULT 'SUBMITTED' NOT NULL,
	"submitted_by" integer,
	"title" varchar(100) DEFAULT '' NOT NULL,
	"dept_no" varchar(32) DEFAULT '' NOT NULL,
	"team_no" varchar(32) DEFAULT '' NOT NULL,
	"assist_dept_no" varchar(32) DEFAULT '' NOT NULL,
	"emp_name" varchar(64) DEFAULT '' NOT NULL,
	"emp_no" varchar(32) DEFAULT '' NOT NULL,
	"image_no" varchar(32) DEFAULT '' NOT NULL,
	"class_type" varchar(4) DEFAULT '' NOT NULL,
	"work_no" varchar(64) DEFAULT '' NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"suggestion" text DEFAULT '' NOT NULL,
	"file_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "teams" (
	"team_no" varchar(32) PRIMARY KEY NOT NULL,
	"bu" varchar(8) NOT NULL,
	"name" varchar(64) NOT NULL,
	"dept_no" varchar(32),
	"sort" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wechat_tickets" (
	"name" varchar(64) PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "candidates" ADD CONSTRAINT "candidates_referrer_id_employees_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidates" ADD CONSTRAINT "candidates_decided_by_employees_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_submitted_by_employees_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_decided_by_employees_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "candidates_referrer_idx" ON "candidates" USING btree ("referrer_id","id");--> statement-breakpoint
CREATE INDEX "candidates_bu_created_idx" ON "candidates" USING btree ("bu","created_at");--> statement-breakpoint
CREATE INDEX "departments_bu_idx" ON "departments" USING btree ("bu","level","sort");--> statement-breakpoint
CREATE INDEX "proposals_bu_created_idx" ON "proposals" USING btree ("bu","created_at");--> statement-breakpoint
CREATE INDEX "proposals_submitted_by_idx" ON "proposals" USING btree ("submitted_by","id");--> statement-breakpoint
CREATE INDEX "teams_bu_idx" ON "teams" USING btree ("bu","sort");