-- A change request names its notice: a reference to a notice that is gone (none should be) is cleared first, so the constraint holds on existing data.
UPDATE "change_requests" SET "notice_id" = NULL WHERE "notice_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "notices" WHERE "notices"."id" = "change_requests"."notice_id");--> statement-breakpoint
ALTER TABLE "change_requests" ADD CONSTRAINT "change_requests_notice_id_notices_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."notices"("id") ON DELETE set null ON UPDATE no action;
