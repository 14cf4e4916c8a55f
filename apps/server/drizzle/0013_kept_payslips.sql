CREATE TABLE "kept_payslips" (
	"employee_id" integer NOT NULL,
	"year_month" char(7) NOT NULL,
	"emp_type" char(4) NOT NULL,
	"items" jsonb NOT NULL,
	CONSTRAINT "kept_payslips_employee_id_year_month_pk" PRIMARY KEY("employee_id","year_month")
);
--> statement-breakpoint
ALTER TABLE "kept_payslips" ADD CONSTRAINT "kept_payslips_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;