import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows as rowsOf } from '../../db/rows';
import { savedSearches, savedSearchMatches } from '../../db/schema/alerts';
import { mailOutbox } from '../../db/schema/mail';
import { users } from '../../db/schema/users';
import { BUSINESS_TYPE, CITY, REGION, seedLookups } from '../../test/opportunity-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createListing, createUser, type TestUser } from '../../test/factories';
import { MATCH_JOB } from './alerts';

/**
 * The match job over many searches (issue 37): the listing is compared to whole batches of searches
 * in one statement, so every filter kind must decide there as search decides it, and a second run
 * (a retry after a crash) must tell nobody twice.
 */

const SEARCHES = 1500;
const LISTING = {
  name: 'Neighbourhood bakeries',
  nameAr: 'مخبز الحي',
  type: 'invest' as const,
  businessTypeId: BUSINESS_TYPE.food,
  regionId: REGION.riyadh,
  cityId: CITY.riyadh,
  requiredAmount: 500_000,
};
/** Each kind of criteria, and whether the listing above meets it. */
const KINDS: Array<{ query: Record<string, unknown>; matches: boolean }> = [
  { query: {}, matches: true },
  { query: { businessTypeId: BUSINESS_TYPE.food }, matches: true },
  { query: { businessTypeId: BUSINESS_TYPE.tech }, matches: false },
  { query: { regionId: REGION.riyadh }, matches: true },
  { query: { regionId: REGION.makkah }, matches: false },
  { query: { cityId: CITY.riyadh }, matches: true },
  { query: { cityId: CITY.jeddah }, matches: false },
  { query: { type: 'invest' }, matches: true },
  { query: { type: 'buy' }, matches: false },
  { query: { minAmount: 500_000 }, matches: true },
  { query: { minAmount: 500_001 }, matches: false },
  { query: { maxAmount: 500_000 }, matches: true },
  { query: { maxAmount: 499_999 }, matches: false },
  { query: { q: 'مخبز' }, matches: true },
  { query: { q: 'مَخْبَز الحى' }, matches: true }, // diacritics and ى folded as search folds them
  { query: { q: 'صيدلية' }, matches: false },
  { query: { q: 'BAKERY' }, matches: true }, // only the English stemmer meets "bakeries"
  { query: { q: 'pharmacy' }, matches: false },
  { query: { q: '100%_' }, matches: false }, // LIKE wildcards are literal
  {
    query: {
      q: 'الحي',
      businessTypeId: BUSINESS_TYPE.food,
      cityId: CITY.riyadh,
      minAmount: 1,
      maxAmount: 900_000,
    },
    matches: true,
  },
  { query: { q: 'الحي', businessTypeId: BUSINESS_TYPE.food, cityId: CITY.jeddah }, matches: false },
];
const FREQUENCIES = ['instant', 'instant', 'daily', 'off'] as const;

let t: TestApp;
let admin: TestUser;
let owner: TestUser;
const searches: Array<{ id: number; userId: number; email: string; matches: boolean; frequency: string }> =
  [];

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://safqa.example' });
  await seedLookups(t.app);
  admin = await createUser(t.app, { role: 'admin' });
  owner = await createUser(t.app);
  const tag = Date.now().toString(36);
  // One searcher per search, written in bulk: the API would take minutes to make 1,500 accounts.
  const searchers = await t.app.db
    .insert(users)
    .values(
      Array.from({ length: SEARCHES }, (_, i) => ({
        username: `scale${i}`,
        email: `scale${i}.${tag}@alerts.example`,
        passwordHash: 'x',
        language: i % 3 === 0 ? ('en' as const) : ('ar' as const),
        emailVerifiedAt: new Date(),
      })),
    )
    .returning({ id: users.id, email: users.email });
  const rows = await t.app.db
    .insert(savedSearches)
    .values(
      searchers.map((user, i) => ({
        userId: user.id,
        name: `بحث ${i}`,
        query: KINDS[i % KINDS.length]!.query,
        frequency: FREQUENCIES[i % FREQUENCIES.length]!,
      })),
    )
    .returning({ id: savedSearches.id, userId: savedSearches.userId });
  rows.forEach((row, i) =>
    searches.push({
      ...row,
      email: searchers[i]!.email,
      matches: KINDS[i % KINDS.length]!.matches,
      frequency: FREQUENCIES[i % FREQUENCIES.length]!,
    }),
  );
  // The owner's own search never alerts them about their own listing.
  await t.app.db
    .insert(savedSearches)
    .values({ userId: owner.id, name: 'mine', query: {}, frequency: 'instant' });
}, 120_000);
afterAll(async () => t.close());

async function notificationsByUser() {
  const list = rowsOf<{ user_id: number; n: number }>(
    await t.app.db.execute(sql`
    SELECT user_id, count(*)::int AS n FROM notifications WHERE type = 'saved_search_match' GROUP BY user_id`),
  );
  return new Map(list.map((r) => [Number(r.user_id), Number(r.n)]));
}
async function emailsByAddress() {
  const rows = await t.app.db
    .select({
      to: mailOutbox.to,
      subject: mailOutbox.subject,
      headers: mailOutbox.headers,
      bulk: mailOutbox.bulk,
    })
    .from(mailOutbox)
    .where(sql`${mailOutbox.to} LIKE '%@alerts.example'`);
  // Alerts go in the bulk lane: a reset or a code queued after them is sent first (mail-worker.test.ts).
  expect(rows.filter((row) => !row.bulk)).toEqual([]);
  const counts = new Map<string, number>();
  for (const row of rows) counts.set(row.to, (counts.get(row.to) ?? 0) + 1);
  return { rows, counts };
}

/** Checks that exactly the searches that match were told, each once, in the way its frequency says. */
async function expectEachMatchTold(listingId: number) {
  const matched = await t.app.db
    .select({ id: savedSearchMatches.savedSearchId, notifiedAt: savedSearchMatches.notifiedAt })
    .from(savedSearchMatches)
    .where(eq(savedSearchMatches.opportunityId, listingId));
  const matchedIds = new Map(matched.map((m) => [m.id, m.notifiedAt]));
  const bells = await notificationsByUser();
  const { counts: emails } = await emailsByAddress();
  for (const search of searches) {
    const said = `search ${search.id} (${search.frequency}, should match: ${search.matches})`;
    expect(matchedIds.has(search.id), said).toBe(search.matches);
    const told = search.matches && search.frequency !== 'off';
    expect(bells.get(search.userId) ?? 0, said).toBe(told ? 1 : 0);
    expect(emails.get(search.email) ?? 0, said).toBe(told && search.frequency === 'instant' ? 1 : 0);
    // A daily match waits for the digest; instant and off ones are settled.
    if (search.matches) expect(matchedIds.get(search.id) === null, said).toBe(search.frequency === 'daily');
  }
  expect(bells.get(owner.id) ?? 0).toBe(0);
}

describe('saved-search alerts over many searches', () => {
  it('tells every matching search once, by every filter kind, and nobody else, also when run again', async () => {
    expect(KINDS.filter((k) => k.matches).length).toBeGreaterThan(5);
    const listingId = (await createListing(t.app, owner, LISTING)).id;
    expect((await admin.client.post(`/api/admin/opportunities/${listingId}/approve`)).statusCode).toBe(200);
    await t.app.jobs.runDue(new Date(Date.now() + 1000));
    await expectEachMatchTold(listingId);

    // The instant emails are whole alerts: the listing, with one-click unsubscribe.
    const instant = searches.find((s) => s.matches && s.frequency === 'instant');
    const { rows } = await emailsByAddress();
    const mail = rows.find((r) => r.to === instant!.email)!;
    expect(mail.subject).toMatch(/Neighbourhood bakeries|مخبز الحي/);
    expect(mail.headers?.['List-Unsubscribe']).toContain('/api/saved-searches/unsubscribe?token=');

    const notified = await t.app.db
      .select({ id: savedSearches.id, at: savedSearches.lastNotifiedAt })
      .from(savedSearches)
      .where(
        inArray(
          savedSearches.id,
          searches.map((s) => s.id),
        ),
      );
    for (const row of notified) {
      const search = searches.find((s) => s.id === row.id)!;
      expect(row.at !== null, `search ${row.id}`).toBe(search.matches && search.frequency === 'instant');
    }

    // The job again, as a retry after a crash would run it: nobody is told twice.
    await t.app.jobs.enqueue(MATCH_JOB, { opportunityId: listingId });
    await t.app.jobs.runDue(new Date(Date.now() + 2000));
    await expectEachMatchTold(listingId);
  }, 120_000);
});
