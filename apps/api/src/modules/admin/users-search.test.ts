import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createUser, type TestUser } from '../../test/factories';

/**
 * The admin users list at scale (API.md "Admin", [scale]): fragment search of username, email and
 * phone with literal wildcards, the 3-character minimum, the page limit, the keyset walk and the
 * capped count.
 */

let t: TestApp;
let admin: TestUser;
const en = { headers: { 'accept-language': 'en' } };
const MINUTE = 60_000;
const base = Date.now() - 24 * 60 * MINUTE;

async function person(username: string, email: string, phoneNumber: string | null, minute: number) {
  return createUser(t.app, { username, email, phoneNumber, createdAt: new Date(base + minute * MINUTE) });
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.app, { role: 'admin', username: 'chief', createdAt: new Date(base) });
  await person('sara_q1', 'sara.q1@north.example', '966501234567', 1);
  await person('saraxq1', 'saraxq1@south.example', '966509999999', 2);
  await person('pct100%x', 'pct-a@south.example', null, 3);
  await person('pct1000x', 'pct-b@south.example', null, 4);
  await person('محمد العتيبي', 'mohammed@south.example', null, 5);
});
afterAll(async () => t.close());

const usernames = async (query: string) => {
  const res = await admin.client.get(`/api/admin/users?${query}`);
  expect(res.statusCode).toBe(200);
  return res.json().data.map((u: { username: string }) => u.username);
};
const q = (text: string) => `q=${encodeURIComponent(text)}`;

describe('GET /api/admin/users?q=', () => {
  it('finds a fragment of the username, the email (any case) or the phone', async () => {
    expect(await usernames(q('NORTH.EX'))).toEqual(['sara_q1']);
    expect(await usernames(q('Sara.Q1@North.Example'))).toEqual(['sara_q1']);
    expect(await usernames(q('العتيب'))).toEqual(['محمد العتيبي']);
    // A username in any case (its email does not hold the fragment).
    expect(await usernames(q('PCT1000'))).toEqual(['pct1000x']);
    expect(await usernames(q('south.example'))).toEqual(['محمد العتيبي', 'pct1000x', 'pct100%x', 'saraxq1']);
    // The phone as stored, as typed locally (05…), with spaces and + or in Arabic-Indic digits.
    expect(await usernames(q('5012345'))).toEqual(['sara_q1']);
    expect(await usernames(q('0509999'))).toEqual(['saraxq1']);
    expect(await usernames(q('+966 50 999'))).toEqual(['saraxq1']);
    expect(await usernames(q('٥٠١٢٣٤'))).toEqual(['sara_q1']);
  });

  it('matches % and _ literally', async () => {
    expect(await usernames(q('a_q'))).toEqual(['sara_q1']);
    expect(await usernames(q('00%'))).toEqual(['pct100%x']);
  });

  it('refuses fewer than 3 characters, in both languages', async () => {
    const ar = await admin.client.get(`/api/admin/users?${q(' ab ')}`);
    expect(ar.statusCode).toBe(400);
    expect(ar.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { q: 'يجب ألا يقل عن 3 أحرف' } });
    const english = await admin.client.get(`/api/admin/users?${q('ab')}`, en);
    expect(english.json()).toMatchObject({ fields: { q: 'Must be at least 3 characters' } });
    // Blank is no search at all.
    expect(await usernames(q('   '))).toEqual(await usernames(''));
  });
});

describe('GET /api/admin/users?cursor=', () => {
  it('walks every match once, newest first, while new users sign up', async () => {
    // Users sharing a created_at are ordered by id: none is lost or repeated at a page boundary.
    for (const n of [1, 2, 3, 4, 5, 6, 7]) {
      await person(`walker${n}`, `walker${n}@walk.example`, null, n < 5 ? 10 : 10 + n);
    }
    const all = (await admin.client.get('/api/admin/users?q=walker&pageSize=50'))
      .json()
      .data.map((u: { id: number }) => u.id);
    expect(all).toHaveLength(7);

    const seen: number[] = [];
    let cursor: string | null = null;
    let joined = 0;
    do {
      const url: string = `/api/admin/users?q=walker&pageSize=2${cursor ? `&cursor=${cursor}` : ''}`;
      const body = (await admin.client.get(url)).json();
      seen.push(...body.data.map((u: { id: number }) => u.id));
      cursor = body.pagination.nextCursor;
      // Someone matching signs up between two pages: newer than where the walk is, so not in it.
      await person(`walker-new${joined++}`, `new${joined}@walk.example`, null, 100);
    } while (cursor);
    expect(seen).toEqual(all);
    expect(joined).toBe(4);
  });

  it('refuses a forged cursor with 400', async () => {
    const forged = Buffer.from(JSON.stringify(['yesterday', 1])).toString('base64url');
    const res = await admin.client.get(`/api/admin/users?cursor=${forged}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { cursor: expect.any(String) } });
  });
});

describe('the count past 10,000', () => {
  it('stops at 10,000 with totalCapped, and counts exactly below', async () => {
    await t.app.db.execute(sql`
      INSERT INTO users (username, email, password_hash, role, created_at)
      SELECT 'bulk' || n, 'bulk' || n || '@bulk.example', 'x', 'owner', now() - interval '2 days'
      FROM generate_series(1, 10001) AS n`);
    const capped = (await admin.client.get(`/api/admin/users?${q('@bulk.example')}`)).json();
    expect(capped.pagination).toMatchObject({ total: 10_000, totalCapped: true, totalPages: 834 });
    expect(capped.data).toHaveLength(12);
    const exact = (await admin.client.get(`/api/admin/users?${q('bulk1000')}`)).json();
    // bulk1000 and bulk10000-bulk10001 (bulk1000@ and bulk10000@, bulk10001@).
    expect(exact.pagination).toEqual({
      page: 1,
      pageSize: 12,
      total: 3,
      totalPages: 1,
      nextCursor: null,
    });
  }, 60_000);
});
