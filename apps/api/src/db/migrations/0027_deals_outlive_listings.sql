-- Security probe [security-2].
--
-- Item 12: chats opened after "verified buyers only" was set are refused to unverified buyers, so the
-- moment it was set is kept (null while it is off). For listings that already have it, the last change
-- of the row is the latest moment it can have been set: no chat opened before the flag is refused.
ALTER TABLE "opportunities" ADD COLUMN "verified_buyers_only_since" timestamp with time zone;--> statement-breakpoint
UPDATE "opportunities" SET "verified_buyers_only_since" = "updated_at" WHERE "verified_buyers_only";
