-- The meal and dormitory lists read an employee's months newest first. Each month's import appends every
-- employee, so those months lie on as many heap pages as there are months; with the listed amounts in the
-- primary key's index, a page of the list is read from the index alone (an index-only scan: 4 pages, not 28).
ALTER TABLE "meal_months" DROP CONSTRAINT "meal_months_employee_id_year_month_pk";--> statement-breakpoint
ALTER TABLE "meal_months" ADD CONSTRAINT "meal_months_employee_id_year_month_pk"
  PRIMARY KEY ("employee_id", "year_month") INCLUDE ("deduction_amt");--> statement-breakpoint
ALTER TABLE "dormitory_costs" DROP CONSTRAINT "dormitory_costs_employee_id_year_month_pk";--> statement-breakpoint
ALTER TABLE "dormitory_costs" ADD CONSTRAINT "dormitory_costs_employee_id_year_month_pk"
  PRIMARY KEY ("employee_id", "year_month") INCLUDE ("water_cost", "tariff_cost", "accommodation_cost");
