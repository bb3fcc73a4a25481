import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { openDatabase, type Database } from '../../db/client';
import { migrate } from '../../db/migrate';
import { httpClient, startServerProcess, type ServerProcess } from '../../test/server-process';
import { listenOnSocket, openSse, type SseConnection } from '../../test/sse-client';
import { openTestDatabase } from '../../test/test-app';
import { createListing, createUser } from '../../test/factories';

/**
 * Streams held by one server process must hear messages sent through another. With a PostgreSQL
 * server (TEST_DATABASE_URL, as in CI) this starts two real server processes on one database. On
 * embedded PGlite, which one process owns, it runs two app instances on one database: neither
 * instance hands events to the other in memory, so a delivery proves the LISTEN/NOTIFY path.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const portBase = Number(process.env.TEST_PORT_BASE ?? 0);
const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
});

function appConfig(dataDir: string, jwtSecret: string) {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    CAPTCHA_PROVIDER: 'off',
    MAIL_TRANSPORT: 'outbox',
    SEED_DEMO: 'false',
    DATA_DIR: dataDir,
    JWT_SECRET: jwtSecret,
  });
}

async function seed(database: Database, dataDir: string, jwtSecret: string) {
  const app = await buildApp({ config: appConfig(dataDir, jwtSecret), database });
  await app.ready();
  cleanups.push(() => app.close());
  const owner = await createUser(app);
  const investor = await createUser(app);
  const opportunity = await createListing(app, owner, { status: 'approved' });
  const chat = (await investor.client.post('/api/chat', { opportunityId: opportunity.id })).json().chat;
  return { app, owner, investor, chatId: chat.id as number };
}

async function twoProcesses(url: string) {
  const name = `safqa_fanout_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const dropper = new pg.Client({ connectionString: url });
    await dropper.connect();
    await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await dropper.end();
  });
  const databaseUrl = Object.assign(new URL(url), { pathname: `/${name}` }).toString();
  const database = await openDatabase({ url: databaseUrl, poolSize: 2 });
  cleanups.push(() => database.close());
  await migrate(database);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'safqa-fanout-'));
  cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  const jwtSecret = randomBytes(32).toString('hex');
  const seeded = await seed(database, dataDir, jwtSecret);

  const env = (port: number) => ({
    NODE_ENV: 'test',
    DATABASE_URL: databaseUrl,
    JWT_SECRET: jwtSecret,
    DATA_DIR: dataDir,
    PORT: String(port ? port : 0),
    SEED_DEMO: 'false',
    MAIL_TRANSPORT: 'outbox',
    CAPTCHA_PROVIDER: 'off',
  });
  const servers: ServerProcess[] = await Promise.all([
    startServerProcess(env(portBase)),
    startServerProcess(env(portBase ? portBase + 1 : 0)),
  ]);
  for (const server of servers) cleanups.push(() => server.stop());
  return { ...seeded, servers };
}

describe('fan-out between server processes', () => {
  it(
    serverUrl
      ? 'delivers a message sent through one server process to a stream held by another'
      : 'delivers a message sent through one app instance to a stream held by another on one PGlite',
    async () => {
      if (serverUrl) {
        const { owner, investor, chatId, servers } = await twoProcesses(serverUrl);
        const [a, b] = servers as [ServerProcess, ServerProcess];
        const ownerStream = await openSse(`${a.baseUrl}/api/chat/stream?token=${owner.token}`);
        expect(ownerStream.status).toBe(200);
        const viaB = await httpClient(b.baseUrl, investor.token);
        const sent = await viaB.post(`/api/chat/${chatId}/messages`, { body: 'من العملية الثانية' });
        expect(sent.status).toBe(201);
        const event = await ownerStream.next('new_message', 10_000);
        expect(event.data).toEqual({ chatId, message: sent.body.message, unreadCount: 1 });

        // And the other way round.
        const investorStream = await openSse(`${b.baseUrl}/api/chat/stream?token=${investor.token}`);
        const viaA = await httpClient(a.baseUrl, owner.token);
        await viaA.post(`/api/chat/${chatId}/read`, {});
        await viaA.post(`/api/chat/${chatId}/messages`, { body: 'reply through A' });
        expect((await investorStream.next('messages_read', 10_000)).data).toMatchObject({
          readerId: owner.id,
        });
        expect((await investorStream.next('new_message', 10_000)).data).toMatchObject({
          message: { body: 'reply through A', senderId: owner.id },
          unreadCount: 1,
        });

        // A graceful stop tells the streams it holds, and the token never reaches a log line.
        expect(await a.stop()).toBe(0);
        expect((await ownerStream.next('close', 10_000)).data).toEqual({ reason: 'shutdown' });
        expect(await b.stop()).toBe(0);
        await investorStream.ended;
        for (const server of servers) {
          expect(server.output()).toContain('/api/chat/stream?token=[REDACTED]');
          expect(server.output()).not.toContain(owner.token);
          expect(server.output()).not.toContain(investor.token);
        }
        return;
      }

      const database = await openTestDatabase();
      cleanups.push(() => database.close());
      const dataDir = mkdtempSync(path.join(tmpdir(), 'safqa-fanout-'));
      cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
      const jwtSecret = randomBytes(32).toString('hex');
      const { app: a, owner, investor, chatId } = await seed(database, dataDir, jwtSecret);
      const b = await buildApp({ config: appConfig(dataDir, jwtSecret), database });
      await b.ready();
      cleanups.push(() => b.close());
      const socketPath = await listenOnSocket(a);
      const ownerStream: SseConnection = await openSse(
        `http://localhost/api/chat/stream?token=${owner.token}`,
        { socketPath },
      );
      cleanups.push(async () => ownerStream.close());
      expect(a.sseHub.count(owner.id)).toBe(1);
      expect(b.sseHub.count()).toBe(0);
      const sent = await b.inject({
        method: 'POST',
        url: `/api/chat/${chatId}/messages`,
        headers: {
          authorization: `Bearer ${investor.token}`,
          'x-xsrf-token': await investor.client.csrfToken(),
        },
        cookies: { 'XSRF-TOKEN': await investor.client.csrfToken() },
        payload: { body: 'through the other instance' },
      });
      expect(sent.statusCode).toBe(201);
      const event = await ownerStream.next('new_message');
      expect(event.data).toEqual({ chatId, message: sent.json().message, unreadCount: 1 });
    },
    180_000,
  );
});
