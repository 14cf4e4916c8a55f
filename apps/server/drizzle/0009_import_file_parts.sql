-- An uploaded sheet in parts of 1 MB (import_file_parts), each written and read by a statement of its own: one
-- 30 MB value held the server's event loop and every other call for a large part of a second. Stored as it is,
-- uncompressed (a sheet is a zip already). The files of jobs not yet done move over as one part each.
CREATE TABLE "import_file_parts" (
	"job_id" integer NOT NULL,
	"part" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "import_file_parts_job_id_part_pk" PRIMARY KEY("job_id","part")
);
--> statement-breakpoint
ALTER TABLE "import_file_parts" ALTER COLUMN "bytes" SET STORAGE EXTERNAL;
--> statement-breakpoint
ALTER TABLE "import_file_parts" ADD CONSTRAINT "import_file_parts_job_id_import_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."import_jobs"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
INSERT INTO "import_file_parts" ("job_id", "part", "bytes") SELECT "id", 0, "file_bytes" FROM "import_jobs" WHERE "file_bytes" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "import_jobs" DROP COLUMN "file_bytes";
