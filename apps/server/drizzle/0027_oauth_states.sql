CREATE TABLE "oauth_states" (
	"nonce" varchar(64) PRIMARY KEY NOT NULL,
	"platform" varchar(8) NOT NULL,
	"next" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" varchar(256),
	"employee_id" integer
);
