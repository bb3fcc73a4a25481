-- [scale] Admin lists at 1,000,000 users.
--
-- The admin users search (`?q=`) matches a fragment anywhere in the username, the email or the phone
-- (ILIKE '%q%'): a btree cannot serve that, so without these the search read every user. Trigram GIN
-- indexes serve ILIKE on the plain columns (the email is stored lower-cased).
CREATE INDEX "users_username_trgm_idx" ON "users" USING gin ("username" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_phone_trgm_idx" ON "users" USING gin ("phone_number" gin_trgm_ops);--> statement-breakpoint
-- The list is newest first by (created_at, id) and walked by keyset on that pair; the role filter
-- (a handful of admins among a million owners) gets its own ordered index so it reads only admins.
DROP INDEX "users_created_idx";--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at", "id");--> statement-breakpoint
CREATE INDEX "users_role_created_idx" ON "users" USING btree ("role", "created_at", "id");--> statement-breakpoint
-- The dashboard counts advisors: a partial index keeps that count to the advisors themselves.
CREATE INDEX "users_advisor_idx" ON "users" USING btree ("id") WHERE "is_advisor";
--> statement-breakpoint
-- The audit log (2,000,000 entries) is read newest first by (created_at, id), filtered by actor or
-- target, and walked by keyset on that pair: with id in its indexes the order is read from the index
-- instead of re-sorting every entry of a busy actor that shares a timestamp.
DROP INDEX "audit_log_created_idx";--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at", "id");--> statement-breakpoint
DROP INDEX "audit_log_actor_idx";--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id", "created_at", "id");--> statement-breakpoint
DROP INDEX "audit_log_target_idx";--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target_type", "target_id", "created_at", "id");
