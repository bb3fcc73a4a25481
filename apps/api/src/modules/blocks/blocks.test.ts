import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema/mail';
import { createListing, createOffer, createUser, type TestUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.app, { role: 'admin' });
});
afterAll(async () => t.close());

/** An owner with an approved listing, an investor, and the chat between them holding one message each. */
async function chatting() {
  const owner = await createUser(t.app);
  const investor = await createUser(t.app);
  const listing = await createListing(t.app, owner, { approvedBy: admin });
  const started = await investor.client.post('/api/chat', { opportunityId: listing.id });
  const chatId = started.json().chat.id as number;
  await investor.client.post(`/api/chat/${chatId}/messages`, { body: 'Hello, is it still for sale?' });
  await owner.client.post(`/api/chat/${chatId}/messages`, { body: 'Yes it is.' });
  return { owner, investor, listing, chatId };
}

const block = (by: TestUser, id: number) => by.client.post(`/api/users/${id}/block`);
const unblock = (by: TestUser, id: number) => by.client.delete(`/api/users/${id}/block`);

describe('POST and DELETE /api/users/{id}/block, GET /api/users/me/blocks', () => {
  it('blocks once whatever the repeats, lists the block, and unblocks idempotently', async () => {
    const me = await createUser(t.app);
    const other = await createUser(t.app);
    expect((await block(me, other.id)).statusCode).toBe(204);
    expect((await block(me, other.id)).statusCode).toBe(204);
    const list = await me.client.get('/api/users/me/blocks');
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toEqual([
      { user: { id: other.id, username: other.username }, createdAt: expect.any(String) },
    ]);
    // The other side's list is their own.
    expect((await other.client.get('/api/users/me/blocks')).json().data).toEqual([]);
    expect((await unblock(me, other.id)).statusCode).toBe(204);
    expect((await unblock(me, other.id)).statusCode).toBe(204);
    expect((await me.client.get('/api/users/me/blocks')).json().data).toEqual([]);
  });

  it('refuses blocking yourself (400), an unknown user (404), a bad id (400) and anonymous callers (401)', async () => {
    const me = await createUser(t.app);
    expect((await block(me, me.id)).statusCode).toBe(400);
    expect((await block(me, 999_999)).statusCode).toBe(404);
    expect((await unblock(me, 999_999)).statusCode).toBe(404);
    expect((await me.client.post('/api/users/01/block')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/users/me/blocks' })).statusCode).toBe(401);
  });
});

describe('a blocked user', () => {
  it('cannot message the blocker (403 BLOCKED), while the blocker stops seeing the chat and their messages', async () => {
    const { owner, investor, chatId } = await chatting();
    await investor.client.post(`/api/chat/${chatId}/messages`, { body: 'Still there?' });
    expect((await owner.client.get('/api/chat/unread-count')).json().unreadCount).toBe(2);
    expect((await block(owner, investor.id)).statusCode).toBe(204);
    // Their unread messages no longer count in the blocker's badge.
    expect((await owner.client.get('/api/chat/unread-count')).json().unreadCount).toBe(0);

    const refused = await investor.client.post(`/api/chat/${chatId}/messages`, { body: 'Are you there?' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('BLOCKED');

    expect((await owner.client.get('/api/chat')).json().chats).toEqual([]);
    const history = (await owner.client.get(`/api/chat/${chatId}/messages`)).json().messages;
    expect(history.map((m: { body: string }) => m.body)).toEqual(['Yes it is.']);
    // The blocked user still sees the chat they were in.
    expect((await investor.client.get('/api/chat')).json().chats).toHaveLength(1);

    expect((await unblock(owner, investor.id)).statusCode).toBe(204);
    const again = await investor.client.post(`/api/chat/${chatId}/messages`, { body: 'Are you there?' });
    expect(again.statusCode).toBe(201);
    expect((await owner.client.get('/api/chat')).json().chats).toHaveLength(1);
    const restored = (await owner.client.get(`/api/chat/${chatId}/messages`)).json().messages;
    expect(restored).toHaveLength(4);
  });

  it('cannot start a chat on, offer on or ask for the documents of the blocker’s listings', async () => {
    const owner = await createUser(t.app);
    const blocked = await createUser(t.app);
    const listing = await createListing(t.app, owner, { approvedBy: admin });
    await block(owner, blocked.id);

    const chat = await blocked.client.post('/api/chat', { opportunityId: listing.id });
    expect([chat.statusCode, chat.json().code]).toEqual([403, 'BLOCKED']);
    const code = await blocked.client.post(`/api/opportunities/${listing.id}/offers/code`, {
      email: 'blocked@example.com',
    });
    expect([code.statusCode, code.json().code]).toEqual([403, 'BLOCKED']);
    const access = await blocked.client.post(`/api/opportunities/${listing.id}/access-requests`, {
      message: 'We are a fund looking at food businesses.',
      acceptTerms: true,
    });
    expect([access.statusCode, access.json().code]).toEqual([403, 'BLOCKED']);

    // Someone else is not affected, and unblocking lets the blocked user act again.
    const other = await createUser(t.app);
    await expect(createOffer(t.app, other, listing.id)).resolves.toMatchObject({ status: 'new' });
    await unblock(owner, blocked.id);
    await expect(createOffer(t.app, blocked, listing.id)).resolves.toMatchObject({ status: 'new' });
  });

  it('refuses the offer itself when the block came after the code was sent', async () => {
    const owner = await createUser(t.app);
    const investor = await createUser(t.app);
    const listing = await createListing(t.app, owner, { approvedBy: admin });
    const email = 'late-block@example.com';
    await investor.client.post(`/api/opportunities/${listing.id}/offers/code`, { email });
    const [mail] = await t.app.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, email))
      .orderBy(desc(mailOutbox.id))
      .limit(1);
    await block(owner, investor.id);
    const res = await investor.client.post(`/api/opportunities/${listing.id}/offers`, {
      name: 'Khalid',
      phone: '+966 50 123 4567',
      reasons: { knowRegulations: true },
      message: 'Interested in the full purchase of the business.',
      email,
      code: /(\d{4})$/.exec(mail!.subject)![1],
    });
    expect([res.statusCode, res.json().code]).toEqual([403, 'BLOCKED']);
  });
});
