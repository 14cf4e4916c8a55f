CREATE TABLE "material_assignments" (
	"id" serial PRIMARY KEY NOT NULL,
	"material_id" integer NOT NULL,
	"train_theme" varchar(100) NOT NULL,
	"plants" text[] DEFAULT '{}'::text[] NOT NULL,
	"departments" text[] DEFAULT '{}'::text[] NOT NULL,
	"teams" text[] DEFAULT '{}'::text[] NOT NULL,
	"roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"employee_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"due_at" timestamp with time zone,
	"is_required" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"withdrawn_at" timestamp with time zone,
	"reminded_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "study_assignments" ADD COLUMN "assignment_id" integer;--> statement-breakpoint
ALTER TABLE "study_assignments" ADD COLUMN "due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "study_assignments" ADD COLUMN "is_required" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "material_assignments" ADD CONSTRAINT "material_assignments_material_id_training_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."training_materials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_assignments" ADD CONSTRAINT "material_assignments_created_by_employees_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "material_assignments_material_idx" ON "material_assignments" USING btree ("material_id");--> statement-breakpoint
ALTER TABLE "study_assignments" ADD CONSTRAINT "study_assignments_assignment_id_material_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."material_assignments"("id") ON DELETE set null ON UPDATE no action;