CREATE TABLE "paper_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"paper_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"attempt_no" integer NOT NULL,
	"question_ids" integer[] NOT NULL,
	"option_order" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deadline_at" timestamp with time zone,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"save_seq" integer DEFAULT 0 NOT NULL,
	"saved_at" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"finished_by" varchar(8),
	CONSTRAINT "paper_attempts_number" UNIQUE("employee_id","paper_id","attempt_no")
);
--> statement-breakpoint
ALTER TABLE "paper_answers" DROP CONSTRAINT "paper_answers_employee_paper";--> statement-breakpoint
ALTER TABLE "paper_answers" ADD COLUMN "attempt_no" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "paper_questions" ADD COLUMN "explanation" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "paper_questions" ADD COLUMN "source_question_id" integer;--> statement-breakpoint
ALTER TABLE "paper_questions" ADD COLUMN "pool_category_id" integer;--> statement-breakpoint
ALTER TABLE "papers" ADD COLUMN "is_authored" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "papers" ADD COLUMN "plants" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "papers" ADD COLUMN "departments" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "papers" ADD COLUMN "teams" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "papers" ADD COLUMN "roles" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "papers" ADD COLUMN "employee_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "papers" ADD COLUMN "opens_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "papers" ADD COLUMN "closes_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "papers" ADD COLUMN "time_limit_minutes" integer;--> statement-breakpoint
ALTER TABLE "papers" ADD COLUMN "pass_score" numeric(8, 2);--> statement-breakpoint
ALTER TABLE "papers" ADD COLUMN "max_attempts" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "papers" ADD COLUMN "cooldown_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "papers" ADD COLUMN "shuffle_questions" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "papers" ADD COLUMN "shuffle_options" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "papers" ADD COLUMN "review_mode" varchar(24) DEFAULT 'score' NOT NULL;--> statement-breakpoint
ALTER TABLE "papers" ADD COLUMN "is_anonymous" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "papers" ADD COLUMN "draws" jsonb;--> statement-breakpoint
ALTER TABLE "papers" ADD COLUMN "created_by" integer;--> statement-breakpoint
ALTER TABLE "papers" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "paper_attempts" ADD CONSTRAINT "paper_attempts_paper_id_papers_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."papers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_attempts" ADD CONSTRAINT "paper_attempts_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "paper_attempts_one_open" ON "paper_attempts" USING btree ("employee_id","paper_id") WHERE submitted_at is null;--> statement-breakpoint
CREATE INDEX "paper_attempts_due" ON "paper_attempts" USING btree ("deadline_at") WHERE submitted_at is null and deadline_at is not null;--> statement-breakpoint
CREATE INDEX "paper_attempts_paper_idx" ON "paper_attempts" USING btree ("paper_id");--> statement-breakpoint
ALTER TABLE "papers" ADD CONSTRAINT "papers_created_by_employees_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_answers" ADD CONSTRAINT "paper_answers_employee_paper_attempt" UNIQUE("employee_id","paper_id","attempt_no");