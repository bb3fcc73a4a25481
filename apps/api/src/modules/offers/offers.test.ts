import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { businessTypes } from '../../db/schema/lookups';
import { mailOutbox } from '../../db/schema/mail';
import { opportunities } from '../../db/schema/opportunities';
import { createTestApp, TestClient, type TestApp } from '../../test/test-app';
import { createListing, createOffer, createUser, type TestUser } from '../../test/factories';

let t: TestApp;
let owner: TestUser;
let investor: TestUser;
let stranger: TestUser;
let admin: TestUser;
let opportunityId: number;

beforeAll(async () => {
  t = await createTestApp();
});
// A fresh listing and fresh people for every test: pages and totals must not count another test's offers.
beforeEach(async () => {
  owner = await createUser(t.app);
  investor = await createUser(t.app, { language: 'en' });
  stranger = await createUser(t.app);
  admin = await createUser(t.app, { role: 'admin' });
  opportunityId = (await createListing(t.app, owner, { status: 'approved' })).id;
});
afterAll(async () => t.close());

describe('GET /api/opportunities/{id}/offers', () => {
  it('pages the offers received, newest first, for the owner and admins only', async () => {
    const first = await createOffer(t.app, investor, opportunityId, { amount: null });
    const second = await createOffer(t.app, stranger, opportunityId, { amount: 1_000 });
    const third = await createOffer(t.app, investor, opportunityId);

    const page1 = await owner.client.get(`/api/opportunities/${opportunityId}/offers?pageSize=2`);
    expect(page1.statusCode).toBe(200);
    expect(page1.json().pagination).toEqual({ page: 1, pageSize: 2, total: 3, totalPages: 2 });
    expect(page1.json().data.map((o: { id: number }) => o.id)).toEqual([third.id, second.id]);
    const page2 = (
      await owner.client.get(`/api/opportunities/${opportunityId}/offers?pageSize=2&page=2`)
    ).json();
    expect(page2.data.map((o: { id: number; amount: null }) => [o.id, o.amount])).toEqual([[first.id, null]]);

    const asAdmin = await admin.client.get(`/api/opportunities/${opportunityId}/offers`);
    expect(asAdmin.json().pagination.total).toBe(3);
    for (const outsider of [investor, stranger]) {
      const res = await outsider.client.get(`/api/opportunities/${opportunityId}/offers`);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
    expect((await owner.client.get('/api/opportunities/777777/offers')).statusCode).toBe(404);
    // API.md's paged lists: pageSize is capped at 50 (as on every other list), page from 1.
    const capped = await owner.client.get(`/api/opportunities/${opportunityId}/offers?pageSize=51`);
    expect(capped.statusCode).toBe(200);
    expect(capped.json().pagination).toMatchObject({ page: 1, pageSize: 50 });
    expect(
      (await owner.client.get(`/api/opportunities/${opportunityId}/offers?page=0`)).json().fields,
    ).toHaveProperty('page');
    expect((await new TestClient(t.app).get(`/api/opportunities/${opportunityId}/offers`)).statusCode).toBe(
      401,
    );
  });

  it('shows the owner of a suspended listing the offers it had', async () => {
    const other = await createListing(t.app, owner, { status: 'approved' });
    await createOffer(t.app, investor, other.id);
    await t.app.db.update(opportunities).set({ status: 'suspended' }).where(eq(opportunities.id, other.id));
    expect((await owner.client.get(`/api/opportunities/${other.id}/offers`)).json().pagination.total).toBe(1);
  });
});

describe('PATCH /api/offers/{offerId}', () => {
  it('lets the owner accept a new offer once, emails the investor, and refuses a change of mind', async () => {
    const made = await createOffer(t.app, investor, opportunityId);
    const accepted = await owner.client.patch(`/api/offers/${made.id}`, { status: 'accepted' });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().offer).toMatchObject({ id: made.id, status: 'accepted' });
    const [mail] = await t.app.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, made.email))
      .orderBy(desc(mailOutbox.id))
      .limit(1);
    expect(mail?.subject).toMatch(/^Your offer on “.+” was accepted$/);

    const again = await owner.client.patch(`/api/offers/${made.id}`, { status: 'accepted' });
    expect(again.statusCode).toBe(200);
    const change = await owner.client.patch(`/api/offers/${made.id}`, { status: 'declined' });
    expect(change.statusCode).toBe(409);
    expect(change.json().code).toBe('INVALID_STATUS_TRANSITION');

    const list = (await owner.client.get(`/api/opportunities/${opportunityId}/offers`)).json().data;
    expect(list.find((o: { id: number }) => o.id === made.id).status).toBe('accepted');
  });

  it('lets only the owner decide, and only to accepted or declined', async () => {
    const made = await createOffer(t.app, stranger, opportunityId);
    for (const outsider of [investor, stranger, admin]) {
      const res = await outsider.client.patch(`/api/offers/${made.id}`, { status: 'declined' });
      expect(res.statusCode).toBe(403);
    }
    for (const body of [{ status: 'new' }, { status: 'maybe' }, {}, { status: 'declined', extra: 'x' }]) {
      expect((await owner.client.patch(`/api/offers/${made.id}`, body)).statusCode).toBe(400);
    }
    expect((await owner.client.patch('/api/offers/999999', { status: 'declined' })).statusCode).toBe(404);
    const pastIntegers = await owner.client.patch('/api/offers/2147483648', { status: 'declined' });
    expect(pastIntegers.statusCode).toBe(400);
    expect(pastIntegers.json().fields).toHaveProperty('offerId');
    const declined = await owner.client.patch(`/api/offers/${made.id}`, { status: 'declined' });
    expect(declined.json().offer.status).toBe('declined');
  });
});

describe('GET /api/users/me/offers', () => {
  it("pages the caller's offers with their status and the opportunity card, newest first", async () => {
    const buyer = await createUser(t.app);
    const [tech] = await t.app.db
      .insert(businessTypes)
      .values({ nameAr: 'تقنية', nameEn: 'Tech' })
      .returning();
    const listing = await createListing(t.app, owner, {
      name: 'Bakery in Jeddah',
      status: 'approved',
      businessTypeId: tech!.id,
    });
    const older = await createOffer(t.app, buyer, opportunityId, { amount: 5_000 });
    const newer = await createOffer(t.app, buyer, listing.id);
    await owner.client.patch(`/api/offers/${older.id}`, { status: 'declined' });

    const res = await buyer.client.get('/api/users/me/offers?pageSize=1');
    expect(res.statusCode).toBe(200);
    expect(res.json().pagination).toEqual({ page: 1, pageSize: 1, total: 2, totalPages: 2 });
    const blankAndOver = await buyer.client.get('/api/users/me/offers?page=&pageSize=500');
    expect(blankAndOver.statusCode).toBe(200);
    expect(blankAndOver.json().pagination).toEqual({ page: 1, pageSize: 50, total: 2, totalPages: 1 });
    expect(res.json().data[0]).toMatchObject({
      id: newer.id,
      status: 'new',
      opportunity: {
        id: listing.id,
        opportunityName: 'Bakery in Jeddah',
        businessType: { id: expect.any(Number), nameAR: 'تقنية', nameEN: 'Tech' },
        city: { nameEN: 'Riyadh' },
      },
    });
    const second = (await buyer.client.get('/api/users/me/offers?pageSize=1&page=2')).json().data[0];
    expect(second).toMatchObject({
      id: older.id,
      status: 'declined',
      amount: 5_000,
      opportunity: { id: opportunityId },
    });

    expect((await admin.client.get('/api/users/me/offers')).json().pagination.total).toBe(0);
    expect((await new TestClient(t.app).get('/api/users/me/offers')).statusCode).toBe(401);
    expect((await buyer.client.get('/api/users/me/offers?sort=new')).statusCode).toBe(400);
  });
});
