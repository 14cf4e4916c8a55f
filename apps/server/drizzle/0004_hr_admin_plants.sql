-- The plants an HRAdmin administers (the HR console's plant scope).
CREATE TABLE "admin_plants" (
	"employee_id" integer NOT NULL,
	"bu" varchar(8) NOT NULL,
	CONSTRAINT "admin_plants_employee_id_bu_pk" PRIMARY KEY("employee_id","bu")
);
--> statement-breakpoint
ALTER TABLE "admin_plants" ADD CONSTRAINT "admin_plants_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;