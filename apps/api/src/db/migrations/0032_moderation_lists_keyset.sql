-- [scale] The admin's moderation and reports queues walked by keyset (?cursor=).
--
-- Each tab is read in one order that ends in id: pending listings and open reports first come, first
-- served by (created_at, id); the other listing tabs by their latest change (updated_at, id) and
-- decided reports by (decided_at, id), newest first. With the status in front and id at the end the
-- page (and the cursor's row comparison) comes straight from the index, and a tab's capped count is an
-- index-only scan, instead of sorting every approved listing (80,000 at factor 1) on each page.
DROP INDEX "opportunities_status_created_idx";--> statement-breakpoint
CREATE INDEX "opportunities_status_created_idx" ON "opportunities" USING btree ("status", "created_at", "id");--> statement-breakpoint
CREATE INDEX "opportunities_status_updated_idx" ON "opportunities" USING btree ("status", "updated_at", "id");--> statement-breakpoint
DROP INDEX "reports_status_created_idx";--> statement-breakpoint
CREATE INDEX "reports_status_created_idx" ON "reports" USING btree ("status", "created_at", "id");--> statement-breakpoint
CREATE INDEX "reports_status_decided_idx" ON "reports" USING btree ("status", "decided_at", "id") WHERE "status" <> 'open';
