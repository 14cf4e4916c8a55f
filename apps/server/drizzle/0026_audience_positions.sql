ALTER TABLE "announcements" ADD COLUMN "positions" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "material_assignments" ADD COLUMN "positions" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "papers" ADD COLUMN "positions" text[] DEFAULT '{}'::text[] NOT NULL;