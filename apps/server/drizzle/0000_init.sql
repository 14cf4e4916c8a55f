CREATE TABLE "employee_roles" (
	"employee_id" integer NOT NULL,
	"role_id" integer NOT NULL,
	CONSTRAINT "employee_roles_employee_id_role_id_pk" PRIMARY KEY("employee_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "employees" (
	"id" serial PRIMARY KEY NOT NULL,
	"emp_no" varchar(32) NOT NULL,
	"name" varchar(64) NOT NULL,
	"bu" varchar(8) NOT NULL,
	"dept_name" varchar(64) DEFAULT '' NOT NULL,
	"team_name" varchar(64) DEFAULT '' NOT NULL,
	"title_name" varchar(64) DEFAULT '' NOT NULL,
	"emp_type" char(4) DEFAULT 'PS01' NOT NULL,
	"enter_date" date,
	"app_read_status" char(1) DEFAULT 'N' NOT NULL,
	"password_hash" text NOT NULL,
	"must_change_password" boolean DEFAULT false NOT NULL,
	"failed_logins" smallint DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"sessions_valid_from" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "employees_emp_no_unique" UNIQUE("emp_no")
);
--> statement-breakpoint
CREATE TABLE "menus" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(8) NOT NULL,
	"path" varchar(256) NOT NULL,
	"name" varchar(64) NOT NULL,
	"icon" varchar(64) DEFAULT '' NOT NULL,
	"is_mobile" char(1) DEFAULT 'Y' NOT NULL,
	"terminal_type" varchar(8) DEFAULT 'MOBILE' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "menus_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "refresh_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"employee_id" integer NOT NULL,
	"token_hash" char(64) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refresh_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "reset_codes" (
	"code_hash" char(64) PRIMARY KEY NOT NULL,
	"employee_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "role_menus" (
	"role_id" integer NOT NULL,
	"menu_id" integer NOT NULL,
	CONSTRAINT "role_menus_role_id_menu_id_pk" PRIMARY KEY("role_id","menu_id")
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(64) NOT NULL,
	"description" varchar(128) DEFAULT '' NOT NULL,
	CONSTRAINT "roles_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "banners" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(64) NOT NULL,
	"image_url" varchar(256) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dictionary_items" (
	"state_type" varchar(16) NOT NULL,
	"state_id" varchar(32) NOT NULL,
	"state_descr" varchar(64) NOT NULL,
	"sys_func" varchar(8) DEFAULT 'HR' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "dictionary_items_state_type_state_id_pk" PRIMARY KEY("state_type","state_id")
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"employee_id" integer NOT NULL,
	"title" varchar(100) NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"employee_id" integer NOT NULL,
	"bu" varchar(8) NOT NULL,
	"notice_type" varchar(32) NOT NULL,
	"title" varchar(100) DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"is_verify" char(1) DEFAULT 'N' NOT NULL,
	"message_content" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"verified_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "attendance_days" (
	"employee_id" integer NOT NULL,
	"att_date" date NOT NULL,
	"start_time" time,
	"end_time" time,
	CONSTRAINT "attendance_days_employee_id_att_date_pk" PRIMARY KEY("employee_id","att_date")
);
--> statement-breakpoint
CREATE TABLE "cabinets" (
	"id" serial PRIMARY KEY NOT NULL,
	"employee_id" integer,
	"team_name" varchar(64) NOT NULL,
	"area_desc" varchar(128) NOT NULL,
	"equipment_desc" varchar(128) NOT NULL,
	"case_no" varchar(32) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dormitory_costs" (
	"employee_id" integer NOT NULL,
	"year_month" char(7) NOT NULL,
	"water_cost" numeric(12, 2) NOT NULL,
	"tariff_cost" numeric(12, 2) NOT NULL,
	"accommodation_cost" numeric(12, 2) NOT NULL,
	CONSTRAINT "dormitory_costs_employee_id_year_month_pk" PRIMARY KEY("employee_id","year_month")
);
--> statement-breakpoint
CREATE TABLE "meal_details" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "meal_details_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"employee_id" integer NOT NULL,
	"year_month" char(7) NOT NULL,
	"cost_time" timestamp with time zone NOT NULL,
	"cost_amount" numeric(12, 2) NOT NULL,
	"subsidy_amount" numeric(12, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meal_months" (
	"employee_id" integer NOT NULL,
	"year_month" char(7) NOT NULL,
	"deduction_amt" numeric(12, 2) NOT NULL,
	CONSTRAINT "meal_months_employee_id_year_month_pk" PRIMARY KEY("employee_id","year_month")
);
--> statement-breakpoint
CREATE TABLE "outbox_commands" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "outbox_commands_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"target" varchar(32) NOT NULL,
	"command" varchar(32) NOT NULL,
	"payload" jsonb NOT NULL,
	"requested_by" integer,
	"status" varchar(16) NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payslips" (
	"employee_id" integer NOT NULL,
	"year_month" char(7) NOT NULL,
	"emp_type" char(4) NOT NULL,
	"items" jsonb NOT NULL,
	CONSTRAINT "payslips_employee_id_year_month_pk" PRIMARY KEY("employee_id","year_month")
);
--> statement-breakpoint
CREATE TABLE "safety_issues" (
	"id" serial PRIMARY KEY NOT NULL,
	"employee_id" integer NOT NULL,
	"issue_descr" text NOT NULL,
	"work_process" varchar(64) NOT NULL,
	"inspection_date" date NOT NULL,
	"type_code" varchar(16) NOT NULL,
	"bad_qty" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "employee_roles" ADD CONSTRAINT "employee_roles_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_roles" ADD CONSTRAINT "employee_roles_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reset_codes" ADD CONSTRAINT "reset_codes_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_menus" ADD CONSTRAINT "role_menus_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_menus" ADD CONSTRAINT "role_menus_menu_id_menus_id_fk" FOREIGN KEY ("menu_id") REFERENCES "public"."menus"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_days" ADD CONSTRAINT "attendance_days_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cabinets" ADD CONSTRAINT "cabinets_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dormitory_costs" ADD CONSTRAINT "dormitory_costs_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meal_details" ADD CONSTRAINT "meal_details_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meal_months" ADD CONSTRAINT "meal_months_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox_commands" ADD CONSTRAINT "outbox_commands_requested_by_employees_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payslips" ADD CONSTRAINT "payslips_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safety_issues" ADD CONSTRAINT "safety_issues_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "employee_roles_role_idx" ON "employee_roles" USING btree ("role_id");--> statement-breakpoint
CREATE INDEX "employees_bu_idx" ON "employees" USING btree ("bu");--> statement-breakpoint
CREATE INDEX "refresh_tokens_employee_idx" ON "refresh_tokens" USING btree ("employee_id");--> statement-breakpoint
CREATE INDEX "messages_employee_idx" ON "messages" USING btree ("employee_id","read_at");--> statement-breakpoint
CREATE INDEX "notices_employee_idx" ON "notices" USING btree ("employee_id","id");--> statement-breakpoint
CREATE INDEX "cabinets_employee_idx" ON "cabinets" USING btree ("employee_id");--> statement-breakpoint
CREATE INDEX "meal_details_employee_month_idx" ON "meal_details" USING btree ("employee_id","year_month","cost_time");--> statement-breakpoint
CREATE INDEX "outbox_commands_status_idx" ON "outbox_commands" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "safety_issues_employee_date_idx" ON "safety_issues" USING btree ("employee_id","inspection_date");