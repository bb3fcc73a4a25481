import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chats } from '../../db/schema/chat';
import { accessRequests } from '../../db/schema/data-room';
import { offers } from '../../db/schema/offers';
import { favorites, opportunityViewers } from '../../db/schema/opportunities';
import { seedLookups } from '../../test/opportunity-fixtures';
import { createTestApp, TestClient, type TestApp } from '../../test/test-app';
import { createListing, createUser, type TestUser } from '../../test/factories';

/** GET /api/opportunities/{id}/insights (API.md "Insights"): who may read it and what it counts. */

let t: TestApp;
let owner: TestUser;
let member: TestUser;
let investors: TestUser[];
let admin: TestUser;
let listingId: number;
let pendingId: number;

const DAY_MS = 24 * 60 * 60 * 1000;
/** The UTC day `n` days ago, as the API writes it (the server counts UTC days). */
const dayAgo = (n: number) => new Date(Date.now() - n * DAY_MS).toISOString().slice(0, 10);
/** An instant on that day (noon UTC), for created_at columns. */
const at = (n: number) => new Date(`${dayAgo(n)}T12:00:00Z`);

beforeAll(async () => {
  t = await createTestApp();
  await seedLookups(t.app);
  owner = await createUser(t.app);
  member = await createUser(t.app);
  admin = await createUser(t.app, { role: 'admin' });
  investors = await Promise.all([1, 2, 3].map(() => createUser(t.app)));
  listingId = (await createListing(t.app, owner, { approvedBy: admin })).id;
  pendingId = (await createListing(t.app, owner)).id;
  const [x, y, z] = investors as [TestUser, TestUser, TestUser];
  const db = t.app.db;
  // Views: 7 days → 3 viewer-days by 2 viewers; 30 → 4 by 3; 90 → 5 by 4 (one 120 days ago is outside).
  await db.insert(opportunityViewers).values(
    [
      [0, `u:${x.id}`],
      [0, 'v:aaaaaaaaaaaaaaaaaaaaaa'],
      [2, `u:${x.id}`],
      [10, 'v:bbbbbbbbbbbbbbbbbbbbbb'],
      [40, 'v:cccccccccccccccccccccc'],
      [120, 'v:dddddddddddddddddddddd'],
    ].map(([ago, viewer]) => ({
      opportunityId: listingId,
      day: dayAgo(ago as number),
      viewer: viewer as string,
    })),
  );
  await db.insert(favorites).values([
    { userId: x.id, opportunityId: listingId, createdAt: at(0) },
    { userId: y.id, opportunityId: listingId, createdAt: at(20) },
  ]);
  const offer = (user: TestUser, ago: number) => ({
    opportunityId: listingId,
    userId: user.id,
    name: 'Investor',
    phone: '966551234567',
    email: 'investor@example.test',
    reasons: { wantsOffer: true, knowRegulations: true, moreFinancial: false, moreOperational: false },
    message: 'Interested in this listing.',
    createdAt: at(ago),
  });
  await db.insert(offers).values([offer(x, 0), offer(y, 5), offer(z, 100)]);
  await db.insert(chats).values([
    { opportunityId: listingId, investorId: x.id, ownerId: owner.id, createdAt: at(1) },
    { opportunityId: listingId, investorId: y.id, ownerId: owner.id, createdAt: at(60) },
  ]);
  const request = (user: TestUser, ago: number) => ({
    opportunityId: listingId,
    requesterId: user.id,
    message: 'Please share the statements.',
    termsAcceptedAt: at(ago),
    createdAt: at(ago),
  });
  await db.insert(accessRequests).values([request(x, 0), request(y, 50)]);
  // Another listing's activity must not leak into this one's figures.
  const otherId = (await createListing(t.app, member, { approvedBy: admin })).id;
  await db.insert(opportunityViewers).values({ opportunityId: otherId, day: dayAgo(0), viewer: `u:${x.id}` });
  await db.insert(favorites).values({ userId: z.id, opportunityId: otherId, createdAt: at(0) });
});
afterAll(async () => t.close());

const insights = (client: TestClient, id: number, query = '') =>
  client.get(`/api/opportunities/${id}/insights${query}`);

describe('GET /api/opportunities/{id}/insights', () => {
  it.each([
    [7, { views: 3, uniqueViewers: 2, bookmarks: 1, offers: 2, chats: 1, accessRequests: 1, deals: 0 }],
    [30, { views: 4, uniqueViewers: 3, bookmarks: 2, offers: 2, chats: 1, accessRequests: 1, deals: 0 }],
    [90, { views: 5, uniqueViewers: 4, bookmarks: 2, offers: 2, chats: 2, accessRequests: 2, deals: 0 }],
  ])(
    'gives the owner the figures of the last %i UTC days, one zero-filled entry per day',
    async (days, totals) => {
      const res = await insights(owner.client, listingId, `?days=${days}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      const body = res.json();
      expect(body.totals).toEqual(totals);
      expect(body.byDay).toHaveLength(days);
      expect(body.byDay[0].date).toBe(dayAgo(days - 1));
      expect(body.byDay.at(-1)).toEqual({ date: dayAgo(0), views: 2, bookmarks: 1, offers: 1, chats: 0 });
      const byDate = new Map(body.byDay.map((d: { date: string }) => [d.date, d]));
      expect(byDate.get(dayAgo(1))).toEqual({ date: dayAgo(1), views: 0, bookmarks: 0, offers: 0, chats: 1 });
      expect(byDate.get(dayAgo(2))).toMatchObject({ views: 1 });
      expect(byDate.get(dayAgo(3))).toEqual({ date: dayAgo(3), views: 0, bookmarks: 0, offers: 0, chats: 0 });
    },
  );

  it('defaults to 30 days', async () => {
    const res = await insights(owner.client, listingId);
    expect(res.statusCode).toBe(200);
    expect(res.json().byDay).toHaveLength(30);
  });

  it('gives an admin the same figures', async () => {
    const res = await insights(admin.client, listingId, '?days=90');
    expect(res.statusCode).toBe(200);
    expect(res.json().totals.views).toBe(5);
  });

  it('answers another member 403 on a public listing and 404 on a hidden one', async () => {
    const res = await insights(member.client, listingId);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'FORBIDDEN' });
    expect(res.body).not.toContain('uniqueViewers');
    expect((await insights(member.client, pendingId)).statusCode).toBe(404);
    expect((await insights(owner.client, pendingId)).statusCode).toBe(200);
  });

  it('answers anonymous callers 401', async () => {
    const res = await insights(new TestClient(t.app), listingId);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it.each(['?days=8', '?days=0', '?days=abc', '?days=7.5', '?days=-30', '?days=30&x=1'])(
    'refuses %s with 400',
    async (query) => {
      const res = await insights(owner.client, listingId, query);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    },
  );

  it('answers 404 for a listing that does not exist and 400 for an id that cannot exist', async () => {
    expect((await insights(owner.client, 987_654)).statusCode).toBe(404);
    expect((await insights(owner.client, 0)).statusCode).toBe(400);
  });
});
