-- [scale] Bulk email (saved-search alerts) in a lane of its own, behind the mail a person waits for.
--
-- 20,000 saved searches matching one new listing queue 20,000 alerts in a few seconds; the worker
-- sends oldest first, so a password reset or a sign-in code queued just after waited behind all of
-- them (minutes at a relay's rate). The worker now claims transactional mail first, bulk mail only
-- with what is left of a batch. The index serves both lanes as ordered scans.
ALTER TABLE "mail_outbox" ADD COLUMN "bulk" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "mail_outbox_lane_due_idx" ON "mail_outbox" USING btree ("status", "bulk", "next_attempt_at", "id");--> statement-breakpoint
DROP INDEX "mail_outbox_due_idx";
