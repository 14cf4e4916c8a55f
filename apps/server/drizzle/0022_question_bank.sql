CREATE TABLE "bank_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"subject_type" char(4) NOT NULL,
	"subject" text NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"answer_key" jsonb,
	"score" numeric(6, 2) DEFAULT 0 NOT NULL,
	"explanation" text DEFAULT '' NOT NULL,
	"is_must" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "question_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"bu" varchar(8) NOT NULL,
	"name" varchar(50) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "question_categories_bu_name" UNIQUE("bu","name")
);
--> statement-breakpoint
ALTER TABLE "bank_questions" ADD CONSTRAINT "bank_questions_category_id_question_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."question_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_questions_category_idx" ON "bank_questions" USING btree ("category_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_questions_same_subject" ON "bank_questions" USING btree ("category_id","subject_type",md5("subject"));