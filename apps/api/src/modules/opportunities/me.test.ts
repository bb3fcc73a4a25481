import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { opportunities } from '../../db/schema/opportunities';
import { BUSINESS_TYPE, seedLookups } from '../../test/opportunity-fixtures';
import { createTestApp, TestClient, type TestApp } from '../../test/test-app';
import { createListing, createUser, type TestUser } from '../../test/factories';

let t: TestApp;
let owner: TestUser;
let investor: TestUser;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  await seedLookups(t.app);
});
// Fresh people for every test: a bookmark list must not hold another test's bookmarks.
beforeEach(async () => {
  owner = await createUser(t.app);
  investor = await createUser(t.app);
  admin = await createUser(t.app, { role: 'admin' });
});
afterAll(async () => t.close());

async function favoritesCount(id: number) {
  const [row] = await t.app.db.select().from(opportunities).where(eq(opportunities.id, id));
  return row!.favoritesCount;
}

describe('favorites', () => {
  it('bookmarks idempotently, keeps the counter exact, and lists bookmarks newest first', async () => {
    const a = (await createListing(t.app, owner, { name: 'First bookmarked', approvedBy: admin })).id;
    const b = (await createListing(t.app, owner, { name: 'Second bookmarked', approvedBy: admin })).id;
    expect((await investor.client.post(`/api/favorites/${a}`)).statusCode).toBe(204);
    expect((await investor.client.post(`/api/favorites/${a}`)).statusCode).toBe(204);
    expect((await investor.client.post(`/api/favorites/${b}`)).statusCode).toBe(204);
    expect(await favoritesCount(a)).toBe(1);

    const list = (await investor.client.get('/api/favorites')).json();
    expect(list.data.map((c: { id: number }) => c.id)).toEqual([b, a]);
    expect(list.pagination).toEqual({ page: 1, pageSize: 12, total: 2, totalPages: 1 });
    expect((await investor.client.get(`/api/opportunities/${a}`)).json().isFavorite).toBe(true);

    expect((await investor.client.delete(`/api/favorites/${a}`)).statusCode).toBe(204);
    expect((await investor.client.delete(`/api/favorites/${a}`)).statusCode).toBe(204);
    expect(await favoritesCount(a)).toBe(0);
    expect((await investor.client.get(`/api/opportunities/${a}`)).json().isFavorite).toBe(false);
  });

  it('keeps the counter exact under concurrent bookmarks of the same listing', async () => {
    const id = (await createListing(t.app, owner, { approvedBy: admin })).id;
    const users = await Promise.all([1, 2, 3].map(() => createUser(t.app)));
    await Promise.all(
      users.flatMap((u) => [u.client.post(`/api/favorites/${id}`), u.client.post(`/api/favorites/${id}`)]),
    );
    expect(await favoritesCount(id)).toBe(3);
  });

  it('bookmarks only approved listings, or your own, and needs a signed-in caller', async () => {
    const pending = (await createListing(t.app, owner)).id;
    expect((await investor.client.post(`/api/favorites/${pending}`)).statusCode).toBe(404);
    expect((await owner.client.post(`/api/favorites/${pending}`)).statusCode).toBe(204);
    expect((await investor.client.post('/api/favorites/999999')).statusCode).toBe(404);
    expect((await new TestClient(t.app).post(`/api/favorites/${pending}`)).statusCode).toBe(401);
    expect((await new TestClient(t.app).get('/api/favorites')).statusCode).toBe(401);
  });

  it('takes no body: an empty one is fine, fields or other JSON are refused with 400', async () => {
    const id = (await createListing(t.app, owner, { approvedBy: admin })).id;
    expect((await investor.client.post(`/api/favorites/${id}`, {})).statusCode).toBe(204);
    for (const body of [{ userId: owner.id }, [id], 'x']) {
      const res = await investor.client.post(`/api/favorites/${id}`, JSON.stringify(body), {
        headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
  });

  it('drops a bookmark from the list when the listing is no longer public', async () => {
    const id = (await createListing(t.app, owner, { approvedBy: admin })).id;
    await investor.client.post(`/api/favorites/${id}`);
    await t.app.opportunities.changeStatus(id, admin, 'suspended', 'Under investigation now');
    const list = (await investor.client.get('/api/favorites?pageSize=50')).json();
    expect(list.data.map((c: { id: number }) => c.id)).not.toContain(id);
  });
});

describe('GET /api/users/me/opportunities', () => {
  it('lists only the caller’s listings in every status, filters by status and sorts by offers', async () => {
    const seller = await createUser(t.app);
    const approved = (await createListing(t.app, seller, { name: 'Approved one', approvedBy: admin })).id;
    const rejected = (await createListing(t.app, seller, { name: 'Rejected one' })).id;
    await t.app.opportunities.changeStatus(rejected, admin, 'rejected', 'Missing the licence.');
    const pending = (await createListing(t.app, seller, { name: 'Pending one' })).id;
    await createListing(t.app, owner, { name: 'Someone else' });
    await t.app.db
      .update(opportunities)
      .set({ offersCount: 7, viewsCount: 40 })
      .where(eq(opportunities.id, approved));
    await t.app.db.update(opportunities).set({ offersCount: 2 }).where(eq(opportunities.id, rejected));

    const all = (await seller.client.get('/api/users/me/opportunities')).json();
    expect(all.data.map((c: { id: number }) => c.id)).toEqual([pending, rejected, approved]);
    expect(all.pagination.total).toBe(3);
    expect(all.data[1]).toMatchObject({
      status: 'rejected',
      rejectionReason: 'Missing the licence.',
      offersCount: 2,
    });
    expect(all.data[2]).toMatchObject({
      status: 'approved',
      rejectionReason: null,
      offersCount: 7,
      viewsCount: 40,
    });

    const byOffers = (await seller.client.get('/api/users/me/opportunities?sort=offers')).json();
    expect(byOffers.data.map((c: { id: number }) => c.id)).toEqual([approved, rejected, pending]);
    const oldest = (await seller.client.get('/api/users/me/opportunities?sort=oldest')).json();
    expect(oldest.data.map((c: { id: number }) => c.id)).toEqual([approved, rejected, pending]);
    const onlyPending = (await seller.client.get('/api/users/me/opportunities?status=pending')).json();
    expect(onlyPending.data.map((c: { id: number }) => c.id)).toEqual([pending]);
    expect((await seller.client.get('/api/users/me/opportunities?status=gone')).statusCode).toBe(400);
    expect((await new TestClient(t.app).get('/api/users/me/opportunities')).statusCode).toBe(401);
  });
});

describe('GET /api/opportunities/{id}/advisors', () => {
  it('lists verified advisors of the listing’s business type, or of ?businessTypeId=, sorted', async () => {
    const veteran = await createUser(t.app, {
      username: 'veteran',
      advisor: {
        bio: 'Twenty years advising restaurants.',
        experienceYears: 20,
        businessTypeIds: [BUSINESS_TYPE.food, BUSINESS_TYPE.retail],
      },
      createdAt: new Date('2024-01-01T00:00:00Z'),
    });
    const newcomer = await createUser(t.app, {
      username: 'newcomer',
      advisor: {
        bio: 'Food delivery specialist.',
        experienceYears: 3,
        businessTypeIds: [BUSINESS_TYPE.food],
      },
      createdAt: new Date('2025-06-01T00:00:00Z'),
    });
    const techie = await createUser(t.app, {
      username: 'techie',
      advisor: { bio: 'Software due diligence.', experienceYears: 8, businessTypeIds: [BUSINESS_TYPE.tech] },
    });
    await createUser(t.app, {
      username: 'unverified',
      verified: false,
      advisor: { bio: 'Not verified yet.', experienceYears: 30, businessTypeIds: [BUSINESS_TYPE.food] },
    });
    const id = (await createListing(t.app, owner, { businessTypeId: BUSINESS_TYPE.food, approvedBy: admin }))
      .id;

    const res = await investor.client.get(`/api/opportunities/${id}/advisors`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data.map((a: { id: number }) => a.id)).toEqual([veteran.id, newcomer.id]);
    expect(body.data[0]).toEqual({
      id: veteran.id,
      username: 'veteran',
      bio: 'Twenty years advising restaurants.',
      experienceYears: 20,
      businessTypes: [
        { id: 6, nameAR: 'تجزئة', nameEN: 'Retail' },
        { id: 8, nameAR: 'أغذية ومطاعم', nameEN: 'Food' },
      ],
    });
    const newest = (await investor.client.get(`/api/opportunities/${id}/advisors?sort=newest`)).json();
    expect(newest.data.map((a: { id: number }) => a.id)).toEqual([newcomer.id, veteran.id]);
    const tech = (await investor.client.get(`/api/opportunities/${id}/advisors?businessTypeId=7`)).json();
    expect(tech.data.map((a: { id: number }) => a.id)).toEqual([techie.id]);
    const paged = (await investor.client.get(`/api/opportunities/${id}/advisors?pageSize=1&page=2`)).json();
    expect(paged.data.map((a: { id: number }) => a.id)).toEqual([newcomer.id]);
    expect(paged.pagination).toEqual({ page: 2, pageSize: 1, total: 2, totalPages: 2 });
  });

  it('needs a signed-in caller and a listing they can see', async () => {
    const pending = (await createListing(t.app, owner)).id;
    expect((await new TestClient(t.app).get(`/api/opportunities/${pending}/advisors`)).statusCode).toBe(401);
    expect((await investor.client.get(`/api/opportunities/${pending}/advisors`)).statusCode).toBe(404);
    expect((await owner.client.get(`/api/opportunities/${pending}/advisors`)).statusCode).toBe(200);
    expect((await investor.client.get(`/api/opportunities/${pending}/advisors?sort=rating`)).statusCode).toBe(
      400,
    );
  });
});
