-- Listing pages rendered once for the whole deployment (issue 20, docs/decisions/011-stored-pages.md):
-- every process reads a page another one rendered instead of running React again.
--
-- page_versions: how many times what a page shows has changed, per listing ('o:<id>') and for what
-- every listing's page shows ('all': the lookups). A stored render names the versions it was made from and
-- is served only while both are current, so a render that began before a change is never served
-- after it, whichever process made it.
CREATE TABLE "page_versions" (
  "key" text PRIMARY KEY NOT NULL,
  "version" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stored_pages" (
  "build" text NOT NULL,
  "address" text NOT NULL,
  "lang" text NOT NULL,
  "signed_in_hint" boolean NOT NULL,
  "listing_id" integer NOT NULL,
  "listing_version" bigint NOT NULL,
  "shared_version" bigint NOT NULL,
  "status" integer NOT NULL,
  "nonce" text NOT NULL,
  "html_brotli" bytea NOT NULL,
  "html_hash" text NOT NULL,
  "html_bytes" integer NOT NULL,
  "rendered_at" timestamp with time zone NOT NULL,
  CONSTRAINT "stored_pages_pk" PRIMARY KEY ("build", "address", "lang", "signed_in_hint")
);
--> statement-breakpoint
-- Brotli does not compress again: stored as it is, read without a decompression attempt.
ALTER TABLE "stored_pages" ALTER COLUMN "html_brotli" SET STORAGE EXTERNAL;
--> statement-breakpoint
CREATE INDEX "stored_pages_listing_idx" ON "stored_pages" ("listing_id");
--> statement-breakpoint
CREATE INDEX "stored_pages_rendered_idx" ON "stored_pages" ("rendered_at");
--> statement-breakpoint
-- Listings whose pages are to be rendered ahead of their first visitor (web/page-warmer.ts).
CREATE TABLE "page_render_queue" (
  "listing_id" integer PRIMARY KEY NOT NULL,
  "queued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION safqa_pages_listing_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  counters text[] := ARRAY['views_count', 'favorites_count', 'offers_count', 'updated_at'];
  listing integer;
BEGIN
  IF TG_OP = 'UPDATE' AND (to_jsonb(NEW) - counters) = (to_jsonb(OLD) - counters) THEN
    RETURN NULL;
  END IF;
  listing := CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END;
  INSERT INTO page_versions (key, version) VALUES ('o:' || listing, 1)
    ON CONFLICT (key) DO UPDATE SET version = page_versions.version + 1;
  IF TG_OP <> 'DELETE' AND NEW.status = 'approved' AND NOT NEW.owner_suspended THEN
    INSERT INTO page_render_queue (listing_id) VALUES (listing) ON CONFLICT DO NOTHING;
  END IF;
  PERFORM pg_notify('safqa_pages', 'o:' || listing);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Lookups: once per transaction that changes a row (the triggers below are per row now: the
-- statement-level ones of 0013 fired for every INSERT ... ON CONFLICT DO NOTHING, and each process
-- start re-seeds the lookups that way, so every start invalidated every page of every process).
CREATE OR REPLACE FUNCTION safqa_pages_all_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('safqa.pages_all_changed', true) IS DISTINCT FROM 'yes' THEN
    PERFORM set_config('safqa.pages_all_changed', 'yes', true);
    INSERT INTO page_versions (key, version) VALUES ('all', 1)
      ON CONFLICT (key) DO UPDATE SET version = page_versions.version + 1;
    INSERT INTO page_render_queue (listing_id)
      SELECT id FROM opportunities WHERE status = 'approved' AND NOT owner_suspended
      ON CONFLICT DO NOTHING;
  END IF;
  PERFORM pg_notify('safqa_pages', 'all');
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER business_types_pages ON business_types;
--> statement-breakpoint
CREATE TRIGGER business_types_pages AFTER INSERT OR UPDATE OR DELETE ON business_types
  FOR EACH ROW EXECUTE FUNCTION safqa_pages_all_changed();
--> statement-breakpoint
CREATE TRIGGER business_types_pages_truncate AFTER TRUNCATE ON business_types
  FOR EACH STATEMENT EXECUTE FUNCTION safqa_pages_all_changed();
--> statement-breakpoint
DROP TRIGGER regions_pages ON regions;
--> statement-breakpoint
CREATE TRIGGER regions_pages AFTER INSERT OR UPDATE OR DELETE ON regions
  FOR EACH ROW EXECUTE FUNCTION safqa_pages_all_changed();
--> statement-breakpoint
CREATE TRIGGER regions_pages_truncate AFTER TRUNCATE ON regions
  FOR EACH STATEMENT EXECUTE FUNCTION safqa_pages_all_changed();
--> statement-breakpoint
DROP TRIGGER cities_pages ON cities;
--> statement-breakpoint
CREATE TRIGGER cities_pages AFTER INSERT OR UPDATE OR DELETE ON cities
  FOR EACH ROW EXECUTE FUNCTION safqa_pages_all_changed();
--> statement-breakpoint
CREATE TRIGGER cities_pages_truncate AFTER TRUNCATE ON cities
  FOR EACH STATEMENT EXECUTE FUNCTION safqa_pages_all_changed();
--> statement-breakpoint
DROP TRIGGER company_ages_pages ON company_ages;
--> statement-breakpoint
CREATE TRIGGER company_ages_pages AFTER INSERT OR UPDATE OR DELETE ON company_ages
  FOR EACH ROW EXECUTE FUNCTION safqa_pages_all_changed();
--> statement-breakpoint
CREATE TRIGGER company_ages_pages_truncate AFTER TRUNCATE ON company_ages
  FOR EACH STATEMENT EXECUTE FUNCTION safqa_pages_all_changed();
--> statement-breakpoint
DROP TRIGGER company_sizes_pages ON company_sizes;
--> statement-breakpoint
CREATE TRIGGER company_sizes_pages AFTER INSERT OR UPDATE OR DELETE ON company_sizes
  FOR EACH ROW EXECUTE FUNCTION safqa_pages_all_changed();
--> statement-breakpoint
CREATE TRIGGER company_sizes_pages_truncate AFTER TRUNCATE ON company_sizes
  FOR EACH STATEMENT EXECUTE FUNCTION safqa_pages_all_changed();
--> statement-breakpoint
DROP TRIGGER share_percentages_pages ON share_percentages;
--> statement-breakpoint
CREATE TRIGGER share_percentages_pages AFTER INSERT OR UPDATE OR DELETE ON share_percentages
  FOR EACH ROW EXECUTE FUNCTION safqa_pages_all_changed();
--> statement-breakpoint
CREATE TRIGGER share_percentages_pages_truncate AFTER TRUNCATE ON share_percentages
  FOR EACH STATEMENT EXECUTE FUNCTION safqa_pages_all_changed();
--> statement-breakpoint
-- FAQs are shown on /faq (and no listing page): they change the pages kept per process, 'faqs', and
-- leave every listing's page and teaser current.
CREATE OR REPLACE FUNCTION safqa_pages_faqs_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('safqa_pages', 'faqs');
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER faqs_pages ON faqs;
--> statement-breakpoint
CREATE TRIGGER faqs_pages AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON faqs
  FOR EACH STATEMENT EXECUTE FUNCTION safqa_pages_faqs_changed();
