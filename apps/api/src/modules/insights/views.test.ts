import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { opportunityViewers } from '../../db/schema/opportunities';
import { opportunities } from '../../db/schema/opportunities';
import { VIEWERS_PER_ADDRESS, VISITOR_COOKIE } from '../../lib/viewer';
import { issuedVisitor } from '../../test/visitors';
import { seedLookups } from '../../test/opportunity-fixtures';
import { createTestApp, TestClient, type TestApp } from '../../test/test-app';
import { createListing, createUser, type TestUser } from '../../test/factories';

/** View counting (API.md "Insights"): once per viewer per listing per UTC day, never the owner or bots. */

let t: TestApp;
let owner: TestUser;
let member: TestUser;
let admin: TestUser;
let anonymous: TestClient;

const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
/** Visitor cookies as the server issued them, and the viewer ids they stand for. */
let visitorA: Record<string, string>;
let visitorB: Record<string, string>;
const idOf = (cookies: Record<string, string>) => `v:${cookies[VISITOR_COOKIE]!.split('.')[0]}`;

beforeAll(async () => {
  t = await createTestApp();
  await seedLookups(t.app);
  owner = await createUser(t.app);
  member = await createUser(t.app);
  admin = await createUser(t.app, { role: 'admin' });
  anonymous = new TestClient(t.app);
  visitorA = await issuedVisitor(t.app);
  visitorB = await issuedVisitor(t.app);
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
const view = (
  id: number,
  options: { client?: TestClient; cookies?: Record<string, string>; agent?: string } = {},
) =>
  (options.client ?? anonymous).get(`/api/opportunities/${id}`, {
    cookies: options.cookies,
    headers: { 'user-agent': options.agent ?? BROWSER },
  });

describe('counting views of a listing', () => {
  it('counts a visitor and a signed-in user once each per day, however often they look', async () => {
    const id = (await createListing(t.app, owner, { approvedBy: admin })).id;
    for (let i = 0; i < 3; i++) {
      expect((await view(id, { cookies: visitorA })).statusCode).toBe(200);
      await view(id, { client: member.client });
    }
    await view(id, { cookies: visitorB });
    expect(await viewersOf(id)).toEqual([`u:${member.id}`, idOf(visitorA), idOf(visitorB)].sort());
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
    const id = (await createListing(t.app, owner, { approvedBy: admin })).id;
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
    const id = (await createListing(t.app, owner, { approvedBy: admin })).id;
    const res = await view(id, { cookies: visitorA, agent });
    expect(res.statusCode).toBe(200);
    await view(id, { client: member.client, agent });
    expect(await viewersOf(id)).toEqual([]);
  });

  it('does not count a visitor without the cookie, and gives them one that counts next time', async () => {
    const id = (await createListing(t.app, owner, { approvedBy: admin })).id;
    const first = await view(id);
    expect(first.statusCode).toBe(200);
    expect(await viewersOf(id)).toEqual([]);
    const cookie = first.cookies.find((c) => c.name === VISITOR_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie!.maxAge).toBeGreaterThan(365 * 24 * 60 * 60);
    expect(cookie!.value).toMatch(/^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/);

    const second = await view(id, { cookies: { [VISITOR_COOKIE]: cookie!.value } });
    expect(second.cookies.find((c) => c.name === VISITOR_COOKIE)).toBeUndefined();
    expect(await viewersOf(id)).toEqual([idOf({ [VISITOR_COOKIE]: cookie!.value })]);
  });

  it('treats a forged or malformed cookie as no cookie', async () => {
    const id = (await createListing(t.app, owner, { approvedBy: admin })).id;
    for (const value of ['short', `${'x'.repeat(21)};`, 'u:1aaaaaaaaaaaaaaaaaaa', 'a'.repeat(200)]) {
      const res = await view(id, { cookies: { [VISITOR_COOKIE]: value } });
      expect(res.statusCode).toBe(200);
      expect(res.cookies.find((c) => c.name === VISITOR_COOKIE)).toBeDefined();
    }
    expect(await viewersOf(id)).toEqual([]);
  });

  it('does not give a crawler a cookie', async () => {
    const id = (await createListing(t.app, owner, { approvedBy: admin })).id;
    const res = await view(id, { agent: 'Mozilla/5.0 (compatible; Googlebot/2.1)' });
    expect(res.cookies.find((c) => c.name === VISITOR_COOKIE)).toBeUndefined();
  });

  it('does not count views of a listing that is not public (its owner and admins can open it)', async () => {
    const id = (await createListing(t.app, owner)).id;
    await view(id, { client: admin.client });
    expect((await view(id, { cookies: visitorA })).statusCode).toBe(404);
    expect(await viewersOf(id)).toEqual([]);
  });

  it('counts a server-rendered page view once for the visitor, not for the owner', async () => {
    const id = (await createListing(t.app, owner, { approvedBy: admin })).id;
    const address = 'same-address-key';
    await t.app.opportunities.countPageView(id, { id: idOf(visitorA), address });
    await t.app.opportunities.countPageView(id, { id: idOf(visitorA), address });
    await view(id, { cookies: visitorA });
    await t.app.opportunities.countPageView(id, { id: `u:${owner.id}`, address });
    expect(await viewersOf(id)).toEqual([idOf(visitorA)]);
    expect(await viewsCountOf(id)).toBe(1);
  });
});

describe('views only a real visitor could produce', () => {
  const insightsOf = async (id: number) =>
    (await owner.client.get(`/api/opportunities/${id}/insights?days=7`)).json().totals as {
      views: number;
      uniqueViewers: number;
    };
  const from = (remoteAddress: string, id: number, cookies: Record<string, string>) =>
    t.app.inject({
      method: 'GET',
      url: `/api/opportunities/${id}`,
      cookies,
      headers: { 'user-agent': BROWSER },
      remoteAddress,
    });

  it('ignores made-up and altered visitor cookies, and answers each with a fresh signed one', async () => {
    const id = (await createListing(t.app, owner, { approvedBy: admin })).id;
    const real = visitorA[VISITOR_COOKIE]!;
    const [realId, realSignature] = real.split('.') as [string, string];
    const forged = [
      'visitorAAAAAAAAAAAAAAA', // the unsigned form of before
      `${'B'.repeat(22)}.${realSignature}`, // another id with a real signature
      `${realId}.${'A'.repeat(43)}`, // a real id with a made-up signature
      `${realId}.${realSignature.slice(0, 42)}`,
      ...Array.from({ length: 50 }, (_, i) => `${String(i).padStart(22, 'x')}.${'s'.repeat(43)}`),
    ];
    for (const value of forged) {
      const res = await view(id, { cookies: { [VISITOR_COOKIE]: value } });
      expect(res.statusCode).toBe(200);
      const fresh = res.cookies.find((c) => c.name === VISITOR_COOKIE);
      expect(fresh?.value).toMatch(/^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/);
      expect(fresh?.value).not.toBe(value);
    }
    expect(await viewersOf(id)).toEqual([]);
    expect(await viewsCountOf(id)).toBe(0);
    expect(await insightsOf(id)).toMatchObject({ views: 0, uniqueViewers: 0 });
  });

  it(`counts at most ${VIEWERS_PER_ADDRESS} signed viewers from one address per listing and day`, async () => {
    const id = (await createListing(t.app, owner, { approvedBy: admin })).id;
    const address = '203.0.113.7';
    const cookies = [];
    for (let i = 0; i < 50; i++) cookies.push(await issuedVisitor(t.app, address));
    for (const cookie of cookies) expect((await from(address, id, cookie)).statusCode).toBe(200);
    // Every figure follows the same bound: viewer rows, the running total, the top list's day, insights.
    expect(await viewersOf(id)).toHaveLength(VIEWERS_PER_ADDRESS);
    expect(await viewsCountOf(id)).toBe(VIEWERS_PER_ADDRESS);
    expect(await dailyViewsOf(id)).toBe(VIEWERS_PER_ADDRESS);
    expect(await insightsOf(id)).toMatchObject({
      views: VIEWERS_PER_ADDRESS,
      uniqueViewers: VIEWERS_PER_ADDRESS,
    });
    // One IPv6 client holds a /64: its addresses are one address.
    const v6 = (await createListing(t.app, owner, { approvedBy: admin })).id;
    for (let i = 1; i <= 10; i++) await from(`2001:db8:7:1::${i.toString(16)}`, v6, cookies[i]!);
    expect(await viewsCountOf(v6)).toBe(VIEWERS_PER_ADDRESS);
    // The same visitors from their own addresses all count (once each, however often).
    const other = (await createListing(t.app, owner, { approvedBy: admin })).id;
    for (let i = 0; i < 10; i++) {
      await from(`198.51.100.${i + 1}`, other, cookies[i]!);
      await from(`198.51.100.${i + 1}`, other, cookies[i]!);
    }
    expect(await viewsCountOf(other)).toBe(10);
  });

  it('keeps the top list in its order whatever one address does', async () => {
    const viewedBy = async (id: number, addresses: number) => {
      for (let i = 0; i < addresses; i++) {
        const address = `192.0.2.${i + 1}`;
        await from(address, id, await issuedVisitor(t.app, address));
      }
    };
    const first = (await createListing(t.app, owner, { name: 'Most viewed', approvedBy: admin })).id;
    const second = (await createListing(t.app, owner, { name: 'Second most viewed', approvedBy: admin })).id;
    await viewedBy(first, 8);
    await viewedBy(second, VIEWERS_PER_ADDRESS + 2);
    // The newest listing, with no views yet, and one machine with 60 cookies it collected.
    const pushed = (await createListing(t.app, owner, { name: 'Pushed listing', approvedBy: admin })).id;
    const attacker = '203.0.113.99';
    for (let i = 0; i < 60; i++) await from(attacker, pushed, await issuedVisitor(t.app, attacker));
    t.app.opportunities.invalidatePublic();

    const top: number[] = (await anonymous.get('/api/opportunities/top'))
      .json()
      .opportunities.map((c: { id: number }) => c.id);
    const rank = (id: number) => (top.includes(id) ? top.indexOf(id) : top.length);
    expect(rank(first)).toBeLessThan(rank(second));
    expect(rank(second)).toBeLessThan(rank(pushed));
    expect(await viewsCountOf(pushed)).toBe(VIEWERS_PER_ADDRESS);
  });
});

describe('the per-address counters', () => {
  it('are kept for today and yesterday only', async () => {
    const id = (await createListing(t.app, owner, { approvedBy: admin })).id;
    await t.app.database.withSession((q) =>
      q(
        `INSERT INTO opportunity_view_addresses (opportunity_id, day, address, viewers)
         SELECT $1, (now() AT TIME ZONE 'UTC')::date - d, 'address-' || d, 1 FROM generate_series(0, 3) AS d`,
        [id],
      ),
    );
    await t.app.jobs.runDue(new Date(Date.now() + 1000));
    const kept = await t.app.database.withSession((q) =>
      q<{ address: string }>(
        'SELECT address FROM opportunity_view_addresses WHERE opportunity_id = $1 ORDER BY address',
        [id],
      ),
    );
    expect(kept.map((r) => r.address)).toEqual(['address-0', 'address-1']);
  });
});
