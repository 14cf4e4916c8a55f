ALTER TABLE "outbox_commands" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_commands" ADD COLUMN "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_commands" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "outbox_commands_due_idx" ON "outbox_commands" USING btree ("next_attempt_at") WHERE status = 'pending';