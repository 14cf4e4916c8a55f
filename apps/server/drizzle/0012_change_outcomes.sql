ALTER TABLE "change_requests" ALTER COLUMN "status" SET DATA TYPE varchar(16);--> statement-breakpoint
ALTER TABLE "change_requests" ALTER COLUMN "status" SET DEFAULT 'pending';--> statement-breakpoint
CREATE INDEX "change_requests_notice_idx" ON "change_requests" USING btree ("notice_id");--> statement-breakpoint
-- A decided change's notice no longer reads …，待审核: it says how the review ended, in words.
UPDATE "notices" AS n
SET "description" = regexp_replace(n."description", '，待审核$', CASE cr."status" WHEN 'approved' THEN '，已通过' ELSE '，未通过' END)
FROM "change_requests" AS cr
WHERE cr."notice_id" = n."id" AND cr."status" IN ('approved', 'rejected') AND n."description" LIKE '%，待审核';
