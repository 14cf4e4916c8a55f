CREATE TABLE "paper_answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"paper_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"answers" jsonb NOT NULL,
	"results" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"score" numeric(8, 2),
	"max_score" numeric(8, 2) DEFAULT 0 NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "paper_answers_employee_paper" UNIQUE("employee_id","paper_id")
);
--> statement-breakpoint
CREATE TABLE "paper_assignments" (
	"paper_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "paper_assignments_employee_id_paper_id_pk" PRIMARY KEY("employee_id","paper_id")
);
--> statement-breakpoint
CREATE TABLE "paper_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"paper_id" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"subject" text NOT NULL,
	"subject_type" char(4) NOT NULL,
	"is_must" char(1) DEFAULT 'Y' NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"answer_key" jsonb,
	"score" numeric(6, 2) DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "papers" (
	"id" serial PRIMARY KEY NOT NULL,
	"exam_type" varchar(8) NOT NULL,
	"title" varchar(100) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_partial_credit" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "study_assignments" (
	"id" serial PRIMARY KEY NOT NULL,
	"employee_id" integer NOT NULL,
	"material_id" integer NOT NULL,
	"train_theme" varchar(100) NOT NULL,
	"studied_ms" bigint DEFAULT 0 NOT NULL,
	"segments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"covered_seconds" numeric(10, 3) DEFAULT 0 NOT NULL,
	"last_beat_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "study_assignments_employee_material" UNIQUE("employee_id","material_id")
);
--> statement-breakpoint
CREATE TABLE "study_records" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "study_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"assignment_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"material_id" integer NOT NULL,
	"session_key" varchar(64),
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "study_records_session" UNIQUE("employee_id","session_key")
);
--> statement-breakpoint
CREATE TABLE "training_materials" (
	"id" serial PRIMARY KEY NOT NULL,
	"media_key" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(100) NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"duration_seconds" numeric(10, 3),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "training_materials_media_key_unique" UNIQUE("media_key")
);
--> statement-breakpoint
ALTER TABLE "paper_answers" ADD CONSTRAINT "paper_answers_paper_id_papers_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."papers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_answers" ADD CONSTRAINT "paper_answers_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_assignments" ADD CONSTRAINT "paper_assignments_paper_id_papers_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."papers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_assignments" ADD CONSTRAINT "paper_assignments_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_questions" ADD CONSTRAINT "paper_questions_paper_id_papers_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."papers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_assignments" ADD CONSTRAINT "study_assignments_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_assignments" ADD CONSTRAINT "study_assignments_material_id_training_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."training_materials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_records" ADD CONSTRAINT "study_records_assignment_id_study_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."study_assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_records" ADD CONSTRAINT "study_records_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "paper_answers_paper_idx" ON "paper_answers" USING btree ("paper_id");--> statement-breakpoint
CREATE INDEX "paper_assignments_paper_idx" ON "paper_assignments" USING btree ("paper_id");--> statement-breakpoint
CREATE INDEX "paper_questions_paper_idx" ON "paper_questions" USING btree ("paper_id","sort");--> statement-breakpoint
CREATE INDEX "study_records_assignment_idx" ON "study_records" USING btree ("assignment_id");