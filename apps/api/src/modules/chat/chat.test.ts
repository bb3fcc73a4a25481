import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, TestClient, type TestApp } from '../../test/test-app';
import { createListing, createUser, type TestUser } from '../../test/factories';

let t: TestApp;
let owner: TestUser;
let investor: TestUser;
let stranger: TestUser;
let admin: TestUser;
let opportunity: { id: number; name: string; nameAr: string };
let chatId: number;

beforeAll(async () => {
  t = await createTestApp();
});
// A fresh chat between fresh people for every test: counts and lists must not see another test's.
beforeEach(async () => {
  owner = await createUser(t.app, { username: 'owner_chat' });
  investor = await createUser(t.app, { username: 'investor_chat' });
  stranger = await createUser(t.app);
  admin = await createUser(t.app, { role: 'admin' });
  opportunity = await createListing(t.app, owner, { status: 'approved' });
  const res = await investor.client.post('/api/chat', { opportunityId: opportunity.id });
  expect(res.statusCode).toBe(201);
  chatId = res.json().chat.id;
});
afterAll(async () => t.close());

describe('POST /api/chat', () => {
  it('returns the same chat on a second start, with 200 instead of 201', async () => {
    const again = await investor.client.post('/api/chat', { opportunityId: opportunity.id });
    expect(again.statusCode).toBe(200);
    expect(again.json().chat).toMatchObject({
      id: chatId,
      opportunity: {
        id: opportunity.id,
        opportunityName: opportunity.name,
        opportunityNameAr: opportunity.nameAr,
      },
      otherUser: { id: owner.id, username: 'owner_chat' },
      lastMessage: null,
      unreadCount: 0,
    });
  });

  it('refuses the owner with 403 OWN_OPPORTUNITY', async () => {
    const res = await owner.client.post('/api/chat', { opportunityId: opportunity.id });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('OWN_OPPORTUNITY');
  });

  it('answers 404 for an unknown or unapproved opportunity, 400 for bad input, 401 signed out', async () => {
    const pending = await createListing(t.app, owner);
    expect((await investor.client.post('/api/chat', { opportunityId: pending.id })).statusCode).toBe(404);
    expect((await investor.client.post('/api/chat', { opportunityId: 999_999 })).statusCode).toBe(404);
    const bad = await investor.client.post('/api/chat', { opportunityId: opportunity.id, ownerId: 1 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { ownerId: expect.any(String) } });
    const missing = await investor.client.post('/api/chat', {});
    expect(missing.json().fields).toHaveProperty('opportunityId');
    const anonymous = await new TestClient(t.app).post('/api/chat', { opportunityId: opportunity.id });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('participants only', () => {
  const calls = (id: number) =>
    [
      (c: TestClient) => c.get(`/api/chat/${id}`),
      (c: TestClient) => c.get(`/api/chat/${id}/messages`),
      (c: TestClient) => c.post(`/api/chat/${id}/messages`, { body: 'hello there' }),
      (c: TestClient) => c.post(`/api/chat/${id}/read`),
    ] as const;

  it('answers 403 FORBIDDEN to anyone else, admins included, on every chat call', async () => {
    for (const call of calls(chatId)) {
      for (const outsider of [stranger, admin]) {
        const res = await call(outsider.client);
        expect(res.statusCode).toBe(403);
        expect(res.json().code).toBe('FORBIDDEN');
      }
    }
    const [list] = await Promise.all([stranger.client.get('/api/chat')]);
    expect(list.json().chats).toEqual([]);
  });

  it('answers 404 CHAT_NOT_FOUND for an unknown chat and 401 without a token', async () => {
    for (const call of calls(987_654)) {
      const res = await call(investor.client);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'CHAT_NOT_FOUND', message: 'المحادثة غير موجودة' });
    }
    for (const call of calls(chatId)) {
      expect((await call(new TestClient(t.app))).statusCode).toBe(401);
    }
  });
});

describe('messages, unread counts and read marks', () => {
  it('stores a trimmed body and refuses blank, too long or unknown fields with field errors', async () => {
    const sent = await investor.client.post(`/api/chat/${chatId}/messages`, {
      body: '  السلام عليكم\r\nهل الفرصة متاحة؟  ',
    });
    expect(sent.statusCode).toBe(201);
    expect(sent.json().message).toMatchObject({
      chatId,
      senderId: investor.id,
      body: 'السلام عليكم\nهل الفرصة متاحة؟',
      readAt: null,
    });
    const blank = await investor.client.post(`/api/chat/${chatId}/messages`, { body: ' \n\t ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fields.body).toBe('لا يمكن أن يكون فارغًا');
    const long = await investor.client.post(
      `/api/chat/${chatId}/messages`,
      { body: 'x'.repeat(2001) },
      { headers: { 'accept-language': 'en' } },
    );
    expect(long.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { body: 'Must be at most 2000 characters' },
    });
    const longest = await investor.client.post(`/api/chat/${chatId}/messages`, { body: 'ب'.repeat(2000) });
    expect(longest.statusCode).toBe(201);
    const extra = await investor.client.post(`/api/chat/${chatId}/messages`, {
      body: 'hi',
      senderId: owner.id,
    });
    expect(extra.statusCode).toBe(400);
    const wrongType = await investor.client.post(`/api/chat/${chatId}/messages`, { body: 42 });
    expect(wrongType.statusCode).toBe(400);
  });

  it("counts the recipient's unread messages and clears them on read", async () => {
    // Two unread messages from the investor, the last one the longest allowed.
    await investor.client.post(`/api/chat/${chatId}/messages`, { body: 'السلام عليكم' });
    await investor.client.post(`/api/chat/${chatId}/messages`, { body: 'ب'.repeat(2000) });
    const before = (await owner.client.get('/api/chat/unread-count')).json().unreadCount;
    expect(before).toBe(2);
    expect((await investor.client.get('/api/chat/unread-count')).json().unreadCount).toBe(0);

    const ownerList = (await owner.client.get('/api/chat')).json().chats;
    expect(ownerList).toHaveLength(1);
    expect(ownerList[0]).toMatchObject({
      id: chatId,
      otherUser: { id: investor.id, username: 'investor_chat' },
      lastMessage: { body: 'ب'.repeat(2000), senderId: investor.id },
      unreadCount: 2,
    });

    const read = await owner.client.post(`/api/chat/${chatId}/read`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ unreadCount: 0 });
    const history = (await investor.client.get(`/api/chat/${chatId}/messages`)).json().messages;
    expect(history.every((m: { readAt: string | null }) => m.readAt !== null)).toBe(true);
    expect((await owner.client.get(`/api/chat/${chatId}`)).json().chat.unreadCount).toBe(0);

    // The owner's reply is unread for the investor only, and their own messages stay read.
    await owner.client.post(`/api/chat/${chatId}/messages`, { body: 'أهلًا، نعم متاحة' });
    expect((await investor.client.get('/api/chat/unread-count')).json().unreadCount).toBe(1);
    expect((await owner.client.get('/api/chat/unread-count')).json().unreadCount).toBe(0);
    expect((await investor.client.post(`/api/chat/${chatId}/read`)).json()).toEqual({ unreadCount: 0 });
    // It takes no body: fields are refused like on every other route.
    const withFields = await investor.client.post(`/api/chat/${chatId}/read`, { upTo: 5 });
    expect(withFields.statusCode).toBe(400);
    expect(withFields.json().fields).toHaveProperty('upTo');
  });

  it('sums unread counts over several chats and lists the most recently active first', async () => {
    const second = await createListing(t.app, stranger, { status: 'approved' });
    const other = (await investor.client.post('/api/chat', { opportunityId: second.id })).json().chat.id;
    await stranger.client.post(`/api/chat/${other}/messages`, { body: 'one' });
    await owner.client.post(`/api/chat/${chatId}/messages`, { body: 'two' });
    await stranger.client.post(`/api/chat/${other}/messages`, { body: 'three' });
    expect((await investor.client.get('/api/chat/unread-count')).json().unreadCount).toBe(3);
    const list = (await investor.client.get('/api/chat')).json().chats;
    expect(list.map((c: { id: number }) => c.id)).toEqual([other, chatId]);
    expect(list.map((c: { unreadCount: number }) => c.unreadCount)).toEqual([2, 1]);
    expect(list[0].otherUser.id).toBe(stranger.id);
    expect((await investor.client.post(`/api/chat/${other}/read`)).json()).toEqual({ unreadCount: 1 });
  });

  it('pages history upward: newest first page, then older pages via before, each oldest first', async () => {
    const fresh = await createUser(t.app);
    const opp = await createListing(t.app, owner, { status: 'approved' });
    const id = (await fresh.client.post('/api/chat', { opportunityId: opp.id })).json().chat.id;
    for (let i = 1; i <= 7; i += 1) await fresh.client.post(`/api/chat/${id}/messages`, { body: `m${i}` });
    const page1 = (await fresh.client.get(`/api/chat/${id}/messages?limit=3`)).json().messages;
    expect(page1.map((m: { body: string }) => m.body)).toEqual(['m5', 'm6', 'm7']);
    const page2 = (await fresh.client.get(`/api/chat/${id}/messages?limit=3&before=${page1[0].id}`)).json()
      .messages;
    expect(page2.map((m: { body: string }) => m.body)).toEqual(['m2', 'm3', 'm4']);
    const page3 = (await fresh.client.get(`/api/chat/${id}/messages?limit=3&before=${page2[0].id}`)).json()
      .messages;
    expect(page3.map((m: { body: string }) => m.body)).toEqual(['m1']);
    const all = (await owner.client.get(`/api/chat/${id}/messages`)).json().messages;
    expect(all).toHaveLength(7);
    for (const query of ['limit=0', 'limit=101', 'before=abc', 'page=2']) {
      expect((await fresh.client.get(`/api/chat/${id}/messages?${query}`)).statusCode).toBe(400);
    }
    expect((await fresh.client.get('/api/chat/abc')).statusCode).toBe(400);
  });
});
