-- Writes of one exam no longer lock its paper row: the foreign key made every submission of the exam take a key-share
-- lock on the same papers row (a new MultiXact for each locker while others hold it, and a WAL record), and checked a
-- paper the submission's own assignment check already found. A deleted paper still takes its answers with it.
ALTER TABLE "paper_answers" DROP CONSTRAINT "paper_answers_paper_id_papers_id_fk";
--> statement-breakpoint
CREATE FUNCTION "delete_paper_answers"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM "paper_answers" WHERE "paper_id" = OLD."id";
	RETURN OLD;
END
$$;--> statement-breakpoint
CREATE TRIGGER "papers_delete_answers" AFTER DELETE ON "papers" FOR EACH ROW EXECUTE FUNCTION "delete_paper_answers"();--> statement-breakpoint
-- Indexes no query of the product reads, each one more entry written with every change (audit row, key, answer).
DROP INDEX "audit_log_subject_idx";--> statement-breakpoint
DROP INDEX "audit_log_actor_idx";--> statement-breakpoint
DROP INDEX "idempotency_keys_created_idx";--> statement-breakpoint
DROP INDEX "paper_answers_paper_idx";--> statement-breakpoint
-- Time columns written in order: the audit search's date range and the keys' housekeeping read them by block range.
CREATE INDEX "audit_log_at_brin" ON "audit_log" USING brin ("at");--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_brin" ON "idempotency_keys" USING brin ("created_at");
