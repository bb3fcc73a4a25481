import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { opportunities } from '../../db/schema/opportunities';
import { BUSINESS_TYPE, CITY, REGION, seedLookups, validInput } from '../../test/opportunity-fixtures';
import { createTestApp, TestClient, type TestApp } from '../../test/test-app';
import { createListing, createUser, type TestUser } from '../../test/factories';

let t: TestApp;
let owner: TestUser;
let admin: TestUser;
let visitor: TestClient;
const ids: Record<string, number> = {};

async function setCreatedAt(id: number, iso: string) {
  await t.app.db
    .update(opportunities)
    .set({ createdAt: new Date(iso) })
    .where(eq(opportunities.id, id));
}

beforeAll(async () => {
  t = await createTestApp();
  await seedLookups(t.app);
  owner = await createUser(t.app);
  admin = await createUser(t.app, { role: 'admin' });
  visitor = new TestClient(t.app);
  ids.asia = (
    await createListing(t.app, owner, {
      name: 'Asia restaurant',
      nameAr: 'مطعم آسيا',
      descriptionAr: 'سلسلة مطاعم في مكة المكرمة قرب الحرم',
      type: 'buy',
      businessTypeId: BUSINESS_TYPE.food,
      regionId: REGION.makkah,
      cityId: CITY.makkah,
      requiredAmount: 300_000,
      approvedBy: admin,
    })
  ).id;
  ids.perfume = (
    await createListing(t.app, owner, {
      name: 'Online perfume store',
      nameAr: 'متجر إلكتروني للعطور',
      descriptionAr: 'متجر عطور يعمل في الرياض منذ خمس سنوات',
      businessTypeId: BUSINESS_TYPE.ecommerce,
      requiredAmount: 1_200_000,
      approvedBy: admin,
    })
  ).id;
  ids.jeddah = (
    await createListing(t.app, owner, {
      name: 'Burger restaurant in Jeddah',
      nameAr: 'مطعم برجر',
      description: 'Busy burger restaurant on the Corniche with delivery contracts.',
      businessTypeId: BUSINESS_TYPE.food,
      regionId: REGION.makkah,
      cityId: CITY.jeddah,
      requiredAmount: 900_000,
      approvedBy: admin,
    })
  ).id;
  ids.tech = (
    await createListing(t.app, owner, {
      name: 'Logistics software startup',
      nameAr: 'شركة تقنية ناشئة',
      businessTypeId: BUSINESS_TYPE.tech,
      requiredAmount: 2_000_000,
      approvedBy: admin,
    })
  ).id;
  ids.pendingAsia = (
    await createListing(t.app, owner, {
      nameAr: 'آسيا مطعم قيد المراجعة',
      regionId: REGION.makkah,
      cityId: CITY.makkah,
    })
  ).id;
  await setCreatedAt(ids.asia, '2025-01-01T00:00:00Z');
  await setCreatedAt(ids.perfume, '2025-02-01T00:00:00Z');
  await setCreatedAt(ids.jeddah, '2025-03-01T00:00:00Z');
  await setCreatedAt(ids.tech, '2025-04-01T00:00:00Z');
});
afterAll(async () => t.close());

async function search(query: string) {
  const res = await visitor.get(`/api/opportunities?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    data: Array<{ id: number }>;
    pagination: { page: number; pageSize: number; total: number; totalPages: number };
  };
}
const idsOf = (body: { data: Array<{ id: number }> }) => body.data.map((c) => c.id);

describe('GET /api/opportunities: text', () => {
  it.each([
    ['اسيا', 'asia'],
    ['آسيا', 'asia'],
    ['مكه', 'asia'],
    ['الكتروني', 'perfume'],
    ['إلكتروني العطور', 'perfume'],
    ['RESTAURANT jeddah', 'jeddah'],
    ['restaurants', 'jeddah'],
    ['المطاعم', 'asia'],
    ['برج', 'jeddah'],
  ])('finds %s', async (q, key) => {
    const body = await search(`q=${encodeURIComponent(q)}`);
    expect(idsOf(body)).toContain(ids[key]);
    expect(idsOf(body)).not.toContain(ids.pendingAsia);
  });

  it('requires every word to match', async () => {
    expect(idsOf(await search(`q=${encodeURIComponent('مطعم برجر')}`))).toEqual([ids.jeddah]);
    expect(idsOf(await search(`q=${encodeURIComponent('عطور برجر')}`))).toEqual([]);
  });

  it('treats wildcards and punctuation as separators and ignores one-letter words', async () => {
    expect(idsOf(await search(`q=${encodeURIComponent('مطعم%_')}`)).sort()).toEqual(
      [ids.asia, ids.jeddah].sort(),
    );
    expect(idsOf(await search('q=a%25b')).length).toBe(4);
    expect(idsOf(await search('q=%25%25%25')).length).toBe(4);
  });
});

describe('GET /api/opportunities: filters, sorts and pages', () => {
  it('filters by business type, region, city, type and amount range', async () => {
    expect(idsOf(await search(`businessTypeId=${BUSINESS_TYPE.food}`)).sort()).toEqual(
      [ids.asia, ids.jeddah].sort(),
    );
    expect(idsOf(await search(`regionId=${REGION.makkah}&cityId=${CITY.jeddah}`))).toEqual([ids.jeddah]);
    expect(idsOf(await search('type=buy'))).toEqual([ids.asia]);
    expect(idsOf(await search('minAmount=900000&maxAmount=1200000&sort=amount_asc'))).toEqual([
      ids.jeddah,
      ids.perfume,
    ]);
    expect(
      idsOf(await search(`q=${encodeURIComponent('مطعم')}&businessTypeId=8&regionId=2&sort=oldest`)),
    ).toEqual([ids.asia, ids.jeddah]);
    expect(idsOf(await search('businessTypeId=&regionId=&q=')).length).toBe(4);
  });

  it('sorts newest (default), oldest, by amount and by popularity', async () => {
    expect(idsOf(await search(''))).toEqual([ids.tech, ids.jeddah, ids.perfume, ids.asia]);
    expect(idsOf(await search('sort=oldest'))).toEqual([ids.asia, ids.perfume, ids.jeddah, ids.tech]);
    expect(idsOf(await search('sort=amount_desc'))).toEqual([ids.tech, ids.perfume, ids.jeddah, ids.asia]);
    // Tests run in any order and share these four listings: what one changes, it puts back.
    await t.app.db
      .update(opportunities)
      .set({ favoritesCount: sql`${opportunities.favoritesCount} + 50` })
      .where(eq(opportunities.id, ids.perfume!));
    try {
      expect(idsOf(await search('sort=popular'))[0]).toBe(ids.perfume);
    } finally {
      await t.app.db
        .update(opportunities)
        .set({ favoritesCount: sql`${opportunities.favoritesCount} - 50` })
        .where(eq(opportunities.id, ids.perfume!));
    }
  });

  it('pages, reports totals, and caps pageSize at 50', async () => {
    const page2 = await search('pageSize=3&page=2');
    expect(idsOf(page2)).toEqual([ids.asia]);
    expect(page2.pagination).toEqual({ page: 2, pageSize: 3, total: 4, totalPages: 2 });
    const beyond = await search('pageSize=3&page=9');
    expect(beyond.data).toEqual([]);
    expect(beyond.pagination.total).toBe(4);
    expect((await search('pageSize=500')).pagination.pageSize).toBe(50);
  });

  it('counts a newly approved or deleted listing in the totals at once', async () => {
    const before = (await search(`businessTypeId=${BUSINESS_TYPE.retail}`)).pagination.total;
    const id = (
      await createListing(t.app, owner, { businessTypeId: BUSINESS_TYPE.retail, approvedBy: admin })
    ).id;
    expect((await search(`businessTypeId=${BUSINESS_TYPE.retail}`)).pagination.total).toBe(before + 1);
    expect((await owner.client.delete(`/api/opportunities/${id}`)).statusCode).toBe(204);
    expect((await search(`businessTypeId=${BUSINESS_TYPE.retail}`)).pagination.total).toBe(before);
  });

  it('answers cards with lookups in both languages', async () => {
    const [card] = (await search(`q=${encodeURIComponent('اسيا')}`)).data as unknown as Array<
      Record<string, unknown>
    >;
    expect(card).toEqual({
      id: ids.asia,
      opportunityName: 'Asia restaurant',
      opportunityNameAr: 'مطعم آسيا',
      type: 'buy',
      offeredPercentage: 25,
      requiredAmount: 300000,
      logo: null,
      coverImage: null,
      businessType: { id: 8, nameAR: 'أغذية ومطاعم', nameEN: 'Food' },
      region: { id: 2, nameAR: 'منطقة مكة المكرمة', nameEN: 'Makkah Region' },
      city: { id: 3, nameAR: 'مكة المكرمة', nameEN: 'Makkah' },
      isVerified: false,
      createdAt: '2025-01-01T00:00:00.000Z',
      dealState: null,
    });
  });

  it.each([
    'sort=cheapest',
    'page=0',
    'pageSize=0',
    'businessTypeId=abc',
    'type=rent',
    'minAmount=10&maxAmount=5',
    'status=pending',
    `q=${'x'.repeat(101)}`,
  ])('refuses %s with 400', async (query) => {
    const res = await visitor.get(`/api/opportunities?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
  });
});

describe('GET /api/opportunities/top', () => {
  it('ranks approved listings by recent views, offers and bookmarks, at most 12', async () => {
    // The other tests search the four listings of beforeAll: the fillers and counts go away after.
    const extra: number[] = [];
    const counts = (perfumeFavorites: number, techOffers: number) =>
      Promise.all([
        t.app.db
          .update(opportunities)
          .set({ favoritesCount: perfumeFavorites })
          .where(eq(opportunities.id, ids.perfume!)),
        t.app.db
          .update(opportunities)
          .set({ offersCount: techOffers })
          .where(eq(opportunities.id, ids.tech!)),
      ]);
    try {
      for (let i = 0; i < 10; i++)
        extra.push(
          (await createListing(t.app, owner, { name: `Filler listing ${i}`, approvedBy: admin })).id,
        );
      const viewer = await createUser(t.app);
      for (let i = 0; i < 4; i++) await viewer.client.get(`/api/opportunities/${ids.jeddah}`);
      await counts(2, 2);
      t.app.opportunities.invalidatePublic();

      const res = await visitor.get('/api/opportunities/top');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      const top: number[] = res.json().opportunities.map((c: { id: number }) => c.id);
      expect(top).toHaveLength(12);
      // tech: 2 offers (10), perfume: 2 bookmarks (6), jeddah: 4 views (4); then newest first.
      expect(top.slice(0, 3)).toEqual([ids.tech, ids.perfume, ids.jeddah]);
      expect(top.slice(3)).toEqual(extra.slice().reverse().slice(0, 9));
      expect(top).not.toContain(ids.pendingAsia);
    } finally {
      for (const id of extra) await owner.client.delete(`/api/opportunities/${id}`);
      await counts(0, 0);
      t.app.opportunities.invalidatePublic();
    }
  });

  it('drops a listing at once when its owner edits it back to review', async () => {
    // A listing of its own: the other tests search the four of beforeAll, unchanged.
    const id = (await createListing(t.app, owner, { name: 'Top then review', approvedBy: admin })).id;
    t.app.opportunities.invalidatePublic();
    const topIds = async () =>
      (await visitor.get('/api/opportunities/top')).json().opportunities.map((c: { id: number }) => c.id);
    try {
      expect(await topIds()).toContain(id);
      const res = await owner.client.put(`/api/opportunities/${id}`, validInput({ name: 'Top then edited' }));
      expect(res.statusCode).toBe(200);
      expect(await topIds()).not.toContain(id);
    } finally {
      await owner.client.delete(`/api/opportunities/${id}`);
    }
  });
});
