/**
 * Saved-search alerts at scale (issue 37, "Background work that scales"): BENCH_SEARCHES (20,000)
 * users each with one instant saved search that a new listing matches, plus as many that it does
 * not match. Times the approval's match job, from start to every matching search notified (bell and
 * queued email). Goal: within 60 s.
 *
 *   npm run bench -- saved-search-alerts
 *
 * Runs on a fresh scratch database of BENCH_DATABASE_URL (default the local PostgreSQL), dropped after.
 */
import { eq } from 'drizzle-orm';
import { jobs } from '../apps/api/src/db/schema/jobs';
import { seedLookups } from '../apps/api/src/test/opportunity-fixtures';
import { createTestApp } from '../apps/api/src/test/test-app';
import { createListing, createUser } from '../apps/api/src/test/factories';

const SEARCHES = Number(process.env.BENCH_SEARCHES ?? 20_000);
const GOAL_MS = 60_000;
process.env.TEST_DATABASE_URL ??=
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const t = await createTestApp({ PUBLIC_URL: 'https://safqa.example' });
try {
  await seedLookups(t.app);
  const admin = await createUser(t.app, { role: 'admin' });
  const owner = await createUser(t.app);
  // Searchers written in bulk: half match the listing below (bakery in Riyadh, 500,000), half not.
  await t.app.database.exec(`
    INSERT INTO users (username, email, password_hash, language, email_verified_at)
    SELECT 'bench' || g, 'bench' || g || '@alerts.example', 'x', CASE WHEN g % 3 = 0 THEN 'en' ELSE 'ar' END, now()
    FROM generate_series(1, ${SEARCHES * 2}) g;
    INSERT INTO saved_searches (user_id, name, query, frequency)
    SELECT u.id, 'بحث ' || u.id,
      CASE WHEN u.id % 2 = 0
        THEN jsonb_build_object('q', 'مخبز', 'minAmount', 100000, 'maxAmount', 900000)
        ELSE jsonb_build_object('q', 'صيدلية') END,
      'instant'
    FROM users u WHERE u.email LIKE 'bench%@alerts.example';
    ANALYZE users; ANALYZE saved_searches;`);
  const listing = await createListing(t.app, owner, { nameAr: 'مخبز الحي', requiredAmount: 500_000 });
  const approved = await admin.client.post(`/api/admin/opportunities/${listing.id}/approve`);
  if (approved.statusCode !== 200) throw new Error(`approve: ${approved.statusCode} ${approved.body}`);

  const started = performance.now();
  await t.app.jobs.runDue(new Date(Date.now() + 1000));
  const ms = performance.now() - started;

  const [job] = await t.app.db
    .select({ status: jobs.status })
    .from(jobs)
    .where(eq(jobs.name, 'saved-searches.match'));
  const [counts] = await t.app.database.withSession((query) =>
    query<{ matches: number; notifications: number; emails: number }>(`
    SELECT (SELECT count(*)::int FROM saved_search_matches) AS matches,
      (SELECT count(*)::int FROM notifications WHERE type = 'saved_search_match') AS notifications,
      (SELECT count(*)::int FROM mail_outbox WHERE "to" LIKE 'bench%@alerts.example') AS emails`),
  );
  const { matches, notifications, emails } = counts!;
  console.log(`instant searches: ${SEARCHES} matching, ${SEARCHES} not; match job ${job?.status}`);
  console.log(`recorded ${matches} matches, ${notifications} notifications, ${emails} queued emails`);
  console.log(`time to notify all: ${(ms / 1000).toFixed(1)} s (goal ${GOAL_MS / 1000} s)`);
  if (matches !== SEARCHES || notifications !== SEARCHES || emails !== SEARCHES) process.exitCode = 1;
} finally {
  await t.close();
}
