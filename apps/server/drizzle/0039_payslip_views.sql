-- Every time a published payslip is sent to its employee's phone (who, when, which batch version), listed to HR per batch.
CREATE TABLE "payslip_views" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"batch_id" integer NOT NULL,
	"version" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payslip_views" ADD CONSTRAINT "payslip_views_batch_id_payslip_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."payslip_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payslip_views" ADD CONSTRAINT "payslip_views_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payslip_views_batch_idx" ON "payslip_views" USING btree ("batch_id","id");