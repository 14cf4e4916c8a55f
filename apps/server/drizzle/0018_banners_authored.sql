CREATE TABLE "banner_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"sha256" char(64) NOT NULL,
	"kind" varchar(8) NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"size" integer NOT NULL,
	"original" "bytea" NOT NULL,
	"served_width" integer NOT NULL,
	"served_height" integer NOT NULL,
	"webp_sha256" char(64) NOT NULL,
	"webp" "bytea" NOT NULL,
	"jpeg_sha256" char(64) NOT NULL,
	"jpeg" "bytea" NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "banner_images_sha256_unique" UNIQUE("sha256")
);
--> statement-breakpoint
-- The banners so far were the demo's three SVG rows of the reference data (no picture to carry over): HR authors
-- banners in the console from now on, and a new demo seeds its own through the same service.
DELETE FROM "banners";--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "image_id" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "link" varchar(512);--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "plants" text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "starts_on" date NOT NULL;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "ends_on" date;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "created_by" integer;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "withdrawn_by" integer;--> statement-breakpoint
ALTER TABLE "banner_images" ADD CONSTRAINT "banner_images_uploaded_by_employees_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "banner_images_webp_idx" ON "banner_images" USING btree ("webp_sha256");--> statement-breakpoint
CREATE INDEX "banner_images_jpeg_idx" ON "banner_images" USING btree ("jpeg_sha256");--> statement-breakpoint
ALTER TABLE "banners" ADD CONSTRAINT "banners_image_id_banner_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."banner_images"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banners" ADD CONSTRAINT "banners_created_by_employees_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banners" ADD CONSTRAINT "banners_withdrawn_by_employees_id_fk" FOREIGN KEY ("withdrawn_by") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banners" DROP COLUMN "image_url";--> statement-breakpoint
ALTER TABLE "banners" DROP COLUMN "is_active";