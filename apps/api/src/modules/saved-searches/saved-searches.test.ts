import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { savedSearches } from '../../db/schema/alerts';
import { mailOutbox } from '../../db/schema/mail';
import { users } from '../../db/schema/users';
import { BUSINESS_TYPE, CITY, REGION, seedLookups } from '../../test/opportunity-fixtures';
import { createTestApp, TestClient, type TestApp } from '../../test/test-app';
import { createListing, createUser, type TestUser } from '../../test/factories';

let t: TestApp;
let admin: TestUser;
let owner: TestUser;
let buyer: TestUser;
let other: TestUser;
/** The job clock: always moves forward, as schedules expect. */
let clock = Date.now();
const later = (ms: number) => new Date((clock = Math.max(clock, Date.now()) + ms));

async function emailOf(user: TestUser) {
  const [row] = await t.app.db.select({ email: users.email }).from(users).where(eq(users.id, user.id));
  return row!.email;
}
async function outboxOf(user: TestUser) {
  return t.app.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, await emailOf(user)))
    .orderBy(mailOutbox.id);
}
async function save(
  user: TestUser,
  query: Record<string, unknown>,
  frequency = 'instant',
  name = 'My search',
) {
  const res = await user.client.post('/api/saved-searches', { name, query, frequency });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; newMatches: number };
}
/** A listing by `owner` approved by the admin through the API, then the jobs that follow. */
async function approvedListing(overrides: Parameters<typeof createListing>[2] = {}, by = owner) {
  const id = (await createListing(t.app, by, overrides)).id;
  expect((await admin.client.post(`/api/admin/opportunities/${id}/approve`)).statusCode).toBe(200);
  await t.app.jobs.runDue(later(1000));
  return id;
}
async function removeSearchesOf(user: TestUser) {
  await t.app.db.delete(savedSearches).where(eq(savedSearches.userId, user.id));
}

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://safqa.example' });
  await seedLookups(t.app);
});
// Fresh people for every test: searches, mails and bells left by another test would change the counts.
beforeEach(async () => {
  admin = await createUser(t.app, { role: 'admin' });
  owner = await createUser(t.app);
  buyer = await createUser(t.app);
  other = await createUser(t.app, { language: 'en' });
});
afterAll(async () => t.close());

describe('saved searches: bad input', () => {
  it.each([
    ['an unknown filter key', { name: 'x', query: { colour: 'red' }, frequency: 'daily' }, 'query.colour'],
    [
      'min over max',
      { name: 'x', query: { minAmount: 500, maxAmount: 100 }, frequency: 'daily' },
      'query.maxAmount',
    ],
    ['a frequency not in the list', { name: 'x', query: {}, frequency: 'weekly' }, 'frequency'],
    ['a name over 100 characters', { name: 'ن'.repeat(101), query: {}, frequency: 'off' }, 'name'],
    ['a blank name', { name: '   ', query: {}, frequency: 'off' }, 'name'],
    ['an unknown top-level field', { name: 'x', query: {}, frequency: 'off', userId: 1 }, 'userId'],
  ])('refuses %s with 400 and saves nothing', async (_label, body, field) => {
    const res = await buyer.client.post('/api/saved-searches', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
    expect(Object.keys(res.json().fields)).toContain(field);
    expect((await buyer.client.get('/api/saved-searches')).json().data).toEqual([]);
  });

  it('answers in the request language and asks to sign in', async () => {
    const res = await buyer.client.post(
      '/api/saved-searches',
      { name: 'x', query: { minAmount: 9, maxAmount: 1 }, frequency: 'daily' },
      { headers: { 'accept-language': 'en' } },
    );
    expect(res.json().fields['query.maxAmount']).toMatch(/maximum|minimum/i);
    const anonymous = await new TestClient(t.app).post('/api/saved-searches', {
      name: 'x',
      query: {},
      frequency: 'off',
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('takes JSON only: a form post gets 415 on every route but the one-click unsubscribe', async () => {
    const { id } = await save(buyer, {}, 'off');
    const form = { headers: { 'content-type': 'application/x-www-form-urlencoded' } };
    const answers = [
      await buyer.client.post('/api/saved-searches', 'name=x&frequency=off', form),
      await buyer.client.put(`/api/saved-searches/${id}`, 'name=x&frequency=off', form),
      await buyer.client.post(`/api/saved-searches/${id}/seen`, 'a=1', form),
    ];
    await removeSearchesOf(buyer);
    for (const res of answers) {
      expect(res.statusCode).toBe(415);
      expect(res.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
    }
  });
});

describe('saved searches: ownership and limits', () => {
  it('lets only the owner list, edit and delete a search; others get 404', async () => {
    const mine = await save(buyer, { q: 'مطعم', cityId: CITY.riyadh }, 'daily', 'مطاعم الرياض');
    const listed = (await buyer.client.get('/api/saved-searches')).json().data;
    expect(listed).toEqual([
      {
        id: mine.id,
        name: 'مطاعم الرياض',
        query: { q: 'مطعم', cityId: CITY.riyadh },
        frequency: 'daily',
        newMatches: 0,
        lastNotifiedAt: null,
        createdAt: expect.any(String),
      },
    ]);
    expect((await other.client.get('/api/saved-searches')).json().data).toEqual([]);
    const body = { name: 'stolen', query: {}, frequency: 'off' };
    expect((await other.client.put(`/api/saved-searches/${mine.id}`, body)).statusCode).toBe(404);
    expect((await other.client.delete(`/api/saved-searches/${mine.id}`)).statusCode).toBe(404);
    expect((await other.client.post(`/api/saved-searches/${mine.id}/seen`)).statusCode).toBe(404);
    const withFields = await buyer.client.post(`/api/saved-searches/${mine.id}/seen`, { newMatches: 9 });
    expect(withFields.statusCode).toBe(400);
    expect(withFields.json().fields).toHaveProperty('newMatches');
    const [row] = await t.app.db.select().from(savedSearches).where(eq(savedSearches.id, mine.id));
    expect(row).toMatchObject({ name: 'مطاعم الرياض', frequency: 'daily' });

    const edited = await buyer.client.put(`/api/saved-searches/${mine.id}`, {
      name: 'Renamed',
      query: {},
      frequency: 'off',
    });
    expect(edited.json().data).toMatchObject({ name: 'Renamed', query: {}, frequency: 'off' });
    expect((await buyer.client.delete(`/api/saved-searches/${mine.id}`)).statusCode).toBe(204);
    expect((await buyer.client.delete(`/api/saved-searches/${mine.id}`)).statusCode).toBe(404);
  });

  it('keeps at most 20 per user, even when the 20th and 21st arrive together', async () => {
    for (let i = 0; i < 19; i += 1) await save(other, { minAmount: i }, 'off', `search ${i}`);
    const [a, b] = await Promise.all([
      other.client.post('/api/saved-searches', { name: 'a', query: {}, frequency: 'off' }),
      other.client.post('/api/saved-searches', { name: 'b', query: {}, frequency: 'off' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const refused = a.statusCode === 409 ? a : b;
    expect(refused.json().code).toBe('LIMIT_REACHED');
    expect((await other.client.get('/api/saved-searches')).json().data).toHaveLength(20);
    await removeSearchesOf(other);
  });
});

describe('saved searches: alerts', () => {
  it('matches with the rules of search (Arabic variants, amount range, region and city) and emails instant ones at once', async () => {
    await removeSearchesOf(buyer);
    const variant = await save(
      buyer,
      { q: 'الاصاله', regionId: REGION.riyadh },
      'instant',
      'الأصالة في الرياض',
    );
    const range = await save(buyer, { minAmount: 100_000, maxAmount: 400_000 }, 'instant', 'Small deals');
    const city = await save(buyer, { cityId: CITY.jeddah }, 'instant', 'Jeddah');
    const type = await save(
      buyer,
      { businessTypeId: BUSINESS_TYPE.tech, type: 'buy' },
      'instant',
      'Tech to buy',
    );

    const id = await approvedListing({
      nameAr: 'مطعم الأصالة',
      name: 'Asala restaurant',
      requiredAmount: 250_000,
      regionId: REGION.riyadh,
      cityId: CITY.riyadh,
    });

    const mails = (await outboxOf(buyer)).filter((m) => m.headers?.['List-Unsubscribe']);
    expect(mails).toHaveLength(2);
    const bySearch = Object.fromEntries(
      (await buyer.client.get('/api/saved-searches'))
        .json()
        .data.map((s: { id: number; newMatches: number }) => [s.id, s.newMatches]),
    );
    expect(bySearch).toEqual({ [variant.id]: 1, [range.id]: 1, [city.id]: 0, [type.id]: 0 });

    const alert = mails.find((m) => m.subject.includes('الأصالة في الرياض'))!;
    expect(alert.subject).toContain('مطعم الأصالة');
    expect(alert.html).toContain('dir="rtl"');
    expect(alert.html).toContain(`https://safqa.example/opportunities/${id}?lang=ar`);
    expect(alert.text).toMatch(/250,000/); // the amount, in the Latin digits the site writes
    expect(alert.text).not.toMatch(/[٠-٩]/u);
    expect(alert.headers).toEqual({
      'List-Unsubscribe': expect.stringMatching(
        /^<https:\/\/safqa\.example\/api\/saved-searches\/unsubscribe\?token=[^>]+>$/,
      ),
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });

    // The bell has it too, linking to the listing.
    const bell = (await buyer.client.get('/api/notifications')).json();
    expect(bell.unreadCount).toBe(2);
    expect(bell.data[0]).toMatchObject({
      type: 'saved_search_match',
      link: `/opportunities/${id}`,
      readAt: null,
    });
  });

  it('never sends a listing twice to one search, and never a listing to its own owner', async () => {
    await removeSearchesOf(buyer);
    await removeSearchesOf(owner);
    await save(buyer, { q: 'مخبز' }, 'instant');
    await save(owner, { q: 'مخبز' }, 'instant');
    const id = await approvedListing({ nameAr: 'مخبز الحي', name: 'Neighbourhood bakery' });
    const before = (await outboxOf(buyer)).length;
    expect((await outboxOf(owner)).filter((m) => m.headers?.['List-Unsubscribe'])).toHaveLength(0);

    // Suspended and reinstated: approved again, matched again, but not sent again.
    expect(
      (
        await admin.client.post(`/api/admin/opportunities/${id}/suspend`, {
          reason: 'Checking the papers again',
        })
      ).statusCode,
    ).toBe(200);
    expect((await admin.client.post(`/api/admin/opportunities/${id}/reinstate`)).statusCode).toBe(200);
    await t.app.jobs.runDue(later(1000));
    await t.app.jobs.runDue(later(1000));
    expect((await outboxOf(buyer)).length).toBe(before);
  });

  it('gathers daily searches into one digest a day, with the bell updated at once', async () => {
    await removeSearchesOf(other);
    const daily = await save(other, { q: 'صيدلية' }, 'daily', 'Pharmacies');
    const sentBefore = (await outboxOf(other)).length;
    await approvedListing({ nameAr: 'صيدلية الشفاء', name: 'Shifa pharmacy' });
    await approvedListing({ nameAr: 'صيدلية النور', name: 'Noor pharmacy' });
    const bell = (
      await other.client.get('/api/notifications', { headers: { 'accept-language': 'en' } })
    ).json();
    expect(bell.data.slice(0, 2).map((n: { title: string; body: string }) => [n.title, n.body])).toEqual([
      ['New listing for “Pharmacies”', 'Noor pharmacy'],
      ['New listing for “Pharmacies”', 'Shifa pharmacy'],
    ]);
    // Nothing by email yet: the digest runs on the hour.
    expect((await outboxOf(other)).slice(sentBefore)).toHaveLength(0);
    await t.app.jobs.runDue(later(60 * 60 * 1000));
    const mails = (await outboxOf(other)).slice(sentBefore);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('2 new listings for your search “Pharmacies”');
    expect(mails[0]!.html).toContain('Shifa pharmacy');
    expect(mails[0]!.html).toContain('Noor pharmacy');
    expect(mails[0]!.html).toContain('dir="ltr"');

    // Another match the same day waits for tomorrow's digest.
    await approvedListing({ nameAr: 'صيدلية الأمل', name: 'Amal pharmacy' });
    await t.app.jobs.runDue(later(60 * 60 * 1000));
    expect((await outboxOf(other)).slice(sentBefore)).toHaveLength(1);
    await t.app.jobs.runDue(later(24 * 60 * 60 * 1000));
    const next = (await outboxOf(other)).slice(sentBefore);
    expect(next).toHaveLength(2);
    expect(next[1]!.subject).toContain('Amal pharmacy');
    const [row] = (await other.client.get('/api/saved-searches')).json().data;
    expect(row).toMatchObject({ id: daily.id, newMatches: 3, lastNotifiedAt: expect.any(String) });
    expect((await other.client.post(`/api/saved-searches/${daily.id}/seen`)).statusCode).toBe(204);
    expect((await other.client.get('/api/saved-searches')).json().data[0].newMatches).toBe(0);
  });

  it('counts matches of an `off` search without a word to its owner, and respects the email switch', async () => {
    await removeSearchesOf(buyer);
    const off = await save(buyer, { q: 'مغسلة' }, 'off');
    const before = (await outboxOf(buyer)).length;
    const bellBefore = (await buyer.client.get('/api/notifications')).json().unreadCount;
    await approvedListing({ nameAr: 'مغسلة سيارات', name: 'Car wash' });
    expect((await outboxOf(buyer)).length).toBe(before);
    expect((await buyer.client.get('/api/notifications')).json().unreadCount).toBe(bellBefore);
    expect((await buyer.client.get('/api/saved-searches')).json().data[0]).toMatchObject({
      id: off.id,
      newMatches: 1,
    });

    const settings = {
      email: { offers: true, chat: true, moderation: true, savedSearches: false, accessRequests: true },
    };
    expect((await buyer.client.put('/api/users/me/notification-settings', settings)).json()).toEqual(
      settings,
    );
    await save(buyer, { q: 'مغسلة' }, 'instant');
    await approvedListing({ nameAr: 'مغسلة ملابس', name: 'Laundry' });
    expect((await outboxOf(buyer)).length).toBe(before);
    expect((await buyer.client.get('/api/notifications')).json().unreadCount).toBe(bellBefore + 1);
    await buyer.client.put('/api/users/me/notification-settings', {
      email: { ...settings.email, savedSearches: true },
    });
  });
});

describe('GET and POST /api/saved-searches/unsubscribe', () => {
  async function tokenFromAlert(user: TestUser) {
    const [last] = (await outboxOf(user)).slice(-1);
    const header = last!.headers!['List-Unsubscribe']!;
    return new URL(header.slice(1, -1)).searchParams.get('token')!;
  }

  it('switches that one search off from the email link, without signing in or a CSRF token', async () => {
    await removeSearchesOf(buyer);
    const first = await save(buyer, { q: 'حلويات' }, 'instant', 'Sweets');
    const second = await save(buyer, { q: 'حلويات' }, 'daily', 'Sweets daily');
    await approvedListing({ nameAr: 'حلويات الشام', name: 'Sham sweets' });
    const token = await tokenFromAlert(buyer);

    // RFC 8058: the mail provider posts a form with no cookie and no CSRF header.
    const oneClick = await t.app.inject({
      method: 'POST',
      url: `/api/saved-searches/unsubscribe?token=${encodeURIComponent(token)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.json().message).toMatch(/off/);
    const rows = Object.fromEntries(
      (await buyer.client.get('/api/saved-searches'))
        .json()
        .data.map((s: { id: number; frequency: string }) => [s.id, s.frequency]),
    );
    expect(rows).toEqual({ [first.id]: 'off', [second.id]: 'daily' });

    const again = await t.app.inject({
      method: 'GET',
      url: `/api/saved-searches/unsubscribe?token=${encodeURIComponent(token)}`,
    });
    expect(again.statusCode).toBe(200);
  });

  it('refuses forged or altered tokens, and the token signs nobody in', async () => {
    const search = await save(buyer, { q: 'ورد' }, 'instant', 'Flowers');
    const forged = `${search.id}.${'A'.repeat(43)}`;
    for (const token of [forged, 'abc', `${search.id}`, `99999999999.${'A'.repeat(43)}`]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/saved-searches/unsubscribe?token=${encodeURIComponent(token)}`,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('TOKEN_INVALID');
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/saved-searches/unsubscribe' })).statusCode).toBe(
      400,
    );
    const [row] = await t.app.db.select().from(savedSearches).where(eq(savedSearches.id, search.id));
    expect(row!.frequency).toBe('instant');

    await approvedListing({ nameAr: 'ورد الربيع', name: 'Spring flowers' });
    const token = await tokenFromAlert(buyer);
    const asBearer = await t.app.inject({
      method: 'GET',
      url: '/api/saved-searches',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(asBearer.statusCode).toBe(401);
  });
});
