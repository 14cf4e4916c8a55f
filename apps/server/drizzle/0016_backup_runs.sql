-- One row per scheduled backup: the unique day lets several instances on one database take one backup a day.
CREATE TABLE "backup_runs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "backup_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"slot" date NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"status" varchar(16) DEFAULT 'running' NOT NULL,
	"file" text,
	"size" bigint,
	"message" text,
	CONSTRAINT "backup_runs_slot_unique" UNIQUE("slot")
);
