import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSse, type SseConnection } from '../test/sse-client';
import { startServerProcess, type ServerProcess } from '../test/server-process';
import { startRoundRobinProxy, type RoundRobinProxy } from './round-robin-proxy';
import {
  FAULT_ADMIN,
  approvedListing,
  createDatabase,
  faultServerEnv,
  newMember,
  signIn,
  terminateConnections,
  type Caller,
} from './support';

/**
 * Issue 10, the first fault: after a database restart live chat died silently (the LISTEN connection
 * was never re-opened). Two server processes on one PostgreSQL: a chat crosses between them, every
 * connection of the app is terminated, and within 5 s chat crosses again; the open stream is told to
 * resync, and no acknowledged message is lost or stored twice.
 */
const ADMIN = FAULT_ADMIN;
let database: Awaited<ReturnType<typeof createDatabase>>;
const servers: ServerProcess[] = [];
const streams: SseConnection[] = [];
let proxy: RoundRobinProxy;

beforeAll(async () => {
  database = await createDatabase();
  const env = faultServerEnv({ DATABASE_URL: database.url });
  // One after the other: the first one migrates.
  servers.push(await startServerProcess(env, { timeoutMs: 120_000 }));
  servers.push(await startServerProcess(env, { timeoutMs: 120_000 }));
  proxy = await startRoundRobinProxy(servers.map((server) => server.baseUrl));
}, 300_000);

afterAll(async () => {
  for (const stream of streams) stream.close();
  await proxy?.close();
  for (const server of servers) server.child.kill('SIGKILL');
  await database?.drop();
});

async function health(baseUrl: string) {
  const res = await fetch(`${baseUrl}/api/health`).catch(() => null);
  return res ? ((await res.json()) as { status: string; listener: string }) : null;
}

describe('the offers journey behind a round-robin balancer', () => {
  it('asks for a code, offers and shows the owner the offer, whichever process answers each step', async () => {
    const [a] = servers as [ServerProcess, ServerProcess];
    const admin = await signIn(proxy.baseUrl, ADMIN.email, ADMIN.password);
    const owner = await newMember(proxy.baseUrl, 'offer-owner');
    const investor = await newMember(proxy.baseUrl, 'offer-investor');
    const listingId = await approvedListing(owner, admin);
    const asked = await investor.post(`/api/opportunities/${listingId}/offers/code`, {
      email: investor.email,
    });
    expect(asked.status).toBe(200);
    const mail = await investor.get(`/api/dev/mail?to=${encodeURIComponent(investor.email!)}`);
    const subjects = (mail.body.messages as { subject: string }[]).map((m) => m.subject);
    const code = subjects.map((subject) => /(\d{4})$/.exec(subject)?.[1]).find(Boolean);
    expect(code, `code email among ${subjects.join(' / ')}`).toBeTruthy();
    const offered = await investor.post(`/api/opportunities/${listingId}/offers`, {
      name: 'مستثمر عبر الموازن',
      phone: '966551234567',
      email: investor.email,
      code,
      reasons: { wantsOffer: true, knowRegulations: false, moreFinancial: true, moreOperational: false },
      message: 'أرغب في تقديم عرض على هذه الفرصة بعد مراجعة البيانات المالية',
      amount: 400_000,
    });
    expect(offered.status, JSON.stringify(offered.body)).toBe(201);
    const received = await owner.get(`/api/opportunities/${listingId}/offers?page=1`);
    expect(received.status).toBe(200);
    expect((received.body.data as { name: string }[]).map((offer) => offer.name)).toContain(
      'مستثمر عبر الموازن',
    );
    // The steps really were spread over both processes.
    expect(new Set(proxy.routed).size).toBe(2);
    expect(proxy.routed).toContain(new URL(a.baseUrl).origin);
  });
});

describe('live chat across processes when the database drops every connection', () => {
  it('reconnects the listener, tells open streams to resync, and delivers again with nothing lost or doubled', async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const adminOnA = await signIn(a.baseUrl, ADMIN.email, ADMIN.password);
    const owner = await newMember(a.baseUrl, 'owner');
    const investor = await newMember(a.baseUrl, 'investor');
    const listingId = await approvedListing(owner, adminOnA);
    const chat = await investor.post('/api/chat', { opportunityId: listingId });
    expect([200, 201]).toContain(chat.status);
    const chatId = (chat.body.chat as { id: number }).id;

    // The owner's stream is held by process B; the investor writes through process A.
    const ownerStream = await openSse(`${b.baseUrl}/api/chat/stream?token=${owner.token}`);
    streams.push(ownerStream);
    expect(ownerStream.status).toBe(200);
    const acknowledged: number[] = [];
    const send = async (through: Caller, body: string) => {
      const res = await through.post(`/api/chat/${chatId}/messages`, { body });
      if (res.status === 201) acknowledged.push((res.body.message as { id: number }).id);
      return res.status;
    };
    expect(await send(investor, 'قبل الانقطاع')).toBe(201);
    const before = await ownerStream.next('new_message', 10_000);
    expect((before.data as { message: { body: string } }).message.body).toBe('قبل الانقطاع');

    // Watch B's health closely while every connection of the app is cut.
    const seen = new Set<string>();
    let watching = true;
    const watcher = (async () => {
      while (watching) {
        const state = await health(b.baseUrl);
        if (state) seen.add(state.listener);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    })();
    const cutAt = Date.now();
    expect(await terminateConnections(database.name)).toBeGreaterThan(0);
    // Writes go on during the outage; only the acknowledged ones count.
    const duringOutage = await Promise.all([0, 1, 2].map((i) => send(investor, `أثناء الانقطاع ${i}`)));

    // Within 5 s: the stream is told to resync and a new message crosses processes again.
    const resync = await ownerStream.next('resync', 5_000);
    expect(resync.receivedAt - cutAt).toBeLessThan(5_000);
    let crossed = false;
    while (!crossed && Date.now() - cutAt < 5_000) {
      expect(await send(investor, 'بعد الانقطاع')).toBe(201);
      crossed = await ownerStream
        .next('new_message', 1_000)
        .then((event) => (event.data as { message: { body: string } }).message.body === 'بعد الانقطاع')
        .catch(() => false);
    }
    expect(crossed, 'a message crossed processes within 5 s of the cut').toBe(true);
    watching = false;
    await watcher;
    expect(seen).toContain('reconnecting');
    // Each process reconnects on its own back-off; both are healthy again within 5 s of the cut.
    for (const server of [a, b]) {
      let listener = (await health(server.baseUrl))?.listener;
      while (listener !== 'ok' && Date.now() - cutAt < 5_000) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        listener = (await health(server.baseUrl))?.listener;
      }
      expect(listener, `listener of ${server.baseUrl} within 5 s of the cut`).toBe('ok');
    }
    expect(duringOutage.every((status) => status === 201 || status >= 500)).toBe(true);

    // What the owner refetches on resync: every acknowledged message, once.
    const messages = await owner.get(`/api/chat/${chatId}/messages?limit=50`);
    const ids = (messages.body.messages as { id: number }[]).map((m) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of acknowledged) expect(ids).toContain(id);
  });
});
