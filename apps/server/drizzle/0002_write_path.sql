-- The write path: login failures counted per account name (known or not) in the database, sessions ended
-- by an epoch counter, refresh-token families, the audit log and idempotency keys.
CREATE TABLE "login_failures" (
	"account" varchar(32) PRIMARY KEY NOT NULL,
	"failures" smallint DEFAULT 0 NOT NULL,
	"last_failed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" integer,
	"actor_emp_no" varchar(32) DEFAULT '' NOT NULL,
	"action" varchar(64) NOT NULL,
	"subject_type" varchar(32) NOT NULL,
	"subject_id" varchar(64) NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"request_id" varchar(64) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"employee_id" integer NOT NULL,
	"key" varchar(64) NOT NULL,
	"action" varchar(64) NOT NULL,
	"answer" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_employee_id_key_pk" PRIMARY KEY("employee_id","key")
);
--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "session_epoch" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "family_id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "parent_id" bigint;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "rotated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "revoked_reason" varchar(16);--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_subject_idx" ON "audit_log" USING btree ("subject_type","subject_id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","at");--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "refresh_tokens_family_idx" ON "refresh_tokens" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "refresh_tokens_parent_idx" ON "refresh_tokens" USING btree ("parent_id");--> statement-breakpoint
-- Failures and locks in force move over to the per-account table.
INSERT INTO "login_failures" ("account", "failures", "locked_until")
  SELECT "emp_no", "failed_logins", "locked_until" FROM "employees"
  WHERE "failed_logins" > 0 OR "locked_until" > now();--> statement-breakpoint
ALTER TABLE "employees" DROP COLUMN "failed_logins";--> statement-breakpoint
ALTER TABLE "employees" DROP COLUMN "locked_until";--> statement-breakpoint
ALTER TABLE "employees" DROP COLUMN "sessions_valid_from";
