-- An access token names its session (refresh-token family); every process keeps a short cache of
-- which sessions are live (apps/api/src/plugins/session-liveness.ts). A session ending announces
-- itself on the channel safqa_sessions, at commit, whoever ends it (logout, password change or
-- reset, reuse detection, an admin, psql): '<user id>:<family id>'. Several rows of one family
-- revoked in one transaction send one notification (PostgreSQL folds identical ones).
CREATE OR REPLACE FUNCTION safqa_session_revoked() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('safqa_sessions', NEW.user_id || ':' || NEW.family_id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER refresh_tokens_revoked AFTER UPDATE OF revoked_at ON refresh_tokens
  FOR EACH ROW WHEN (OLD.revoked_at IS NULL AND NEW.revoked_at IS NOT NULL)
  EXECUTE FUNCTION safqa_session_revoked();
