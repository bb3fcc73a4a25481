-- Issue [scale]: a user's chat list is read a page at a time in (updated_at desc, id desc) order from
-- each side of the chat, so each side's index ends in id and the page stops after `limit` rows (the
-- old (user, updated_at) indexes needed a sort of every chat to break ties). They replace those.
CREATE INDEX "chats_investor_recent_idx" ON "chats" USING btree ("investor_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "chats_owner_recent_idx" ON "chats" USING btree ("owner_id","updated_at","id");--> statement-breakpoint
DROP INDEX "chats_investor_updated_idx";--> statement-breakpoint
DROP INDEX "chats_owner_updated_idx";--> statement-breakpoint
-- The unread badge sums the counts of a user's chats with something unread: an index-only scan of
-- these (a buyer with 3,000 chats reads a few index pages, not 3,000 rows). id is carried so the
-- message statement can leave out the chat it is changing.
CREATE INDEX "chats_investor_unread_sum_idx" ON "chats" USING btree ("investor_id","investor_unread","id") WHERE "investor_unread" > 0;--> statement-breakpoint
CREATE INDEX "chats_owner_unread_sum_idx" ON "chats" USING btree ("owner_id","owner_unread","id") WHERE "owner_unread" > 0;
--> statement-breakpoint
-- The unread-only notification list pages newest first by id: the partial index gains id, so such a
-- page stops after its rows instead of sorting every unread notification of the user (the unread
-- count stays an index-only scan of it).
CREATE INDEX "notifications_unread_recent_idx" ON "notifications" USING btree ("user_id","id") WHERE "read_at" IS NULL;--> statement-breakpoint
DROP INDEX "notifications_unread_idx";
