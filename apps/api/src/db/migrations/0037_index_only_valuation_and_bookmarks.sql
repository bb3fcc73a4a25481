-- [scale] Two reads that visited thousands of scattered listing rows now read an index only.
--
-- A valuation takes the quartiles of its sector's multiples (insights/repository.ts sectorFigures):
-- about 5,000 approved listings a sector at 100,000, each row read from the table for four numbers,
-- 46 ms. With the numbers in a partial index of their own it is an index-only scan: 3.5 ms.
CREATE INDEX "opportunities_sector_figures_idx" ON "opportunities" USING btree ("business_type_id")
  INCLUDE ("id", "required_amount", "offered_percentage", "ebitda", "yearly_sales")
  WHERE "status" = 'approved' AND NOT "owner_suspended";--> statement-breakpoint
-- A user's bookmarks are counted through each listing's visibility (approved, their own, or back in
-- review): 5,000 bookmarks read 5,000 listing rows, 31 ms. The three columns beside the id make it
-- an index-only join: 4.9 ms. They change at moderation only, so counters stay HOT updates.
CREATE INDEX "opportunities_visibility_idx" ON "opportunities" USING btree ("id")
  INCLUDE ("status", "submitted_by", "approved_at");
