DROP INDEX "chats_opportunity_investor_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "chats_opportunity_investor_owner_idx" ON "chats" USING btree ("opportunity_id","investor_id","owner_id");