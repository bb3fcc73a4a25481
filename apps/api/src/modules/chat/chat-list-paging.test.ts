import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/rows';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createListing, createUser, type TestUser } from '../../test/factories';

/** GET /api/chat as a keyset list (issue [scale]): 76 chats, on both sides, walked a page at a time. */

let t: TestApp;
let me: TestUser;
let others: TestUser[];
let outsider: TestUser;

interface Page {
  chats: { id: number; updatedAt: string; lastMessage: { body: string } | null; unreadCount: number }[];
  nextCursor: string | null;
}

const page = async (user: TestUser, query = '') => {
  const res = await user.client.get(`/api/chat${query}`);
  expect(res.statusCode).toBe(200);
  return res.json() as Page;
};

/** Every chat of `me`, in the list's order, as the database has it now. */
async function expectedOrder(): Promise<number[]> {
  const found = rows<{ id: number }>(
    await t.app.db.execute(sql`SELECT id FROM chats WHERE investor_id = ${me.id} OR owner_id = ${me.id}
      ORDER BY updated_at DESC, id DESC`),
  );
  return found.map((row) => Number(row.id));
}

/** Walks the list from `cursor` to its end; `between` runs after each page. */
async function walk(limit: number, between?: (pageNumber: number) => Promise<void>) {
  const seen: number[] = [];
  let cursor: string | null = null;
  let pageNumber = 0;
  do {
    const query: string = `?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`;
    const body = await page(me, query);
    expect(body.chats.length).toBeLessThanOrEqual(limit);
    seen.push(...body.chats.map((chat) => chat.id));
    cursor = body.nextCursor;
    pageNumber += 1;
    await between?.(pageNumber);
  } while (cursor);
  return { seen, pages: pageNumber };
}

beforeAll(async () => {
  t = await createTestApp();
  me = await createUser(t.app, { username: 'many_chats' });
  outsider = await createUser(t.app, { username: 'few_chats' });
  others = [];
  for (let i = 0; i < 40; i++) others.push(await createUser(t.app));
  const mine = await createListing(t.app, me, { status: 'approved' });
  const theirs = await createListing(t.app, others[0]!, { status: 'approved' });
  const ids = `{${others.map((u) => u.id).join(',')}}`;
  // 40 chats as the investor, 35 as the owner; updated_at shared by threes, so ids break the ties.
  await t.app.db.execute(sql`
    INSERT INTO chats (opportunity_id, investor_id, owner_id, updated_at)
    SELECT ${theirs.id}, ${me.id}, o.id, now() - interval '1 minute' * (o.n / 3)
    FROM unnest(${ids}::int[]) WITH ORDINALITY AS o(id, n)`);
  await t.app.db.execute(sql`
    INSERT INTO chats (opportunity_id, investor_id, owner_id, updated_at)
    SELECT ${mine.id}, o.id, ${me.id}, now() - interval '1 minute' * ((o.n + 1) / 3) - interval '1.5 seconds'
    FROM unnest(${ids}::int[]) WITH ORDINALITY AS o(id, n) WHERE o.n <= 35`);
  await outsider.client.post('/api/chat', { opportunityId: mine.id });
});
afterAll(async () => t.close());

describe('GET /api/chat paging', () => {
  it('walks every chat exactly once, newest first, on both sides of a chat', async () => {
    const expected = await expectedOrder();
    // 76 chats of mine (one of them with the outsider, who started one on my listing).
    expect(expected).toHaveLength(76);
    const { seen, pages } = await walk(10);
    expect(seen).toEqual(expected);
    expect(pages).toBe(8);
  });

  it('sends 30 by default with the next cursor, and ends with a null cursor', async () => {
    const first = await page(me);
    expect(first.chats).toHaveLength(30);
    expect(first.nextCursor).toEqual(expect.any(String));
    const rest = await page(me, `?limit=50&cursor=${first.nextCursor}`);
    expect(rest.chats).toHaveLength(46);
    expect(rest.nextCursor).toBeNull();
  });

  it('does not send a chat again when a message moves it to the top mid-walk', async () => {
    const before = await expectedOrder();
    const laterChat = before[25]!; // on page 3 of 10
    const firstPageChat = before[2]!; // already seen
    const { seen } = await walk(10, async (pageNumber) => {
      if (pageNumber !== 1) return;
      for (const chatId of [laterChat, firstPageChat]) {
        const res = await me.client.post(`/api/chat/${chatId}/messages`, { body: 'still interested?' });
        expect(res.statusCode).toBe(201);
      }
    });
    expect(new Set(seen).size).toBe(seen.length);
    // The chat that moved up from page 3 was behind the walker when it moved: it is not in the walk.
    expect(seen).not.toContain(laterChat);
    expect(seen.filter((id) => id === firstPageChat)).toHaveLength(1);
    expect(seen).toHaveLength(before.length - 1);
    // The next walk starts with them, with their last message.
    const top = await page(me, '?limit=2');
    expect(top.chats.map((chat) => chat.id)).toEqual([firstPageChat, laterChat]);
    expect(top.chats[0]!.lastMessage).toMatchObject({ body: 'still interested?' });
  });

  it('refuses a limit over 50 or under 1, and a forged cursor, with 400 VALIDATION_FAILED', async () => {
    expect((await me.client.get('/api/chat?limit=50')).statusCode).toBe(200);
    const forged = [
      'not a cursor',
      'bm90LWpzb24',
      Buffer.from(JSON.stringify(['2026-12-01', 5])).toString('base64url'),
      Buffer.from(JSON.stringify(['2026-13-45T99:00:00.000000Z', 5])).toString('base64url'),
      Buffer.from(JSON.stringify([12345, 5])).toString('base64url'),
    ];
    for (const query of ['?limit=51', '?limit=0', '?limit=ten', ...forged.map((c) => `?cursor=${c}`)]) {
      const res = await me.client.get(`/api/chat${query.replaceAll(' ', '%20')}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
  });

  it("gives nothing of another user's list to one who replays their cursor", async () => {
    const mineFirst = await page(me, '?limit=5');
    const theirs = await page(outsider, `?cursor=${mineFirst.nextCursor}`);
    const outsiderChats = (await page(outsider)).chats.map((chat) => chat.id);
    expect(outsiderChats).toHaveLength(1);
    // The cursor only says "older than this moment": the outsider sees at most their own chats.
    for (const chat of theirs.chats) expect(outsiderChats).toContain(chat.id);
    expect(theirs.nextCursor).toBeNull();
  });

  it('counts unread over both sides without counting a chat twice', async () => {
    const [investorChat, ownerChat] = rows<{ id: number }>(
      await t.app.db.execute(sql`(SELECT id FROM chats WHERE investor_id = ${me.id} LIMIT 1)
        UNION ALL (SELECT id FROM chats WHERE owner_id = ${me.id} LIMIT 1)`),
    );
    await t.app.db.execute(sql`UPDATE chats SET investor_unread = 3 WHERE id = ${investorChat!.id}`);
    await t.app.db.execute(sql`UPDATE chats SET owner_unread = 4 WHERE id = ${ownerChat!.id}`);
    const res = await me.client.get('/api/chat/unread-count');
    expect(res.json()).toEqual({ unreadCount: 7 });
    const listed = (await walk(50)).seen.length;
    expect(listed).toBe((await expectedOrder()).length);
  });
});
