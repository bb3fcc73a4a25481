import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { opportunities } from '../../db/schema/opportunities';
import { CITY, REGION, seedLookups, validInput } from '../../test/opportunity-fixtures';
import { issuedVisitor } from '../../test/visitors';
import { createTestApp, TestClient, type TestApp } from '../../test/test-app';
import { createListing, createUser, type TestUser } from '../../test/factories';

let t: TestApp;
let owner: TestUser;
let other: TestUser;
let admin: TestUser;
let anonymous: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  await seedLookups(t.app);
  owner = await createUser(t.app);
  other = await createUser(t.app);
  admin = await createUser(t.app, { role: 'admin' });
  anonymous = new TestClient(t.app);
});
afterAll(async () => t.close());

describe('POST /api/opportunities', () => {
  it('creates a pending listing, normalises the phone and email, and records who created it', async () => {
    const res = await owner.client.post('/api/opportunities', validInput());
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      status: 'pending',
      opportunityName: 'Specialty coffee roastery',
      contactPhone: '966551234567',
      contactEmail: 'owner@example.com',
      isOwner: true,
      isFavorite: false,
      financialsLocked: false,
      rejectionReason: null,
      businessType: { id: 8, nameAR: 'أغذية ومطاعم', nameEN: 'Food' },
      city: { id: CITY.riyadh, nameAR: 'الرياض', nameEN: 'Riyadh' },
      companyAge: { id: 2, nameAR: 'من سنة إلى ثلاث', nameEN: '1 to 3 years' },
      expectedYearProfitPercentage: 18.5,
      facilityFoundationDay: '2019-03-01',
    });
    const history = await t.app.opportunities.statusHistory(body.id);
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ fromStatus: null, toStatus: 'pending', changedBy: owner.id });
    const [row] = await t.app.db.select().from(opportunities).where(eq(opportunities.id, body.id));
    expect(row!.searchText).toContain('محمصه قهوه مختصه');
    expect(row!.submittedBy).toBe(owner.id);
  });

  it('requires a signed-in caller', async () => {
    const res = await anonymous.post('/api/opportunities', validInput());
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHENTICATED');
  });

  it.each([
    ['status', 'approved'],
    ['isVerified', true],
    ['submittedBy', 1],
    ['viewsCount', 1000],
    ['favoritesCount', 5],
    ['offersCount', 9],
    ['createdAt', '2020-01-01T00:00:00Z'],
    ['rejectionReason', 'none'],
  ])('refuses %s set by the caller (400, nothing stored)', async (field, value) => {
    const before = await t.app.db.$count(opportunities);
    const res = await owner.client.post('/api/opportunities', { ...validInput(), [field]: value });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { [field]: expect.any(String) } });
    expect(await t.app.db.$count(opportunities)).toBe(before);
  });

  it('applies the SPEC.md rules with messages in the request language', async () => {
    const res = await owner.client.post(
      '/api/opportunities',
      validInput({
        name: 'ab',
        descriptionAr: 'قصير',
        contactPhone: '12345',
        offeredPercentage: 150,
        requiredAmount: 0,
        facilityFoundationDay: '2999-01-01',
      }),
      { headers: { 'accept-language': 'en' } },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      name: 'Name must be at least 3 characters',
      descriptionAr: 'Description must be at least 10 characters',
      contactPhone: 'Phone must be a Saudi number such as 9665XXXXXXXX',
      offeredPercentage: 'Must be at most 100',
      requiredAmount: 'Must be at least 1',
      facilityFoundationDay: 'The date cannot be in the future',
    });
    const ar = await owner.client.post('/api/opportunities', validInput({ ebitda: undefined }));
    expect(ar.json().fields).toEqual({ ebitda: 'هذا الحقل مطلوب' });
  });

  it('refuses unknown lookups and a city outside the region', async () => {
    const res = await owner.client.post(
      '/api/opportunities',
      validInput({ businessTypeId: 999, regionId: REGION.riyadh, cityId: CITY.jeddah, companySizeId: 77 }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      businessTypeId: 'القيمة المختارة غير موجودة',
      cityId: 'المدينة لا تتبع المنطقة المختارة',
      companySizeId: 'القيمة المختارة غير موجودة',
    });
  });

  it('answers ids beyond the integer range with 400, never 500', async () => {
    expect((await anonymous.get('/api/opportunities/99999999999')).statusCode).toBe(400);
    const res = await owner.client.post('/api/opportunities', validInput({ businessTypeId: 2 ** 40 }));
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields)).toEqual(['businessTypeId']);
  });

  it('refuses more than five images or documents, and files the caller did not upload', async () => {
    const six = Array.from({ length: 6 }, (_, i) => `/uploads/images/2026/${i}.webp`);
    const tooMany = await owner.client.post('/api/opportunities', validInput({ images: six }));
    expect(tooMany.statusCode).toBe(400);
    expect(Object.keys(tooMany.json().fields)).toEqual(['images']);
    const foreign = await owner.client.post(
      '/api/opportunities',
      validInput({
        images: ['/uploads/images/2026/not-mine.webp'],
        documents: [{ url: '/api/files/docs/2026/x.pdf?expires=1&signature=x', name: 'x.pdf' }],
        logo: 'https://evil.example/logo.png',
      }),
    );
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().fields).toMatchObject({ 'images.0': expect.any(String) });
  });
});

describe('visibility of pending, rejected and approved listings', () => {
  it('hides pending and rejected listings from others (404) but shows them to the owner and admins', async () => {
    const pending = (await createListing(t.app, owner)).id;
    const rejected = (await createListing(t.app, owner)).id;
    await t.app.opportunities.changeStatus(rejected, admin, 'rejected', 'Photos are missing here.');
    for (const id of [pending, rejected]) {
      expect((await anonymous.get(`/api/opportunities/${id}`)).statusCode).toBe(404);
      expect((await other.client.get(`/api/opportunities/${id}`)).statusCode).toBe(404);
      expect((await owner.client.get(`/api/opportunities/${id}`)).statusCode).toBe(200);
      expect((await admin.client.get(`/api/opportunities/${id}`)).statusCode).toBe(200);
    }
    const mine = (await owner.client.get(`/api/opportunities/${rejected}`)).json();
    expect(mine).toMatchObject({ status: 'rejected', rejectionReason: 'Photos are missing here.' });
    const search = (await anonymous.get('/api/opportunities?pageSize=50')).json();
    expect(search.data.map((c: { id: number }) => c.id)).not.toContain(pending);
    expect(search.data.map((c: { id: number }) => c.id)).not.toContain(rejected);
    expect((await anonymous.get('/api/opportunities/999999')).statusCode).toBe(404);
  });

  it('sends anonymous callers no financials, documents or contact details', async () => {
    const id = (await createListing(t.app, owner, { approvedBy: admin })).id;
    const res = await anonymous.get(`/api/opportunities/${id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.financialsLocked).toBe(true);
    for (const key of [
      'ebitda',
      'yearlySales',
      'yearlyOperationalCost',
      'expectedYearProfitPercentage',
      'documents',
      'ownerId',
      'contactMemberName',
      'contactPhone',
      'contactEmail',
      'extraDetails',
      'rejectionReason',
    ]) {
      expect(body).not.toHaveProperty(key);
    }
    expect(res.body).not.toContain('966551234567');
    expect(res.body).not.toContain('180000');

    const signedIn = (await other.client.get(`/api/opportunities/${id}`)).json();
    expect(signedIn).toMatchObject({
      financialsLocked: false,
      ebitda: 180000,
      yearlySales: 1200000,
      contactPhone: '966551234567',
      documents: [],
      isOwner: false,
    });
    expect(signedIn).not.toHaveProperty('rejectionReason');
  });

  it('treats an invalid bearer token on the detail as signed out', async () => {
    const id = (await createListing(t.app, owner, { approvedBy: admin })).id;
    const res = await anonymous.get(`/api/opportunities/${id}`, { token: 'not-a-jwt' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).not.toHaveProperty('ebitda');
  });

  it('counts views of others once per viewer per day, not the owner’s (insights.test.ts has every rule)', async () => {
    const id = (await createListing(t.app, owner, { approvedBy: admin })).id;
    const visitor = await issuedVisitor(t.app);
    await anonymous.get(`/api/opportunities/${id}`, { cookies: visitor });
    await anonymous.get(`/api/opportunities/${id}`, { cookies: visitor });
    await other.client.get(`/api/opportunities/${id}`);
    await owner.client.get(`/api/opportunities/${id}`);
    const [row] = await t.app.db.select().from(opportunities).where(eq(opportunities.id, id));
    expect(row!.viewsCount).toBe(2);
    const daily = await t.app.database.withSession((q) =>
      q<{ views: number }>('SELECT views FROM opportunity_daily_views WHERE opportunity_id = $1', [id]),
    );
    expect(daily).toEqual([{ views: 2 }]);
  });
});

describe('PUT and DELETE /api/opportunities/{id}', () => {
  it('lets only the owner edit; an edit goes back to review and clears the rejection reason', async () => {
    const id = (await createListing(t.app, owner, { approvedBy: admin })).id;
    await t.app.opportunities.changeStatus(id, admin, 'rejected', 'Needs clearer financials.');
    expect((await other.client.put(`/api/opportunities/${id}`, validInput())).statusCode).toBe(404);
    expect((await admin.client.put(`/api/opportunities/${id}`, validInput())).statusCode).toBe(403);

    const res = await owner.client.put(`/api/opportunities/${id}`, validInput({ name: 'Roastery renamed' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'pending', rejectionReason: null, name: 'Roastery renamed' });
    const history = await t.app.opportunities.statusHistory(id);
    expect(history.map((h) => [h.fromStatus, h.toStatus, h.changedBy])).toEqual([
      [null, 'pending', owner.id],
      ['pending', 'approved', admin.id],
      ['approved', 'rejected', admin.id],
      ['rejected', 'pending', owner.id],
    ]);
    expect(history[2]!.reason).toBe('Needs clearer financials.');
  });

  it('answers 403 to another user editing or deleting an approved listing', async () => {
    const id = (await createListing(t.app, owner, { approvedBy: admin })).id;
    expect((await other.client.put(`/api/opportunities/${id}`, validInput())).statusCode).toBe(403);
    expect((await other.client.delete(`/api/opportunities/${id}`)).statusCode).toBe(403);
    expect((await anonymous.delete(`/api/opportunities/${id}`)).statusCode).toBe(401);
    expect((await owner.client.get(`/api/opportunities/${id}`)).json().status).toBe('approved');
  });

  it('refuses mass assignment on edit too', async () => {
    const id = (await createListing(t.app, owner)).id;
    const res = await owner.client.put(`/api/opportunities/${id}`, { ...validInput(), status: 'approved' });
    expect(res.statusCode).toBe(400);
    expect((await owner.client.get(`/api/opportunities/${id}`)).json().status).toBe('pending');
  });

  it('lets the owner and an admin delete (204), after which it is gone', async () => {
    const mine = (await createListing(t.app, owner)).id;
    const byAdmin = (await createListing(t.app, owner, { approvedBy: admin })).id;
    expect((await owner.client.delete(`/api/opportunities/${mine}`)).statusCode).toBe(204);
    expect((await admin.client.delete(`/api/opportunities/${byAdmin}`)).statusCode).toBe(204);
    expect((await owner.client.get(`/api/opportunities/${mine}`)).statusCode).toBe(404);
    expect((await admin.client.get(`/api/opportunities/${byAdmin}`)).statusCode).toBe(404);
  });
});
