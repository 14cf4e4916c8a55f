CREATE TABLE "platform_accounts" (
	"platform" varchar(8) NOT NULL,
	"account_id" varchar(128) NOT NULL,
	"employee_id" integer NOT NULL,
	"bound_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "platform_accounts_platform_account_id_pk" PRIMARY KEY("platform","account_id")
);
--> statement-breakpoint
ALTER TABLE "oauth_states" ADD COLUMN "account_id" varchar(128);--> statement-breakpoint
ALTER TABLE "platform_accounts" ADD CONSTRAINT "platform_accounts_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "platform_accounts_employee_idx" ON "platform_accounts" USING btree ("platform","employee_id");