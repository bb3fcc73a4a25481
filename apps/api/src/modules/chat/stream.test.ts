import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages } from '../../db/schema/chat';
import { NOTIFY_MAX_BYTES } from '../../plugins/sse-hub';
import { listenOnSocket, openSse, type SseConnection } from '../../test/sse-client';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createListing, createUser, shortLivedToken, type TestUser } from '../../test/factories';

let t: TestApp;
let socketPath: string;
const open: SseConnection[] = [];

/**
 * Fresh people and a fresh chat for each test: the tests run shuffled, and unread counts, stream
 * counts and the events a stream hears would otherwise include what an earlier test left.
 */
async function cast(): Promise<{ owner: TestUser; investor: TestUser; stranger: TestUser; chatId: number }> {
  const [owner, investor, stranger] = await Promise.all([
    createUser(t.app),
    createUser(t.app),
    createUser(t.app),
  ]);
  const opportunity = await createListing(t.app, owner, { status: 'approved' });
  const chatId = (await investor.client.post('/api/chat', { opportunityId: opportunity.id })).json().chat
    .id as number;
  return { owner, investor, stranger, chatId };
}

async function stream(token: string) {
  const connection = await openSse(`http://localhost/api/chat/stream?token=${encodeURIComponent(token)}`, {
    socketPath,
  });
  open.push(connection);
  return connection;
}

beforeAll(async () => {
  t = await createTestApp(
    {},
    { sse: { heartbeatMs: 150, maxStreamsPerUser: 2, maxStreamsPerAddress: 50, maxStreams: 10_000 } },
  );
  socketPath = await listenOnSocket(t.app);
});
afterAll(async () => {
  for (const connection of open) connection.close();
  await t.close();
});

describe('GET /api/chat/stream', () => {
  it('refuses a missing, forged or expired token with a JSON error before any event', async () => {
    const { owner } = await cast();
    // The token is the stream's credential (API.md): without one the caller is unauthenticated.
    const missing = await openSse('http://localhost/api/chat/stream', { socketPath });
    expect(missing.status).toBe(401);
    const blank = await stream('');
    expect(blank.status).toBe(401);
    expect(blank.body).toMatchObject({ code: 'UNAUTHENTICATED' });
    const forged = await stream('eyJhbGciOiJIUzI1NiJ9.e30.c2lnbmF0dXJl');
    expect(forged.status).toBe(401);
    expect(forged.body).toMatchObject({ code: 'UNAUTHENTICATED' });
    const expired = await stream(await shortLivedToken(t.app, owner.id, -5));
    expect(expired.status).toBe(401);
    expect(expired.body).toMatchObject({ code: 'TOKEN_EXPIRED' });
  });

  it('delivers new_message with the total unread count to the recipient only, after it is stored', async () => {
    const { owner, investor, stranger, chatId } = await cast();
    const ownerStream = await stream(owner.token);
    const investorStream = await stream(investor.token);
    const strangerStream = await stream(stranger.token);
    expect(ownerStream.status).toBe(200);

    let storedWhenAnnounced: boolean | undefined;
    ownerStream.onEvent = (event) => {
      if (event.event !== 'new_message') return;
      const id = (event.data as { message: { id: number } }).message.id;
      void t.app.db
        .select()
        .from(chatMessages)
        .where(eq(chatMessages.id, id))
        .then((rows) => (storedWhenAnnounced = rows.length === 1));
    };
    const sent = await investor.client.post(`/api/chat/${chatId}/messages`, { body: 'مرحبا' });
    const event = await ownerStream.next('new_message');
    expect(event.data).toEqual({ chatId, message: sent.json().message, unreadCount: 1 });
    await expect.poll(() => storedWhenAnnounced).toBe(true);

    await investor.client.post(`/api/chat/${chatId}/messages`, { body: 'second' });
    expect((await ownerStream.next('new_message')).data).toMatchObject({ unreadCount: 2 });

    // The owner reads: their stream hears the new total, the investor hears the read mark.
    await owner.client.post(`/api/chat/${chatId}/read`);
    expect((await ownerStream.next('unread_count_updated')).data).toEqual({ unreadCount: 0 });
    const readMark = await investorStream.next('messages_read');
    expect(readMark.data).toMatchObject({ chatId, readerId: owner.id, readAt: expect.any(String) });

    // Neither the sender nor an outsider heard any message.
    expect(investorStream.events.map((e) => e.event)).toEqual(['messages_read']);
    expect(strangerStream.events).toEqual([]);
    for (const connection of [ownerStream, investorStream, strangerStream]) connection.close();
  });

  it('sends a comment heartbeat', async () => {
    const { stranger } = await cast();
    const connection = await stream(stranger.token);
    await connection.waitForComments(3, 3000);
    connection.close();
  });

  it('closes the oldest stream when a user opens more than allowed', async () => {
    const { owner, investor, chatId } = await cast();
    const first = await stream(investor.token);
    const second = await stream(investor.token);
    const third = await stream(investor.token);
    expect((await first.next('close')).data).toEqual({ reason: 'too_many_streams' });
    await first.ended;
    await expect.poll(() => t.app.sseHub.count(investor.id)).toBe(2);
    await owner.client.post(`/api/chat/${chatId}/messages`, { body: 'to both tabs' });
    await second.next('new_message');
    await third.next('new_message');
    second.close();
    third.close();
  });

  it('sends close and ends the stream when the access token expires', async () => {
    const { stranger } = await cast();
    // Three seconds: long enough for the stream to open on a loaded machine, short enough to wait for.
    const connection = await stream(await shortLivedToken(t.app, stranger.id, 3));
    expect(connection.status).toBe(200);
    const close = await connection.next('close', 8000);
    expect(close.data).toEqual({ reason: 'token_expired' });
    await connection.ended;
    await expect.poll(() => t.app.sseHub.count(stranger.id)).toBe(0);
  });

  it('forgets streams whose client went away', async () => {
    const { stranger } = await cast();
    const connection = await stream(stranger.token);
    await expect.poll(() => t.app.sseHub.count(stranger.id)).toBe(1);
    connection.close();
    await expect.poll(() => t.app.sseHub.count(stranger.id)).toBe(0);
  });

  it('fits the largest possible new_message in one NOTIFY payload', async () => {
    const { investor, chatId } = await cast();
    // 2000 characters that each take 3 bytes in UTF-8, the worst a body can be after cleaning.
    const body = '\u20AC'.repeat(2000);
    const payload = JSON.stringify({
      u: [2_147_483_647],
      e: 'new_message',
      d: {
        chatId: 2_147_483_647,
        message: {
          id: Number.MAX_SAFE_INTEGER,
          chatId: 2_147_483_647,
          senderId: 2_147_483_647,
          body,
          createdAt: new Date().toISOString(),
          readAt: null,
        },
        unreadCount: 2_147_483_647,
      },
    });
    expect(Buffer.byteLength(payload)).toBeLessThan(NOTIFY_MAX_BYTES);
    const sent = await investor.client.post(`/api/chat/${chatId}/messages`, { body });
    expect(sent.statusCode).toBe(201);
  });

  it('counts unread messages of every chat of the recipient in the announced total', async () => {
    const { owner, investor, chatId } = await cast();
    const secondInvestor = await createUser(t.app);
    const otherListing = await createListing(t.app, owner, { status: 'approved' });
    const otherChatId = (
      await secondInvestor.client.post('/api/chat', { opportunityId: otherListing.id })
    ).json().chat.id as number;
    await owner.client.post(`/api/chat/${chatId}/read`);
    const ownerStream = await stream(owner.token);
    await investor.client.post(`/api/chat/${chatId}/messages`, { body: 'one' });
    expect((await ownerStream.next('new_message')).data).toMatchObject({ chatId, unreadCount: 1 });
    await secondInvestor.client.post(`/api/chat/${otherChatId}/messages`, { body: 'two' });
    expect((await ownerStream.next('new_message')).data).toMatchObject({
      chatId: otherChatId,
      unreadCount: 2,
    });
    await investor.client.post(`/api/chat/${chatId}/messages`, { body: 'three' });
    expect((await ownerStream.next('new_message')).data).toMatchObject({ chatId, unreadCount: 3 });
    expect((await owner.client.get('/api/chat/unread-count')).json()).toEqual({ unreadCount: 3 });
    await owner.client.post(`/api/chat/${chatId}/read`);
    await owner.client.post(`/api/chat/${otherChatId}/read`);
    ownerStream.close();
  });

  it('announces from a statement values only it knows, escaped, and only when it commits', async () => {
    const { stranger } = await cast();
    const strangerStream = await stream(stranger.token);
    expect(strangerStream.status).toBe(200);
    const announce = (data: ReturnType<typeof sql>) =>
      t.app.sseHub.announcementSql(sql`json_build_array(${stranger.id}::int)`, 'unread_count_updated', data);
    // Text that imitates the envelope, beside a number PostgreSQL computes in the same statement.
    const tricky = '"}, "unreadCount": 7, "u": [1]} \\" \u202E نص';
    const rolledBack = t.app.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT ${announce(sql`json_build_object('note', 'rolled back')`)}`);
      throw new Error('abort');
    });
    await expect(rolledBack).rejects.toThrow('abort');
    const { rows } = (await t.app.db.execute(
      sql`SELECT ${announce(sql`json_build_object('note', ${tricky}::text, 'unreadCount', 40 + 2)`)} AS sent`,
    )) as unknown as { rows: { sent: boolean }[] };
    expect(rows[0]!.sent).toBe(true);
    // The first event heard is the committed one: the rolled-back statement announced nothing.
    expect((await strangerStream.next('unread_count_updated')).data).toEqual({
      note: tricky,
      unreadCount: 42,
    });

    // Too large for NOTIFY: nothing is sent, and the statement itself still succeeds.
    const { rows: oversized } = (await t.app.db.execute(
      sql`SELECT ${announce(sql`json_build_object('note', repeat('x', ${NOTIFY_MAX_BYTES}))`)} AS sent`,
    )) as unknown as { rows: { sent: boolean }[] };
    expect(oversized[0]!.sent).toBe(false);
    await t.app.db.execute(sql`SELECT ${announce(sql`json_build_object('note', 'after')`)}`);
    expect((await strangerStream.next('unread_count_updated')).data).toEqual({ note: 'after' });
    strangerStream.close();
  });

  it('tells every stream to close when the server shuts down', async () => {
    const { owner } = await cast();
    // A second app (same database and key) shuts down, not the file's: the tests run in any order.
    const other = await createTestApp({ JWT_SECRET: t.config.jwtSecret }, {}, { database: t.database });
    const connection = await openSse(
      `http://localhost/api/chat/stream?token=${encodeURIComponent(owner.token)}`,
      { socketPath: await listenOnSocket(other.app) },
    );
    open.push(connection);
    await other.app.close();
    expect((await connection.next('close')).data).toEqual({ reason: 'shutdown' });
    await connection.ended;
    await other.close();
  });
});
