CREATE TABLE "department_names" (
	"bu" varchar(8) NOT NULL,
	"dept_name" varchar(64) NOT NULL,
	"display_name" text NOT NULL,
	CONSTRAINT "department_names_bu_dept_name_pk" PRIMARY KEY("bu","dept_name")
);
--> statement-breakpoint
CREATE TABLE "site_logos" (
	"sha256" char(64) PRIMARY KEY NOT NULL,
	"kind" varchar(8) NOT NULL,
	"size" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"company_name" text DEFAULT '' NOT NULL,
	"app_title" text DEFAULT '' NOT NULL,
	"copyright" text DEFAULT '' NOT NULL,
	"icp_filing" text DEFAULT '' NOT NULL,
	"logo_sha256" char(64),
	"plant_names" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	CONSTRAINT "site_settings_one_row" CHECK ("site_settings"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "site_logos" ADD CONSTRAINT "site_logos_uploaded_by_employees_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_settings" ADD CONSTRAINT "site_settings_logo_sha256_site_logos_sha256_fk" FOREIGN KEY ("logo_sha256") REFERENCES "public"."site_logos"("sha256") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_settings" ADD CONSTRAINT "site_settings_updated_by_employees_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;