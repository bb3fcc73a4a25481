ALTER TABLE "uploads" ADD COLUMN "last_referenced_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "uploads_created_at_idx" ON "uploads" USING btree ("created_at");