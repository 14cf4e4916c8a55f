CREATE TABLE "platform_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"message_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"channel" varchar(8) NOT NULL,
	"status" varchar(8) DEFAULT 'pending' NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"error" text DEFAULT '' NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "platform_deliveries_message_id_unique" UNIQUE("message_id")
);
--> statement-breakpoint
CREATE TABLE "relay_cursors" (
	"channel" varchar(8) PRIMARY KEY NOT NULL,
	"last_message_id" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "link" varchar(300) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "platform_deliveries" ADD CONSTRAINT "platform_deliveries_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "platform_deliveries_due" ON "platform_deliveries" USING btree ("next_attempt_at") WHERE status = 'pending';