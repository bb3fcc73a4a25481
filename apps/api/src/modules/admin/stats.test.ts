import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsEvents, errorLogs } from '../../db/schema/content';
import { opportunities } from '../../db/schema/opportunities';
import { offers } from '../../db/schema/offers';
import { seedLookups } from '../../test/opportunity-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createListing, createUser, type TestUser } from '../../test/factories';

let t: TestApp;
let admin: TestUser;

const DAY = 24 * 3600 * 1000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY);
const utcDay = (d: Date) => d.toISOString().slice(0, 10);
const countOn = (series: { date: string; count: number }[], date: Date) =>
  series.find((d) => d.date === utcDay(date))?.count;

beforeAll(async () => {
  t = await createTestApp();
  await seedLookups(t.app);
  admin = await createUser(t.app, { role: 'admin' });
  const owner = await createUser(t.app, { createdAt: daysAgo(3) });
  await createUser(t.app, { createdAt: daysAgo(40) });
  await createUser(t.app, {
    advisor: { bio: 'Twelve years of audits', experienceYears: 12, businessTypeIds: [1] },
  });
  const approved = (await createListing(t.app, owner, { approvedBy: admin })).id;
  await createListing(t.app, owner);
  const old = (await createListing(t.app, owner)).id;
  await t.app.db
    .update(opportunities)
    .set({ createdAt: daysAgo(5) })
    .where(eq(opportunities.id, old));
  await t.app.opportunities.changeStatus(old, admin, 'rejected', 'Copied from another listing');
  const investor = await createUser(t.app, { createdAt: daysAgo(40) });
  const reasons = { wantsOffer: true, knowRegulations: false, moreFinancial: false, moreOperational: false };
  await t.app.db.insert(offers).values(
    [1, 2, 3, 4].map((n) => ({
      opportunityId: approved,
      userId: investor.id,
      name: `Investor ${n}`,
      phone: '966512345678',
      email: `investor${n}@example.test`,
      reasons,
      message: 'Interested in the numbers of this listing.',
    })),
  );
  await t.app.db.insert(errorLogs).values([
    { message: 'open', endpoint: 'GET /x' },
    { message: 'open, last month', endpoint: 'GET /y', createdAt: daysAgo(60) },
    { message: 'closed', endpoint: 'GET /z', resolved: true },
  ]);
  const view = (path: string, createdAt: Date) => ({ name: 'page_view', path, createdAt });
  await t.app.db.insert(analyticsEvents).values([
    view('/', new Date()),
    view('/', new Date()),
    view('/search', new Date()),
    view('/search', daysAgo(1)),
    view('/', daysAgo(1)),
    view('/faq', daysAgo(29)),
    // Outside the 30 days, and an event that is not a page view.
    view('/contact', daysAgo(31)),
    { name: 'password_reset_request', path: '/forgot-password', createdAt: new Date() },
  ]);
});
afterAll(async () => t.close());

describe('GET /api/admin/stats', () => {
  it('counts users, listings by status, offers, chats and unresolved errors', async () => {
    const stats = (await admin.client.get('/api/admin/stats')).json();
    expect(stats.users).toEqual({ total: 5, admins: 1, advisors: 1 });
    expect(stats.opportunities).toEqual({ total: 3, pending: 1, approved: 1, suspended: 0, rejected: 1 });
    expect(stats.offers).toBe(4);
    expect(stats.chats).toBe(0);
    expect(stats.unresolvedErrors).toBe(2);
  });

  it('gives 30 days of page views, sign-ups and new listings, oldest first, ending today', async () => {
    const stats = (await admin.client.get('/api/admin/stats')).json();
    for (const series of [stats.pageViews, stats.signUps, stats.newListings]) {
      expect(series).toHaveLength(30);
      expect(series[0].date).toBe(utcDay(daysAgo(29)));
      expect(series.at(-1).date).toBe(utcDay(new Date()));
    }
    expect(countOn(stats.pageViews, new Date())).toBe(3);
    expect(countOn(stats.pageViews, daysAgo(1))).toBe(2);
    expect(countOn(stats.pageViews, daysAgo(29))).toBe(1);
    expect(stats.pageViews.reduce((s: number, d: { count: number }) => s + d.count, 0)).toBe(6);
    expect(countOn(stats.signUps, daysAgo(3))).toBe(1);
    expect(countOn(stats.signUps, new Date())).toBe(2);
    expect(countOn(stats.newListings, daysAgo(5))).toBe(1);
    expect(countOn(stats.newListings, new Date())).toBe(2);
  });

  it('ranks the most viewed pages of the 30 days', async () => {
    const stats = (await admin.client.get('/api/admin/stats')).json();
    expect(stats.topPages).toEqual([
      { path: '/', count: 3 },
      { path: '/search', count: 2 },
      { path: '/faq', count: 1 },
    ]);
  });
});
