import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createUser, type TestUser } from '../../test/factories';

/** GET /api/notifications walked by cursor (issue [scale]), and its bounded counts. */

let t: TestApp;
let user: TestUser;
let other: TestUser;

interface Answer {
  data: { id: number; readAt: string | null }[];
  pagination: { page: number; total: number; nextCursor: string | null; totalCapped?: boolean };
  unreadCount: number;
}

async function seed(userId: number, count: number, read = false) {
  await t.app.db.execute(sql`
    INSERT INTO notifications (user_id, type, title_ar, title_en, body_ar, body_en, link, read_at)
    SELECT ${userId}, 'moderation', 'عنوان ' || g, 'Title ' || g, 'نص', 'Body', '/profile', ${read ? sql`now()` : sql`NULL`}
    FROM generate_series(1, ${count}) AS g`);
}

async function list(who: TestUser, query: string): Promise<Answer> {
  const res = await who.client.get(`/api/notifications${query}`);
  expect(res.statusCode, query).toBe(200);
  return res.json() as Answer;
}

async function walk(who: TestUser, query: string, between?: () => Promise<void>) {
  const seen: number[] = [];
  let cursor: string | null = null;
  do {
    const answer = await list(who, `${query}${cursor ? `&cursor=${cursor}` : ''}`);
    seen.push(...answer.data.map((n) => n.id));
    cursor = answer.pagination.nextCursor;
    await between?.();
  } while (cursor);
  return seen;
}

beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(async () => {
  user = await createUser(t.app);
  other = await createUser(t.app);
});
afterAll(async () => t.close());

describe('GET /api/notifications by cursor', () => {
  it('walks every notification once, newest first, while new ones arrive', async () => {
    await seed(user.id, 30);
    await seed(other.id, 5);
    const ids = (await walk(user, '?pageSize=12', () => seed(user.id, 1))).slice();
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(30);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    // The three that arrived meanwhile are at the top of the next walk, not in the middle of this one.
    const fresh = await list(user, '?pageSize=3');
    expect(Math.min(...fresh.data.map((n) => n.id))).toBeGreaterThan(ids[0]!);
    expect(fresh.pagination.total).toBe(33);
  });

  it('walks the unread ones only, by cursor, with the read ones left out', async () => {
    await seed(user.id, 7, true);
    await seed(user.id, 14);
    const ids = await walk(user, '?unread=true&pageSize=5');
    expect(ids).toHaveLength(14);
    const first = await list(user, '?unread=true&pageSize=5');
    expect(first.data.every((n) => n.readAt === null)).toBe(true);
    expect(first.unreadCount).toBe(14);
  });

  it("refuses a forged cursor, and a replayed cursor of another user's shows only the caller's own", async () => {
    await seed(user.id, 6);
    await seed(other.id, 6);
    const forged = [
      'not%20a%20cursor',
      Buffer.from(JSON.stringify(['2026-12-01T00:00:00.000Z', 5])).toString('base64url'),
      Buffer.from('{"a":1}').toString('base64url'),
    ];
    for (const cursor of forged) {
      const res = await user.client.get(`/api/notifications?cursor=${cursor}`);
      expect(res.statusCode, cursor).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    const theirs = await list(other, '?pageSize=2');
    const mine = (await walk(user, '?pageSize=50')).slice();
    const replayed = await list(user, `?pageSize=50&cursor=${theirs.pagination.nextCursor}`);
    for (const n of replayed.data) expect(mine).toContain(n.id);
  });

  it('answers PAGE_TOO_DEEP past the 10,000th row and caps the total at 10,000', async () => {
    const deep = await user.client.get('/api/notifications?page=835&pageSize=12');
    expect(deep.statusCode).toBe(400);
    expect(deep.json().code).toBe('PAGE_TOO_DEEP');
    expect((await user.client.get('/api/notifications?page=834&pageSize=12')).statusCode).toBe(200);

    await seed(user.id, 10_001);
    const capped = await list(user, '?pageSize=1');
    expect(capped.pagination).toMatchObject({ total: 10_000, totalCapped: true });
    expect(capped.unreadCount).toBe(10_001);
    const exact = await list(other, '?pageSize=1');
    expect(exact.pagination.totalCapped).toBeUndefined();
  });
});
