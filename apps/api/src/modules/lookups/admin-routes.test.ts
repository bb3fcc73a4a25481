import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedLookups } from '../../test/opportunity-fixtures';
import { rowCounts } from '../../test/row-counts';
import { createTestApp, TestClient, type TestApp } from '../../test/test-app';
import { createListing, createUser, type TestUser } from '../../test/factories';

let t: TestApp;
let admin: TestUser;
let owner: TestUser;
let anonymous: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  await seedLookups(t.app);
  admin = await createUser(t.app, { role: 'admin' });
  owner = await createUser(t.app);
  anonymous = new TestClient(t.app);
});
afterAll(async () => t.close());

const en = { headers: { 'accept-language': 'en' } };

describe('POST /api/admin/lookups/{kind}', () => {
  it('adds a business type after the last one; the public list shows it at once', async () => {
    const res = await admin.client.post('/api/admin/lookups/business-types', {
      nameAR: '  تعليم  ',
      nameEN: 'Education',
    });
    expect(res.statusCode).toBe(201);
    const { data } = res.json();
    expect(data).toEqual({
      id: expect.any(Number),
      nameAR: 'تعليم',
      nameEN: 'Education',
      sortOrder: 9,
      usageCount: 0,
    });
    const list = (await anonymous.get('/api/admin/lookups/business-types')).json().data;
    expect(list.at(-1)).toEqual({ id: data.id, nameAR: 'تعليم', nameEN: 'Education' });
  });

  it('adds a city to a region and a share percentage with its value', async () => {
    const city = await admin.client.post('/api/admin/lookups/cities', {
      nameAR: 'الطائف',
      nameEN: 'Taif',
      regionId: 2,
      sortOrder: 5,
    });
    expect(city.statusCode).toBe(201);
    expect(city.json().data).toMatchObject({ nameEN: 'Taif', regionId: 2, sortOrder: 5 });
    const inMakkah = (await anonymous.get('/api/admin/lookups/cities?regionId=2')).json().data;
    expect(inMakkah.map((c: { nameEN: string }) => c.nameEN)).toContain('Taif');

    const share = await admin.client.post('/api/admin/lookups/share-percentages', {
      nameAR: '٢٥٪',
      nameEN: '25%',
      value: 25.5,
    });
    expect(share.json().data).toMatchObject({ nameEN: '25%', value: 25.5 });
  });

  it.each([
    ['no Arabic name', 'regions', { nameEN: 'North' }, 'nameAR', 'This field is required'],
    [
      'a blank English name',
      'regions',
      { nameAR: 'الشمال', nameEN: '   ' },
      'nameEN',
      'This field is required',
    ],
    [
      'a negative sort order',
      'regions',
      { nameAR: 'الشمال', nameEN: 'North', sortOrder: -1 },
      'sortOrder',
      'Must be at least 0',
    ],
    ['an unknown field', 'regions', { nameAR: 'الشمال', nameEN: 'North', id: 7 }, 'id', 'Field not allowed'],
    [
      'a city without region',
      'cities',
      { nameAR: 'تبوك', nameEN: 'Tabuk' },
      'regionId',
      'This field is required',
    ],
    [
      'a city of an unknown region',
      'cities',
      { nameAR: 'تبوك', nameEN: 'Tabuk', regionId: 999 },
      'regionId',
      'The chosen value does not exist',
    ],
    [
      'a region id on a plain kind',
      'company-ages',
      { nameAR: 'قديمة', nameEN: 'Old', regionId: 1 },
      'regionId',
      'Field not allowed',
    ],
    [
      'a share percentage without value',
      'share-percentages',
      { nameAR: 'x', nameEN: 'x' },
      'value',
      'This field is required',
    ],
    [
      'a share percentage over 100',
      'share-percentages',
      { nameAR: 'x', nameEN: 'x', value: 101 },
      'value',
      'Must be at most 100',
    ],
    [
      'a name already used (any case)',
      'business-types',
      { nameAR: 'جديد', nameEN: 'RETAIL' },
      'nameEN',
      'Another item already has this name',
    ],
    [
      'an Arabic name already used',
      'business-types',
      { nameAR: 'تقنية', nameEN: 'Tech two' },
      'nameAR',
      'Another item already has this name',
    ],
    [
      'a name over 100 characters',
      'regions',
      { nameAR: 'ا'.repeat(101), nameEN: 'North' },
      'nameAR',
      'Must be at most 100 characters',
    ],
  ])('refuses %s with 400 and writes nothing', async (_label, kind, body, field, message) => {
    const before = await rowCounts(t.app.db);
    const res = await admin.client.post(`/api/admin/lookups/${kind}`, body, en);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { [field]: message } });
    expect(await rowCounts(t.app.db)).toEqual(before);
  });

  it('allows the same city name in another region', async () => {
    const res = await admin.client.post('/api/admin/lookups/cities', {
      nameAR: 'جدة',
      nameEN: 'Jeddah',
      regionId: 3,
    });
    expect(res.statusCode).toBe(201);
  });

  it('answers 404 for an unknown kind', async () => {
    expect(
      (await admin.client.post('/api/admin/lookups/countries', { nameAR: 'س', nameEN: 'S' })).statusCode,
    ).toBe(404);
  });
});

describe('PUT /api/admin/lookups/{kind}/{id}', () => {
  it('renames an item and moves it; without sortOrder the position stays', async () => {
    const res = await admin.client.put('/api/admin/lookups/company-sizes/2', {
      nameAR: 'متوسطة الحجم',
      nameEN: 'Mid-sized',
      sortOrder: 0,
    });
    expect(res.json().data).toMatchObject({ id: 2, nameEN: 'Mid-sized', sortOrder: 0 });
    const again = await admin.client.put('/api/admin/lookups/company-sizes/2', {
      nameAR: 'متوسطة',
      nameEN: 'Medium',
    });
    expect(again.json().data).toMatchObject({ nameEN: 'Medium', sortOrder: 0 });
    const list = (await anonymous.get('/api/admin/lookups/company-sizes')).json().data;
    expect(list.map((s: { id: number }) => s.id)).toEqual([1, 2]);
  });

  it('keeps an item’s own name (no clash with itself) and refuses another item’s', async () => {
    expect(
      (
        await admin.client.put('/api/admin/lookups/regions/1', {
          nameAR: 'منطقة الرياض',
          nameEN: 'riyadh region',
        })
      ).statusCode,
    ).toBe(200);
    const clash = await admin.client.put(
      '/api/admin/lookups/regions/1',
      { nameAR: 'الرياض ٢', nameEN: 'Eastern Province' },
      en,
    );
    expect(clash.json().fields).toEqual({ nameEN: 'Another item already has this name' });
  });

  it('moves a city to another region', async () => {
    const res = await admin.client.put('/api/admin/lookups/cities/4', {
      nameAR: 'الدمام',
      nameEN: 'Dammam',
      regionId: 1,
    });
    expect(res.json().data.regionId).toBe(1);
    await admin.client.put('/api/admin/lookups/cities/4', {
      nameAR: 'الدمام',
      nameEN: 'Dammam',
      regionId: 3,
    });
  });

  it('answers 404 for a missing item and 400 for a bad id', async () => {
    expect(
      (await admin.client.put('/api/admin/lookups/regions/999', { nameAR: 'س', nameEN: 'S' })).statusCode,
    ).toBe(404);
    expect(
      (await admin.client.put('/api/admin/lookups/regions/x', { nameAR: 'س', nameEN: 'S' })).statusCode,
    ).toBe(400);
  });

  it('answers 400 on regionId for a region id past PostgreSQL integers, never 500', async () => {
    const city = { nameAR: 'أبها', nameEN: 'Abha', regionId: 2_147_483_648 };
    for (const res of [
      await admin.client.post('/api/admin/lookups/cities', city),
      await admin.client.put('/api/admin/lookups/cities/1', city),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: { regionId: expect.any(String) },
      });
    }
  });
});

describe('DELETE /api/admin/lookups/{kind}/{id}', () => {
  it('refuses with 409 IN_USE while a listing, an advisor or a city refers to the item', async () => {
    await createListing(t.app, owner, {
      businessTypeId: 7,
      regionId: 1,
      cityId: 1,
      companyAgeId: 1,
      companySizeId: 1,
    });
    await createUser(t.app, {
      advisor: { bio: 'Ten years in retail', experienceYears: 10, businessTypeIds: [6] },
    });
    const before = await rowCounts(t.app.db);
    for (const url of [
      '/api/admin/lookups/business-types/7',
      // Only an advisor's expertise refers to it.
      '/api/admin/lookups/business-types/6',
      '/api/admin/lookups/regions/1',
      '/api/admin/lookups/cities/1',
      '/api/admin/lookups/company-ages/1',
      '/api/admin/lookups/company-sizes/1',
      // No listing in region 3, but a city still belongs to it.
      '/api/admin/lookups/regions/3',
    ]) {
      const res = await admin.client.delete(url, en);
      expect(res.statusCode, url).toBe(409);
      expect(res.json()).toEqual({ code: 'IN_USE', message: expect.stringMatching(/in use|used/i) });
    }
    expect(await rowCounts(t.app.db)).toEqual(before);
  });

  it('shows an admin how many rows use each item, and hides that from everyone else', async () => {
    // Its own listing in Riyadh: the one of the IN_USE test may not exist yet (the tests run shuffled).
    await createListing(t.app, owner, { regionId: 1, cityId: 1 });
    const asAdmin = await admin.client.get('/api/admin/lookups/regions');
    expect(asAdmin.headers['cache-control']).toBe('private, no-store');
    expect(asAdmin.headers.vary).toContain('Authorization');
    const riyadh = asAdmin.json().data.find((r: { id: number }) => r.id === 1);
    // Its city, and the listing this test made.
    expect(riyadh.usageCount).toBeGreaterThanOrEqual(2);
    const asOwner = await owner.client.get('/api/admin/lookups/regions');
    expect(asOwner.headers['cache-control']).toBe('public, max-age=60');
    expect(Object.keys(asOwner.json().data[0]).sort()).toEqual(['id', 'nameAR', 'nameEN']);
  });

  it('deletes an unused item, then answers 404', async () => {
    const created = await admin.client.post('/api/admin/lookups/company-ages', {
      nameAR: 'مؤقت',
      nameEN: 'Temporary',
    });
    const id = created.json().data.id as number;
    expect((await admin.client.delete(`/api/admin/lookups/company-ages/${id}`)).statusCode).toBe(204);
    expect((await admin.client.delete(`/api/admin/lookups/company-ages/${id}`)).statusCode).toBe(404);
    const list = (await anonymous.get('/api/admin/lookups/company-ages')).json().data;
    expect(list.map((a: { id: number }) => a.id)).not.toContain(id);
  });
});
