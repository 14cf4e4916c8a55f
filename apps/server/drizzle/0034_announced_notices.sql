ALTER TABLE "announcements" ADD COLUMN "announced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "handbook_versions" ADD COLUMN "announced_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "announcements_unannounced_idx" ON "announcements" USING btree ("starts_at") WHERE announced_at is null;--> statement-breakpoint
-- What had begun before this version was out is not messaged again after the upgrade.
UPDATE "announcements" SET "announced_at" = now() WHERE "starts_at" <= now();--> statement-breakpoint
UPDATE "handbook_versions" SET "announced_at" = now() WHERE "effective_date" <= (now() at time zone 'Asia/Shanghai')::date;
