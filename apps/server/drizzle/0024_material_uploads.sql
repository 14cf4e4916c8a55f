ALTER TABLE "training_materials" ADD COLUMN "bu" varchar(8);--> statement-breakpoint
ALTER TABLE "training_materials" ADD COLUMN "kind" varchar(10) DEFAULT 'document' NOT NULL;--> statement-breakpoint
ALTER TABLE "training_materials" ADD COLUMN "state" varchar(12) DEFAULT 'ready' NOT NULL;--> statement-breakpoint
ALTER TABLE "training_materials" ADD COLUMN "progress" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "training_materials" ADD COLUMN "failure_message" varchar(300);--> statement-breakpoint
ALTER TABLE "training_materials" ADD COLUMN "original_file_name" varchar(255) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "training_materials" ADD COLUMN "size_bytes" bigint;--> statement-breakpoint
ALTER TABLE "training_materials" ADD COLUMN "uploaded_by" integer;--> statement-breakpoint
ALTER TABLE "training_materials" ADD COLUMN "upload_id" varchar(64);--> statement-breakpoint
ALTER TABLE "training_materials" ADD COLUMN "worked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "training_materials" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "training_materials" ADD CONSTRAINT "training_materials_uploaded_by_employees_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "training_materials_bu_idx" ON "training_materials" USING btree ("bu","id");--> statement-breakpoint
ALTER TABLE "training_materials" ADD CONSTRAINT "training_materials_upload_id_unique" UNIQUE("upload_id");--> statement-breakpoint
-- The materials there before uploads (the demo's): ready, a video or a document by their file's extension.
UPDATE "training_materials" SET "kind" = CASE WHEN "file_name" ~* '\.(mp4|m4v|mov|avi|wmv|mpg|mpeg|mkv|webm)$' THEN 'video' ELSE 'document' END, "original_file_name" = "file_name";
