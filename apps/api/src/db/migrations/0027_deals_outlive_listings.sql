-- Security probe [security-2].
--
-- Item 2: a deal and its letters of intent, checklist and timeline never disappear with their listing.
-- A listing with a deal past `loi` cannot be deleted at all (the API answers 409); the deals of a deleted
-- listing (open ones are cancelled first) keep a snapshot of its card in "listing" and lose only the
-- link to the listing row and to its offer (both deleted with the listing).
ALTER TABLE "deals" DROP CONSTRAINT "deals_opportunity_id_opportunities_id_fk";--> statement-breakpoint
ALTER TABLE "deals" ALTER COLUMN "opportunity_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_opportunity_id_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."opportunities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" DROP CONSTRAINT "deals_offer_id_offers_id_fk";--> statement-breakpoint
ALTER TABLE "deals" ALTER COLUMN "offer_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "listing" jsonb;--> statement-breakpoint
-- Item 12: chats opened after "verified buyers only" was set are refused to unverified buyers, so the
-- moment it was set is kept (null while it is off). For listings that already have it, the last change
-- of the row is the latest moment it can have been set: no chat opened before the flag is refused.
ALTER TABLE "opportunities" ADD COLUMN "verified_buyers_only_since" timestamp with time zone;--> statement-breakpoint
UPDATE "opportunities" SET "verified_buyers_only_since" = "updated_at" WHERE "verified_buyers_only";
