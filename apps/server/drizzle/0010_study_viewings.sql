ALTER TABLE "study_assignments" ADD COLUMN "viewing_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "study_assignments" ADD COLUMN "viewing_claimed_seconds" numeric(10, 3) DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Time studied is the union of an item's sessions: overlapping sessions (the same hour sent from three tabs)
-- counted each in full before. Recounted once from the sessions kept.
UPDATE "study_assignments" a SET "studied_ms" = coalesce((
	SELECT (sum(extract(epoch FROM upper(r) - lower(r))) * 1000)::bigint
	FROM unnest((SELECT range_agg(tstzrange(s."started_at", s."ended_at")) FROM "study_records" s WHERE s."assignment_id" = a."id")) AS r
), 0);
