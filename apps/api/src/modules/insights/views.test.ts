import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { opportunityViewers } from '../../db/schema/data-room';
import { opportunities } from '../../db/schema/opportunities';
import { VISITOR_COOKIE } from '../../lib/viewer';
import { createApproved, createListing, createUser, seedLookups, type TestUser } from '../../test/opportunity-fixtures';
import { createTestApp, TestClient, type TestApp } from '../../test/test-app';

/** View counting (API.md "Insights"): once per viewer per listing per UTC day, never the owner or bots. */

let t: TestApp;
let owner: TestUser;
let member: TestUser;
let admin: TestUser;
let anonymous: TestClient;

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const visitorA = { [VISITOR_COOKIE]: 'visitorAAAAAAAAAAAAAAA' };
const visitorB = { [VISITOR_COOKIE]: 'visitorBBBBBBBBBBBBBBB' };

beforeAll(async () => {
  t = await createTestApp();
  await seedLookups(t.app);
  owner = await createUser(t.app);
  member = await createUser(t.app);
  admin = await createUser(t.app, { role: 'admin' });
  anonymous = new TestClient(t.app);
});
afterAll(async () => t.close());

async function viewersOf(id: number) {
  const rows = await t.app.db
    .select({ viewer: opportunityViewers.viewer, day: opportunityViewers.day })
    .from(opportunityViewers)
    .where(eq(opportunityViewers.opportunityId, id));
  return rows.map((r) => r.viewer).sort();
}
async function viewsCountOf(id: number) {
  const [row] = await t.app.db.select().from(opportunities).where(eq(opportunities.id, id));
  return row!.viewsCount;
}
async function dailyViewsOf(id: number) {
  const rows = await t.app.database.withSession((q) =>
    q<{ views: number }>('SELECT views FROM opportunity_daily_views WHERE opportunity_id = $1', [id]),
  );
  return rows.reduce((n, r) => n + Number(r.views), 0);
}
const view = (id: number, options: { client?: TestClient; cookies?: Record<string, string>; agent?: string } = {}) =>
  (options.client ?? anonymous).get(`/api/opportunities/${id}`, {
    cookies: options.cookies,
    headers: { 'user-agent': options.agent ?? BROWSER },
  });

describe('counting views of a listing', () => {
  it('counts a visitor and a signed-in user once each per day, however often they look', async () => {
    const id = await createApproved(t.app, owner, admin);
    for (let i = 0; i < 3; i++) {
      expect((await view(id, { cookies: visitorA })).statusCode).toBe(200);
      await view(id, { client: member.client });
    }
    await view(id, { cookies: visitorB });
    expect(await viewersOf(id)).toEqual([`u:${member.id}`, `v:${visitorA.vid}`, `v:${visitorB.vid}`].sort());
    // The listing's running total and the top list's daily row follow the same rule.
    expect(await viewsCountOf(id)).toBe(3);
    expect(await dailyViewsOf(id)).toBe(3);
    const row = await t.app.db.execute(sql`SELECT (now() AT TIME ZONE 'UTC')::date::text AS today`);
    const today = (row as unknown as { rows: { today: string }[] }).rows[0]!.today;
    const days = await t.app.db
      .select({ day: opportunityViewers.day })
      .from(opportunityViewers)
      .where(eq(opportunityViewers.opportunityId, id));
    expect(new Set(days.map((d) => d.day))).toEqual(new Set([today]));
  });

  it('does not count the owner or an admin', async () => {
    const id = await createApproved(t.app, owner, admin);
    await view(id, { client: owner.client });
    await view(id, { client: owner.client, cookies: visitorA });
    await view(id, { client: admin.client });
    expect(await viewersOf(id)).toEqual([]);
    expect(await viewsCountOf(id)).toBe(0);
  });

  it.each([
    ['Googlebot', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'],
    ['bingbot', 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)'],
    ['facebookexternalhit', 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)'],
    ['WhatsApp', 'WhatsApp/2.23.20.0'],
    ['Twitterbot', 'Twitterbot/1.0'],
    ['LinkedInBot', 'LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)'],
    ['Slackbot', 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)'],
    ['curl', 'curl/8.5.0'],
  ])('does not count a %s user agent, even with a cookie or a session', async (_name, agent) => {
    const id = await createApproved(t.app, owner, admin);
    const res = await view(id, { cookies: visitorA, agent });
    expect(res.statusCode).toBe(200);
    await view(id, { client: member.client, agent });
    expect(await viewersOf(id)).toEqual([]);
  });

  it('does not count a visitor without the cookie, and gives them one that counts next time', async () => {
    const id = await createApproved(t.app, owner, admin);
    const first = await view(id);
    expect(first.statusCode).toBe(200);
    expect(await viewersOf(id)).toEqual([]);
    const cookie = first.cookies.find((c) => c.name === VISITOR_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie!.maxAge).toBeGreaterThan(365 * 24 * 60 * 60);
    expect(cookie!.value).toMatch(/^[A-Za-z0-9_-]{22}$/);

    const second = await view(id, { cookies: { [VISITOR_COOKIE]: cookie!.value } });
    expect(second.cookies.find((c) => c.name === VISITOR_COOKIE)).toBeUndefined();
    expect(await viewersOf(id)).toEqual([`v:${cookie!.value}`]);
  });

  it('treats a forged or malformed cookie as no cookie', async () => {
    const id = await createApproved(t.app, owner, admin);
    for (const value of ['short', `${'x'.repeat(21)};`, 'u:1aaaaaaaaaaaaaaaaaaa', 'a'.repeat(200)]) {
      const res = await view(id, { cookies: { [VISITOR_COOKIE]: value } });
      expect(res.statusCode).toBe(200);
      expect(res.cookies.find((c) => c.name === VISITOR_COOKIE)).toBeDefined();
    }
    expect(await viewersOf(id)).toEqual([]);
  });

  it('does not give a crawler a cookie', async () => {
    const id = await createApproved(t.app, owner, admin);
    const res = await view(id, { agent: 'Mozilla/5.0 (compatible; Googlebot/2.1)' });
    expect(res.cookies.find((c) => c.name === VISITOR_COOKIE)).toBeUndefined();
  });

  it('does not count views of a listing that is not public (its owner and admins can open it)', async () => {
    const id = await createListing(owner);
    await view(id, { client: admin.client });
    expect((await view(id, { cookies: visitorA })).statusCode).toBe(404);
    expect(await viewersOf(id)).toEqual([]);
  });

  it('counts a server-rendered page view once for the visitor, not for the owner', async () => {
    const id = await createApproved(t.app, owner, admin);
    await t.app.opportunities.countPageView(id, `v:${visitorA.vid}`);
    await t.app.opportunities.countPageView(id, `v:${visitorA.vid}`);
    await view(id, { cookies: visitorA });
    await t.app.opportunities.countPageView(id, `u:${owner.id}`);
    expect(await viewersOf(id)).toEqual([`v:${visitorA.vid}`]);
    expect(await viewsCountOf(id)).toBe(1);
  });
});
