ALTER TABLE "material_assignments" ADD COLUMN "due_reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "papers" ADD COLUMN "close_reminded_at" timestamp with time zone;