CREATE TABLE "platform_recalls" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_key" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone,
	"recalled" integer DEFAULT 0 NOT NULL,
	"error" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "event_key" varchar(64) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "platform_deliveries" ADD COLUMN "msgid" varchar(128) DEFAULT '' NOT NULL;