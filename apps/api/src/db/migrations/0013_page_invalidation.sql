-- Server-rendered pages and teasers are cached in every process (apps/api/src/web/page-cache.ts).
-- Every change to what they show announces itself on the channel safqa_pages, at commit, whoever
-- makes it (API, job, admin script, psql): 'o:<id>' for a listing, 'all' for lookups and FAQs.
-- Counters (views, bookmarks, offers) and updated_at alone do not: they change on every visit.
CREATE OR REPLACE FUNCTION safqa_pages_listing_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  counters text[] := ARRAY['views_count', 'favorites_count', 'offers_count', 'updated_at'];
BEGIN
  IF TG_OP = 'UPDATE' AND (to_jsonb(NEW) - counters) = (to_jsonb(OLD) - counters) THEN
    RETURN NULL;
  END IF;
  PERFORM pg_notify('safqa_pages', 'o:' || CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION safqa_pages_all_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('safqa_pages', 'all');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER opportunities_pages AFTER INSERT OR UPDATE OR DELETE ON opportunities
  FOR EACH ROW EXECUTE FUNCTION safqa_pages_listing_changed();
--> statement-breakpoint
CREATE TRIGGER business_types_pages AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON business_types
  FOR EACH STATEMENT EXECUTE FUNCTION safqa_pages_all_changed();
--> statement-breakpoint
CREATE TRIGGER regions_pages AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON regions
  FOR EACH STATEMENT EXECUTE FUNCTION safqa_pages_all_changed();
--> statement-breakpoint
CREATE TRIGGER cities_pages AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON cities
  FOR EACH STATEMENT EXECUTE FUNCTION safqa_pages_all_changed();
--> statement-breakpoint
CREATE TRIGGER company_ages_pages AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON company_ages
  FOR EACH STATEMENT EXECUTE FUNCTION safqa_pages_all_changed();
--> statement-breakpoint
CREATE TRIGGER company_sizes_pages AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON company_sizes
  FOR EACH STATEMENT EXECUTE FUNCTION safqa_pages_all_changed();
--> statement-breakpoint
CREATE TRIGGER share_percentages_pages AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON share_percentages
  FOR EACH STATEMENT EXECUTE FUNCTION safqa_pages_all_changed();
--> statement-breakpoint
CREATE TRIGGER faqs_pages AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON faqs
  FOR EACH STATEMENT EXECUTE FUNCTION safqa_pages_all_changed();
