-- [scale] Search's order indexes hold exactly the listings search shows.
--
-- Every search adds `NOT owner_suspended AND deal_state IS DISTINCT FROM 'closed'` to `status =
-- 'approved'` (queries.ts searchConditions). With only the status in the predicate, each index entry
-- read in order had to visit its row to test the other two: the deepest page API.md allows (rows
-- 9,981-10,000) by amount read 11,000 table pages, 175 ms cold at 100,000 listings. With all three
-- in the predicate the scan needs no row for filtering, and once vacuum has marked the pages visible
-- it is an index-only scan (1.2 ms). No other query walks these orders with fewer conditions.
--
-- The same predicate on a copy of the filter index (sector, region, city) makes the count of a
-- filtered browse an index-only scan: a sector's count read 4,541 table pages (42 ms cold), now
-- 0.6 ms. The full index stays: it serves the foreign-key checks of the lookups.
DROP INDEX "opportunities_approved_created_idx";--> statement-breakpoint
CREATE INDEX "opportunities_approved_created_idx" ON "opportunities" USING btree ("created_at", "id")
  WHERE "status" = 'approved' AND NOT "owner_suspended" AND "deal_state" IS DISTINCT FROM 'closed';--> statement-breakpoint
DROP INDEX "opportunities_approved_amount_idx";--> statement-breakpoint
CREATE INDEX "opportunities_approved_amount_idx" ON "opportunities" USING btree ("required_amount", "id")
  WHERE "status" = 'approved' AND NOT "owner_suspended" AND "deal_state" IS DISTINCT FROM 'closed';--> statement-breakpoint
DROP INDEX "opportunities_approved_engagement_idx";--> statement-breakpoint
CREATE INDEX "opportunities_approved_engagement_idx" ON "opportunities" USING btree ((3 * "favorites_count" + 5 * "offers_count") DESC)
  WHERE "status" = 'approved' AND NOT "owner_suspended" AND "deal_state" IS DISTINCT FROM 'closed';--> statement-breakpoint
CREATE INDEX "opportunities_listed_type_place_idx" ON "opportunities" USING btree ("business_type_id", "region_id", "city_id")
  WHERE "status" = 'approved' AND NOT "owner_suspended" AND "deal_state" IS DISTINCT FROM 'closed';
