CREATE TABLE "handbook_acceptances" (
	"version_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "handbook_acceptances_version_id_employee_id_pk" PRIMARY KEY("version_id","employee_id")
);
--> statement-breakpoint
CREATE TABLE "handbook_file_parts" (
	"version_id" integer NOT NULL,
	"part" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "handbook_file_parts_version_id_part_pk" PRIMARY KEY("version_id","part")
);
--> statement-breakpoint
CREATE TABLE "handbook_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(16) NOT NULL,
	"label" varchar(40) NOT NULL,
	"effective_date" date NOT NULL,
	"plants" text[] NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"size" integer NOT NULL,
	"sha256" char(64) NOT NULL,
	"uploaded_by" integer,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"withdrawn_by" integer,
	"withdrawn_at" timestamp with time zone,
	"withdraw_reason" varchar(200) DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "handbook_acceptances" ADD CONSTRAINT "handbook_acceptances_version_id_handbook_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."handbook_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handbook_acceptances" ADD CONSTRAINT "handbook_acceptances_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handbook_file_parts" ADD CONSTRAINT "handbook_file_parts_version_id_handbook_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."handbook_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handbook_versions" ADD CONSTRAINT "handbook_versions_uploaded_by_employees_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handbook_versions" ADD CONSTRAINT "handbook_versions_withdrawn_by_employees_id_fk" FOREIGN KEY ("withdrawn_by") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "handbook_acceptances_employee_idx" ON "handbook_acceptances" USING btree ("employee_id");--> statement-breakpoint
CREATE INDEX "handbook_versions_current_idx" ON "handbook_versions" USING btree ("kind","effective_date" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "handbook_versions"."withdrawn_at" is null;--> statement-breakpoint
-- PDFs are compressed already: parts kept out of line without PostgreSQL compressing them again, so a range reads
-- only the slice it needs.
ALTER TABLE "handbook_file_parts" ALTER COLUMN "bytes" SET STORAGE EXTERNAL;
