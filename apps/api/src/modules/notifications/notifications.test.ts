import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema/mail';
import { listenOnSocket, openSse, type SseConnection } from '../../test/sse-client';
import { createTestApp, TestClient, type TestApp } from '../../test/test-app';
import { createListing, createOffer, createUser, type TestUser } from '../../test/factories';

let t: TestApp;
let socketPath: string;
let owner: TestUser;
let investor: TestUser;
let stranger: TestUser;
let admin: TestUser;
let clock = Date.now();
const later = (ms: number) => new Date((clock = Math.max(clock, Date.now()) + ms));
const MINUTE = 60 * 1000;
const open: SseConnection[] = [];

async function mailsTo(user: TestUser) {
  return t.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, user.email)).orderBy(desc(mailOutbox.id));
}
async function bell(user: TestUser, lang = 'ar') {
  return (await user.client.get('/api/notifications', { headers: { 'accept-language': lang } })).json();
}

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://safqa.example' });
  socketPath = await listenOnSocket(t.app);
});
// Fresh people for every test: a bell or an outbox another test filled would change the counts.
beforeEach(async () => {
  owner = await createUser(t.app);
  investor = await createUser(t.app, { language: 'en' });
  stranger = await createUser(t.app);
  admin = await createUser(t.app, { role: 'admin' });
});
afterAll(async () => {
  for (const connection of open) connection.close();
  await t.close();
});

describe('notifications of moderation', () => {
  it('tells the owner on the live stream, keeps it for the bell, and emails unless switched off', async () => {
    const stream = await openSse(
      `http://localhost/api/chat/stream?token=${encodeURIComponent(owner.token)}`,
      {
        socketPath,
      },
    );
    open.push(stream);
    const listing = await createListing(t.app, owner, { name: 'Bell test cafe' });
    expect((await admin.client.post(`/api/admin/opportunities/${listing.id}/approve`)).statusCode).toBe(200);

    const event = await stream.next('notification');
    expect(event.data).toEqual({
      notification: {
        id: expect.any(Number),
        type: 'moderation',
        title: 'نُشرت فرصتك',
        body: listing.nameAr,
        link: `/opportunities/${listing.id}`,
        readAt: null,
        createdAt: expect.any(String),
      },
      unreadCount: 1,
    });
    const inEnglish = await bell(owner, 'en');
    expect(inEnglish).toMatchObject({ unreadCount: 1, pagination: { total: 1 } });
    expect(inEnglish.data[0]).toMatchObject({ title: 'Your listing is published', body: 'Bell test cafe' });
    expect((await mailsTo(owner))[0]!.subject).toContain(listing.nameAr);

    const off = {
      email: { offers: true, chat: true, moderation: false, savedSearches: true, accessRequests: true },
    };
    expect((await owner.client.put('/api/users/me/notification-settings', off)).statusCode).toBe(200);
    const mailsBefore = (await mailsTo(owner)).length;
    const reason = 'The licence number does not match the commercial register.';
    await admin.client.post(`/api/admin/opportunities/${listing.id}/suspend`, { reason });
    expect((await mailsTo(owner)).length).toBe(mailsBefore);
    const [latest] = (await bell(owner)).data;
    expect(latest).toMatchObject({ type: 'moderation', title: 'أُوقفت فرصتك مؤقتًا', link: '/contact' });
    expect(latest.body).toContain(reason);
    await owner.client.put('/api/users/me/notification-settings', {
      email: { ...off.email, moderation: true },
    });
  });
});

describe('notifications of offers', () => {
  it('notifies the owner of an offer and the investor of the decision', async () => {
    const listing = await createListing(t.app, owner, { name: 'Offer bell bakery', status: 'approved' });
    await investor.client.post(`/api/opportunities/${listing.id}/offers/code`, { email: investor.email });
    const [codeMail] = await mailsTo(investor);
    const code = /(\d{4})$/.exec(codeMail!.subject)![1];
    const offer = await investor.client.post(`/api/opportunities/${listing.id}/offers`, {
      name: 'Khalid',
      phone: '0551234567',
      reasons: { wantsOffer: true },
      message: 'I would like to buy the whole business.',
      email: investor.email,
      code,
      amount: 450000,
    });
    expect(offer.statusCode).toBe(201);
    const [received] = (await bell(owner)).data;
    expect(received).toMatchObject({
      type: 'offer_received',
      title: `عرض جديد على «${listing.nameAr}»`,
      link: `/opportunities/${listing.id}`,
    });

    await owner.client.patch(`/api/offers/${offer.json().offer.id}`, { status: 'accepted' });
    const [decided] = (await bell(investor, 'en')).data;
    expect(decided).toMatchObject({
      type: 'offer_status',
      title: 'Your offer was accepted',
      link: '/profile/my-offers',
    });
  });
});

describe('reading notifications', () => {
  // The owner's listing approved and offered on (two notices), the investor's offer accepted (one).
  beforeEach(async () => {
    const listing = await createListing(t.app, owner);
    expect((await admin.client.post(`/api/admin/opportunities/${listing.id}/approve`)).statusCode).toBe(200);
    const offer = await createOffer(t.app, investor, listing.id);
    expect((await owner.client.patch(`/api/offers/${offer.id}`, { status: 'accepted' })).statusCode).toBe(
      200,
    );
  });

  it('marks the caller’s own as read, one or all, and never someone else’s', async () => {
    const mine = (await bell(owner)).data.map((n: { id: number }) => n.id);
    expect(mine.length).toBeGreaterThan(1);
    const theirs = (await bell(investor)).data.map((n: { id: number }) => n.id);

    const one = await owner.client.post('/api/notifications/read', { ids: [mine[0]] });
    expect(one.json().unreadCount).toBe(mine.length - 1);
    // Another user's ids are ignored: nothing of the investor's changes.
    expect((await stranger.client.post('/api/notifications/read', { ids: theirs })).json()).toEqual({
      unreadCount: 0,
    });
    expect((await bell(investor)).unreadCount).toBe(theirs.length);
    expect((await stranger.client.get('/api/notifications')).json().data).toEqual([]);

    const unreadOnly = (await owner.client.get('/api/notifications?unread=true')).json();
    expect(unreadOnly.data.map((n: { id: number }) => n.id)).not.toContain(mine[0]);
    expect((await owner.client.post('/api/notifications/read', {})).json()).toEqual({ unreadCount: 0 });
    expect((await bell(owner)).data.every((n: { readAt: string | null }) => n.readAt)).toBe(true);
  });

  it('marks all read when posted without any body (API.md: all when `ids` is absent)', async () => {
    const before = (await bell(investor)).unreadCount;
    expect(before).toBeGreaterThan(0);
    const res = await investor.client.post('/api/notifications/read');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ unreadCount: 0 });
  });

  it('refuses bad input and anonymous callers', async () => {
    expect((await owner.client.post('/api/notifications/read', { ids: ['x'] })).statusCode).toBe(400);
    expect((await owner.client.post('/api/notifications/read', { ids: [], all: true })).statusCode).toBe(400);
    expect((await owner.client.get('/api/notifications?unread=maybe')).statusCode).toBe(400);
    const bad = await owner.client.put('/api/users/me/notification-settings', { email: { offers: 'yes' } });
    expect(bad.statusCode).toBe(400);
    expect((await new TestClient(t.app).get('/api/notifications')).statusCode).toBe(401);
    expect((await new TestClient(t.app).get('/api/users/me/notification-settings')).statusCode).toBe(401);
    expect((await stranger.client.get('/api/users/me/notification-settings')).json()).toEqual({
      email: { offers: true, chat: true, moderation: true, savedSearches: true, accessRequests: true },
    });
  });
});

describe('email for a missed chat message', () => {
  async function chatWithMessage(body: string) {
    const listing = await createListing(t.app, owner, { status: 'approved' });
    const chatId = (await investor.client.post('/api/chat', { opportunityId: listing.id })).json().chat
      .id as number;
    expect((await investor.client.post(`/api/chat/${chatId}/messages`, { body })).statusCode).toBe(201);
    // Messages carry the database's clock, the jobs the test's (ahead of it): sent "now" for the jobs.
    await t.app.db.execute(
      sql`UPDATE chat_messages SET created_at = ${new Date(clock)} WHERE chat_id = ${chatId}`,
    );
    return chatId;
  }
  const missedMails = async () => (await mailsTo(owner)).filter((m) => m.subject.includes('رسائل لم تقرأها'));

  it('emails the recipient once, 15 minutes after a message nobody read, at most once an hour', async () => {
    const chatId = await chatWithMessage('Is the lease transferable?');
    await t.app.jobs.runDue(later(MINUTE));
    expect(await missedMails()).toHaveLength(0);
    await t.app.jobs.runDue(later(15 * MINUTE));
    const [mail] = await missedMails();
    expect(mail!.subject).toContain(investor.username);
    expect(mail!.text).toContain(`https://safqa.example/profile/chats/${chatId}`);
    expect((await bell(owner)).data[0]).toMatchObject({
      type: 'chat_missed',
      link: `/profile/chats/${chatId}`,
    });

    // More unread messages within the hour: no second email; after the hour, one more.
    await investor.client.post(`/api/chat/${chatId}/messages`, { body: 'Any news?' });
    await t.app.jobs.runDue(later(20 * MINUTE));
    expect(await missedMails()).toHaveLength(1);
    // Dated after the first email, on the jobs' clock.
    await t.app.db.execute(
      sql`UPDATE chat_messages SET created_at = ${new Date(clock)} WHERE chat_id = ${chatId} AND body = 'Any news?'`,
    );
    await t.app.jobs.runDue(later(45 * MINUTE));
    expect(await missedMails()).toHaveLength(2);
  });

  it('sends nothing when the message was read in time', async () => {
    const before = (await missedMails()).length;
    const chatId = await chatWithMessage('Can we meet on Sunday?');
    await t.app.jobs.runDue(later(5 * MINUTE));
    expect((await owner.client.post(`/api/chat/${chatId}/read`)).statusCode).toBe(200);
    await t.app.jobs.runDue(later(20 * MINUTE));
    await t.app.jobs.runDue(later(20 * MINUTE));
    expect(await missedMails()).toHaveLength(before);
  });
});
