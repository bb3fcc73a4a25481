-- The page warmer takes the most visited listings first (issue [scale], decision 011): a row queued
-- by a change (the triggers of 0026, which leave priority at its default) comes before all of the
-- start-up backlog, and the backlog goes in order of views.
ALTER TABLE "page_render_queue" ADD COLUMN "priority" integer DEFAULT 2147483647 NOT NULL;
--> statement-breakpoint
CREATE INDEX "page_render_queue_order_idx" ON "page_render_queue" ("priority" DESC, "queued_at", "listing_id");
--> statement-breakpoint
-- A listing's own change goes before the backlog even when the listing was already queued by a start.
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
    INSERT INTO page_render_queue (listing_id) VALUES (listing)
      ON CONFLICT (listing_id) DO UPDATE SET priority = EXCLUDED.priority;
  END IF;
  PERFORM pg_notify('safqa_pages', 'o:' || listing);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A lookup change makes every page stale; the 2,000 most visited (WARM_AT_START in
-- web/stored-pages.ts) are rendered again ahead, the rest by their first visitor. Queuing all 80,000
-- approved listings at factor 1 kept the warmer busy for 34 minutes of one core.
CREATE OR REPLACE FUNCTION safqa_pages_all_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('safqa.pages_all_changed', true) IS DISTINCT FROM 'yes' THEN
    PERFORM set_config('safqa.pages_all_changed', 'yes', true);
    INSERT INTO page_versions (key, version) VALUES ('all', 1)
      ON CONFLICT (key) DO UPDATE SET version = page_versions.version + 1;
    INSERT INTO page_render_queue (listing_id, priority)
      SELECT id, LEAST(views_count, 2147483646) FROM opportunities
      WHERE status = 'approved' AND NOT owner_suspended
      ORDER BY views_count DESC, id DESC
      LIMIT 2000
      ON CONFLICT DO NOTHING;
  END IF;
  PERFORM pg_notify('safqa_pages', 'all');
  RETURN NULL;
END $$;
