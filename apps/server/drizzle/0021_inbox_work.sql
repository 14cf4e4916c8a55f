ALTER TABLE "notices" ADD COLUMN "assigned_to" integer;--> statement-breakpoint
ALTER TABLE "notices" ADD COLUMN "assigned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "candidates" ADD COLUMN "answer" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "candidates" ADD COLUMN "assigned_to" integer;--> statement-breakpoint
ALTER TABLE "candidates" ADD COLUMN "assigned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "answer" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "assigned_to" integer;--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "assigned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_assigned_to_employees_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidates" ADD CONSTRAINT "candidates_assigned_to_employees_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_assigned_to_employees_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notices_bu_type_created_idx" ON "notices" USING btree ("bu","notice_type","created_at");