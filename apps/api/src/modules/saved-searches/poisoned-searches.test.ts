import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { savedSearches, savedSearchMatches } from '../../db/schema/alerts';
import { errorLogs } from '../../db/schema/content';
import { jobs } from '../../db/schema/jobs';
import { mailOutbox } from '../../db/schema/mail';
import { users } from '../../db/schema/users';
import { seedLookups } from '../../test/opportunity-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { DIGEST_SCHEDULE, MATCH_JOB } from './alerts';
import { createListing, createUser, type TestUser } from '../../test/factories';

/**
 * One saved search that cannot be handled (criteria stored before amounts had to be whole, criteria
 * that cannot run, a recipient the mailer refuses) must not cost the other searches their alerts:
 * it is logged, recorded in the error logs and skipped; the job itself succeeds. The bad rows are
 * written straight into the database, as old data or a bug would leave them.
 */

let t: TestApp;
let admin: TestUser;
let owner: TestUser;
let clock = Date.now();
const later = (ms: number) => new Date((clock = Math.max(clock, Date.now()) + ms));

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://safqa.example' });
  await seedLookups(t.app);
  admin = await createUser(t.app, { role: 'admin' });
  owner = await createUser(t.app);
});
afterAll(async () => t.close());

async function emailOf(user: TestUser) {
  const [row] = await t.app.db.select({ email: users.email }).from(users).where(eq(users.id, user.id));
  return row!.email;
}
async function alertsTo(user: TestUser) {
  const rows = await t.app.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, await emailOf(user)));
  return rows.filter((m) => m.headers?.['List-Unsubscribe']);
}
/** A saved search inserted directly, bypassing the API's validation. */
async function storedSearch(user: TestUser, query: unknown, frequency: 'instant' | 'daily') {
  const [row] = await t.app.db
    .insert(savedSearches)
    .values({ userId: user.id, name: 'بحث', query, frequency })
    .returning({ id: savedSearches.id });
  return row!.id;
}
/** A user whose stored address the mailer refuses (two recipients in one). */
async function unmailableUser() {
  const user = await createUser(t.app);
  await t.app.db
    .update(users)
    .set({ email: `x${user.id}@example.test, y@example.test` })
    .where(eq(users.id, user.id));
  return user;
}
async function skippedLogs(searchId: number) {
  return t.app.db
    .select({ endpoint: errorLogs.endpoint })
    .from(errorLogs)
    .where(like(errorLogs.message, `saved search ${searchId} skipped:%`));
}
async function approve(nameAr: string) {
  const id = (await createListing(t.app, owner, { nameAr, requiredAmount: 500_000 })).id;
  expect((await admin.client.post(`/api/admin/opportunities/${id}/approve`)).statusCode).toBe(200);
  return id;
}

describe('saved-search alerts with a poisoned row', () => {
  it('alerts everyone else at once, and the search stored with a fraction as what it meant', async () => {
    const garbage = await createUser(t.app);
    const unmailable = await unmailableUser();
    const fraction = await createUser(t.app);
    const tooHigh = await createUser(t.app);
    const good = await createUser(t.app);
    // Ids in this order: every bad row comes before the good one the job reaches last.
    const garbageId = await storedSearch(garbage, { minAmount: 'lots' }, 'instant');
    const unmailableId = await storedSearch(unmailable, {}, 'instant');
    const fractionId = await storedSearch(fraction, { minAmount: 499_999.5 }, 'instant');
    await storedSearch(tooHigh, { minAmount: 500_000.5 }, 'instant');
    await storedSearch(good, { q: 'مخبز' }, 'instant');

    const listingId = await approve('مخبز الحي');
    await t.app.jobs.runDue(later(1000));

    expect(await alertsTo(good)).toHaveLength(1);
    expect((await good.client.get('/api/notifications')).json().unreadCount).toBe(1);
    // 499,999.5 means "from 500,000": the 500,000 listing is sent; 500,000.5 means "from 500,001": not.
    expect(await alertsTo(fraction)).toHaveLength(1);
    expect(await alertsTo(tooHigh)).toHaveLength(0);
    // The owner of such a search sees and can edit it as whole amounts.
    const [listed] = (await fraction.client.get('/api/saved-searches')).json().data;
    expect(listed.query).toEqual({ minAmount: 500_000 });
    const edit = await fraction.client.put(`/api/saved-searches/${fractionId}`, {
      name: 'renamed',
      query: listed.query,
      frequency: 'daily',
    });
    expect(edit.statusCode).toBe(200);

    // The two that cannot be handled are recorded for the admins and skipped, nothing half done.
    expect(await skippedLogs(garbageId)).toEqual([{ endpoint: `job ${MATCH_JOB}` }]);
    expect(await skippedLogs(unmailableId)).toEqual([{ endpoint: `job ${MATCH_JOB}` }]);
    const matched = await t.app.db
      .select({ id: savedSearchMatches.savedSearchId })
      .from(savedSearchMatches)
      .where(eq(savedSearchMatches.opportunityId, listingId));
    expect(matched.map((m) => m.id)).not.toContain(unmailableId);
    expect(matched.map((m) => m.id)).not.toContain(garbageId);
    // The job succeeded on its first try: no retries that would skip the good searches again.
    const [job] = await t.app.db
      .select({ status: jobs.status, attempts: jobs.attempts })
      .from(jobs)
      .where(and(eq(jobs.name, MATCH_JOB), eq(jobs.payload, { opportunityId: listingId })));
    expect(job).toEqual({ status: 'done', attempts: 1 });
  });

  it('sends every other daily digest when one of them fails', async () => {
    const unmailable = await unmailableUser();
    const good = await createUser(t.app);
    const badId = await storedSearch(unmailable, { q: 'صيدلية' }, 'daily');
    await storedSearch(good, { q: 'صيدلية' }, 'daily');
    await approve('صيدلية الشفاء');
    await t.app.jobs.runDue(later(1000));
    expect(await alertsTo(good)).toHaveLength(0); // daily: the digest sends it

    await t.app.jobs.runDue(later(60 * 60 * 1000));
    const digests = await alertsTo(good);
    expect(digests).toHaveLength(1);
    expect(digests[0]!.subject).toContain('صيدلية الشفاء');
    expect(await skippedLogs(badId)).toEqual([{ endpoint: `job ${DIGEST_SCHEDULE}` }]);
  });
});
