CREATE TABLE "message_settings" (
	"employee_id" integer PRIMARY KEY NOT NULL,
	"muted" text[] DEFAULT '{}'::text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "category" varchar(16) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "message_settings" ADD CONSTRAINT "message_settings_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;