CREATE TABLE "import_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"bu" varchar(8) NOT NULL,
	"kind" varchar(16) NOT NULL,
	"year_month" char(7),
	"status" varchar(16) DEFAULT 'queued' NOT NULL,
	"is_commit_requested" integer DEFAULT 0 NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"file_bytes" "bytea",
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"summary" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"rejected" jsonb,
	"total_rows" integer DEFAULT 0 NOT NULL,
	"valid_rows" integer DEFAULT 0 NOT NULL,
	"rejected_rows" integer DEFAULT 0 NOT NULL,
	"batch_id" integer,
	"committed_at" timestamp with time zone,
	"rolled_back_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "import_mappings" (
	"bu" varchar(8) NOT NULL,
	"kind" varchar(16) NOT NULL,
	"source" varchar(8) NOT NULL,
	"from_text" varchar(256) NOT NULL,
	"to_text" varchar(64) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "import_mappings_bu_kind_source_from_text_pk" PRIMARY KEY("bu","kind","source","from_text")
);
--> statement-breakpoint
CREATE TABLE "import_replaced" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "import_replaced_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"job_id" integer NOT NULL,
	"data" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "import_rows" (
	"job_id" integer NOT NULL,
	"row_no" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"data" jsonb NOT NULL,
	CONSTRAINT "import_rows_job_id_row_no_pk" PRIMARY KEY("job_id","row_no")
);
--> statement-breakpoint
CREATE TABLE "payslip_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"bu" varchar(8) NOT NULL,
	"year_month" char(7) NOT NULL,
	"status" varchar(16) DEFAULT 'draft' NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"published_at" timestamp with time zone,
	"published_by" integer,
	"withdrawn_at" timestamp with time zone,
	"withdraw_reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payslip_disputes" (
	"id" serial PRIMARY KEY NOT NULL,
	"batch_id" integer NOT NULL,
	"version" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"item_key" varchar(32) NOT NULL,
	"question" text NOT NULL,
	"status" varchar(16) DEFAULT 'open' NOT NULL,
	"answer" text DEFAULT '' NOT NULL,
	"answered_by" integer,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payslip_receipts" (
	"batch_id" integer NOT NULL,
	"version" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"first_read_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	CONSTRAINT "payslip_receipts_batch_id_version_employee_id_pk" PRIMARY KEY("batch_id","version","employee_id")
);
--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "left_on" date;--> statement-breakpoint
ALTER TABLE "payslips" ADD COLUMN "batch_id" integer;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_created_by_employees_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_replaced" ADD CONSTRAINT "import_replaced_job_id_import_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."import_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_rows" ADD CONSTRAINT "import_rows_job_id_import_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."import_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payslip_batches" ADD CONSTRAINT "payslip_batches_published_by_employees_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payslip_disputes" ADD CONSTRAINT "payslip_disputes_batch_id_payslip_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."payslip_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payslip_disputes" ADD CONSTRAINT "payslip_disputes_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payslip_disputes" ADD CONSTRAINT "payslip_disputes_answered_by_employees_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payslip_receipts" ADD CONSTRAINT "payslip_receipts_batch_id_payslip_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."payslip_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payslip_receipts" ADD CONSTRAINT "payslip_receipts_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_jobs_status_idx" ON "import_jobs" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "import_jobs_scope_idx" ON "import_jobs" USING btree ("bu","kind","year_month","id");--> statement-breakpoint
CREATE INDEX "import_replaced_job_idx" ON "import_replaced" USING btree ("job_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payslip_batches_plant_month_idx" ON "payslip_batches" USING btree ("bu","year_month");--> statement-breakpoint
CREATE INDEX "payslip_disputes_batch_idx" ON "payslip_disputes" USING btree ("batch_id","status");--> statement-breakpoint
CREATE INDEX "payslip_disputes_employee_idx" ON "payslip_disputes" USING btree ("employee_id","batch_id");