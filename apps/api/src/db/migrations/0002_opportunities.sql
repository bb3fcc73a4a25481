CREATE TABLE "uploads" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"kind" text NOT NULL,
	"uploaded_by" integer,
	"original_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" integer NOT NULL,
	"width" integer,
	"height" integer,
	"thumbnail_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "opportunities_business_type_idx";--> statement-breakpoint
DROP INDEX "opportunities_search_trgm_idx";--> statement-breakpoint
ALTER TABLE "opportunities" ADD COLUMN "search_vector_ar" "tsvector" GENERATED ALWAYS AS (to_tsvector('arabic'::regconfig, search_text)) STORED;--> statement-breakpoint
ALTER TABLE "opportunities" ADD COLUMN "search_vector_en" "tsvector" GENERATED ALWAYS AS (to_tsvector('english'::regconfig, search_text)) STORED;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "uploads_key_idx" ON "uploads" USING btree ("key");--> statement-breakpoint
CREATE INDEX "uploads_uploaded_by_idx" ON "uploads" USING btree ("uploaded_by");--> statement-breakpoint
CREATE INDEX "opportunities_type_place_idx" ON "opportunities" USING btree ("business_type_id","region_id","city_id");--> statement-breakpoint
CREATE INDEX "opportunities_search_ar_fts_idx" ON "opportunities" USING gin ("search_vector_ar") WHERE "opportunities"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "opportunities_search_en_fts_idx" ON "opportunities" USING gin ("search_vector_en") WHERE "opportunities"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "opportunities_approved_created_idx" ON "opportunities" USING btree ("created_at","id") WHERE "opportunities"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "opportunities_approved_amount_idx" ON "opportunities" USING btree ("required_amount","id") WHERE "opportunities"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "opportunities_search_trgm_idx" ON "opportunities" USING gin ("search_text" gin_trgm_ops) WHERE "opportunities"."status" = 'approved';