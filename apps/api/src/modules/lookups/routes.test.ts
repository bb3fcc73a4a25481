import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  businessTypes,
  cities,
  companyAges,
  companySizes,
  regions,
  sharePercentages,
} from '../../db/schema/lookups';
import { createTestApp, TestClient, type TestApp } from '../../test/test-app';

let t: TestApp;
let client: TestClient;
let makkah: number;
let riyadh: number;

beforeAll(async () => {
  t = await createTestApp();
  client = new TestClient(t.app);
  const db = t.app.db;
  // Inserted out of display order: the answer must follow sortOrder, then id.
  [riyadh, makkah] = (
    await db
      .insert(regions)
      .values([
        { nameAr: 'الرياض', nameEn: 'Riyadh', sortOrder: 2 },
        { nameAr: 'مكة المكرمة', nameEn: 'Makkah', sortOrder: 1 },
        { nameAr: 'الشرقية', nameEn: 'Eastern Province', sortOrder: 2 },
      ])
      .returning({ id: regions.id })
  ).map((r) => r.id) as [number, number];
  await db.insert(cities).values([
    { nameAr: 'جدة', nameEn: 'Jeddah', sortOrder: 2, regionId: makkah },
    { nameAr: 'الرياض', nameEn: 'Riyadh', sortOrder: 1, regionId: riyadh },
    { nameAr: 'مكة', nameEn: 'Makkah', sortOrder: 1, regionId: makkah },
  ]);
  await db.insert(businessTypes).values([
    { nameAr: 'تقنية', nameEn: 'Tech', sortOrder: 5 },
    { nameAr: 'تجزئة', nameEn: 'Retail', sortOrder: 1 },
  ]);
  await db.insert(companyAges).values([{ nameAr: 'أقل من سنة', nameEn: 'Under a year' }]);
  await db.insert(companySizes).values([{ nameAr: 'صغيرة', nameEn: 'Small' }]);
  await db.insert(sharePercentages).values([
    { nameAr: '٥٠٪', nameEn: '50%', value: 50, sortOrder: 2 },
    { nameAr: '١٢٫٥٪', nameEn: '12.5%', value: 12.5, sortOrder: 1 },
  ]);
});
afterAll(async () => t.close());

describe('GET /api/admin/lookups/{kind}', () => {
  it('lists a kind in sortOrder then id order, with only the public fields, cacheable briefly', async () => {
    const res = await client.get('/api/admin/lookups/regions');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const { data } = res.json();
    expect(data.map((r: { nameEN: string }) => r.nameEN)).toEqual(['Makkah', 'Riyadh', 'Eastern Province']);
    expect(data[0]).toEqual({ id: makkah, nameAR: 'مكة المكرمة', nameEN: 'Makkah' });
  });

  it.each([
    ['business-types', ['Retail', 'Tech']],
    ['company-ages', ['Under a year']],
    ['company-sizes', ['Small']],
  ])('lists %s', async (kind, names) => {
    const res = await client.get(`/api/admin/lookups/${kind}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((r: { nameEN: string }) => r.nameEN)).toEqual(names);
  });

  it('gives cities their region and filters them by regionId', async () => {
    const all = (await client.get('/api/admin/lookups/cities')).json().data;
    expect(all.map((c: { nameEN: string }) => c.nameEN)).toEqual(['Riyadh', 'Makkah', 'Jeddah']);
    expect(all[0]).toEqual({ id: expect.any(Number), nameAR: 'الرياض', nameEN: 'Riyadh', regionId: riyadh });

    const inMakkah = (await client.get(`/api/admin/lookups/cities?regionId=${makkah}`)).json().data;
    expect(inMakkah.map((c: { nameEN: string }) => c.nameEN)).toEqual(['Makkah', 'Jeddah']);
    const none = await client.get('/api/admin/lookups/cities?regionId=999999');
    expect(none.json()).toEqual({ data: [] });
  });

  it('gives share percentages their numeric value', async () => {
    const { data } = (await client.get('/api/admin/lookups/share-percentages')).json();
    expect(data).toEqual([
      { id: expect.any(Number), nameAR: '١٢٫٥٪', nameEN: '12.5%', value: 12.5 },
      { id: expect.any(Number), nameAR: '٥٠٪', nameEN: '50%', value: 50 },
    ]);
  });

  it.each(['abc', '-1', '0', '1.5', '1e3x', ''])(
    'refuses regionId=%j with 400 on regionId',
    async (value) => {
      const res = await client.get(`/api/admin/lookups/cities?regionId=${value}`, {
        headers: { 'accept-language': 'en' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      expect(res.json().fields).toHaveProperty('regionId');
    },
  );

  it('refuses unknown query parameters', async () => {
    const res = await client.get('/api/admin/lookups/regions?regionId=1');
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty('regionId');
  });

  it.each(['countries', 'users', 'business_types', '..%2Fhealth'])(
    'answers 404 for the unknown kind %s',
    async (kind) => {
      const res = await client.get(`/api/admin/lookups/${kind}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    },
  );

  it('needs no sign-in, and a broken token does not get in the way', async () => {
    const res = await client.get('/api/admin/lookups/business-types', { token: 'not-a-jwt' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toHaveLength(2);
  });
});
