-- Personal records and their review: base data, certificates, bank cards, uploaded files (bytes in the database),
-- record-set versions and change requests; the avatar of the person center.
CREATE TABLE "bank_cards" (
	"employee_id" integer PRIMARY KEY NOT NULL,
	"bank_name" varchar(64) NOT NULL,
	"bank_address" varchar(200) DEFAULT '' NOT NULL,
	"bank_no_enc" text NOT NULL,
	"bank_no_masked" varchar(32) NOT NULL,
	"file_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "certificates" (
	"id" serial PRIMARY KEY NOT NULL,
	"employee_id" integer NOT NULL,
	"cer_type" char(5) NOT NULL,
	"major" varchar(32) DEFAULT '' NOT NULL,
	"title" varchar(100) DEFAULT '' NOT NULL,
	"school_name" varchar(100) DEFAULT '' NOT NULL,
	"cer_start_date" date,
	"cer_end_date" date,
	"cer_eff_date" date,
	"file_id" uuid,
	"quit_reason" varchar(200) DEFAULT '' NOT NULL,
	"personal_skill" varchar(200) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "change_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"employee_id" integer NOT NULL,
	"bu" varchar(8) NOT NULL,
	"kind" varchar(16) NOT NULL,
	"record_sets" text[] NOT NULL,
	"base_versions" jsonb NOT NULL,
	"proposed" jsonb NOT NULL,
	"status" varchar(8) DEFAULT 'pending' NOT NULL,
	"notice_id" integer,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"reason" varchar(500) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "employee_profiles" (
	"employee_id" integer PRIMARY KEY NOT NULL,
	"emp_card_enc" text,
	"emp_card_masked" varchar(32) DEFAULT '' NOT NULL,
	"emp_tel_no" varchar(20) DEFAULT '' NOT NULL,
	"address" varchar(200) DEFAULT '' NOT NULL,
	"emp_card_type" varchar(32) DEFAULT '' NOT NULL,
	"emp_height" numeric(5, 1),
	"emp_weight" numeric(5, 1),
	"emp_email" varchar(100) DEFAULT '' NOT NULL,
	"emp_political" varchar(32) DEFAULT '' NOT NULL,
	"is_marry" char(1) DEFAULT '' NOT NULL,
	"has_birth" varchar(32) DEFAULT '' NOT NULL,
	"card_scan_up_id" uuid,
	"card_scan_down_id" uuid,
	"emergency_contact_name" varchar(64) DEFAULT '' NOT NULL,
	"emergency_contact_relation" varchar(32) DEFAULT '' NOT NULL,
	"emergency_contact_tel_no" varchar(20) DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" integer,
	"up_type" varchar(16) NOT NULL,
	"kind" varchar(8) NOT NULL,
	"size" integer NOT NULL,
	"sha256" char(64) NOT NULL,
	"original_name" varchar(255) DEFAULT '' NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attached_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "plant_banks" (
	"bu" varchar(8) NOT NULL,
	"bank_name" varchar(64) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "plant_banks_bu_bank_name_pk" PRIMARY KEY("bu","bank_name")
);
--> statement-breakpoint
CREATE TABLE "record_versions" (
	"employee_id" integer NOT NULL,
	"record_set" varchar(8) NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"pending" boolean DEFAULT false NOT NULL,
	CONSTRAINT "record_versions_employee_id_record_set_pk" PRIMARY KEY("employee_id","record_set")
);
--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "avatar_file_id" uuid;--> statement-breakpoint
ALTER TABLE "bank_cards" ADD CONSTRAINT "bank_cards_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_requests" ADD CONSTRAINT "change_requests_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_requests" ADD CONSTRAINT "change_requests_decided_by_employees_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_profiles" ADD CONSTRAINT "employee_profiles_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_owner_id_employees_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_versions" ADD CONSTRAINT "record_versions_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "certificates_employee_idx" ON "certificates" USING btree ("employee_id","cer_type","id");--> statement-breakpoint
CREATE INDEX "change_requests_pending_idx" ON "change_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "change_requests_employee_idx" ON "change_requests" USING btree ("employee_id","status");--> statement-breakpoint
CREATE INDEX "files_owner_idx" ON "files" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "files_unattached_idx" ON "files" USING btree ("created_at") WHERE attached_at is null;--> statement-breakpoint
-- Photos and documents are compressed already: keep them out of line without PostgreSQL compressing them again.
ALTER TABLE "files" ALTER COLUMN "bytes" SET STORAGE EXTERNAL;
