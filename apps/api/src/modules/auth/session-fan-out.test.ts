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
import { startServerProcess, type ServerProcess } from '../../test/server-process';
import { listenOnSocket, openSse } from '../../test/sse-client';
import { openTestDatabase } from '../../test/test-app';
import { createUser, TEST_PASSWORD } from '../../test/factories';

/**
 * A session ended through one server process is refused by another within a second, and the other's
 * open streams of that session close. With a PostgreSQL server (TEST_DATABASE_URL, as in CI) these
 * are two real processes; on embedded PGlite, which one process owns, two app instances on one
 * database (neither tells the other in memory, so the refusal proves the LISTEN/NOTIFY path).
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
});

const env = (dataDir: string, jwtSecret: string, extra: Record<string, string> = {}) => ({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  CAPTCHA_PROVIDER: 'off',
  MAIL_TRANSPORT: 'outbox',
  SEED_DEMO: 'false',
  DATA_DIR: dataDir,
  JWT_SECRET: jwtSecret,
  ...extra,
});

/** One HTTP call as the browser makes it (CSRF cookie and header, bearer token). */
type Call = (
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  token: string,
  body?: unknown,
) => Promise<{ status: number; body: Record<string, unknown> }>;

function caller(baseUrl: string, fetchImpl: typeof fetch = fetch): Call {
  let cookie: string | undefined;
  return async (method, url, token, body) => {
    if (!cookie) {
      const health = await fetchImpl(`${baseUrl}/api/health`);
      cookie = /XSRF-TOKEN=([^;]+)/.exec(health.headers.get('set-cookie') ?? '')?.[1];
      await health.text();
    }
    const response = await fetchImpl(`${baseUrl}${url}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        cookie: `XSRF-TOKEN=${cookie}`,
        'x-xsrf-token': decodeURIComponent(cookie ?? ''),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
  };
}

/** Two servers on one database: `a` over TCP or a Unix socket, `b` the same way; answers their callers. */
async function twoServers(): Promise<{
  a: Call;
  b: Call;
  streamUrlB: string;
  socketB?: string;
  email: string;
}> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'safqa-sessions-'));
  cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  const jwtSecret = randomBytes(32).toString('hex');
  let database: Database;
  let databaseUrl: string | undefined;
  if (serverUrl) {
    const name = `safqa_sessions_${process.pid}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    cleanups.push(async () => {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    });
    databaseUrl = Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString();
    database = await openDatabase({ url: databaseUrl, poolSize: 2 });
    await migrate(database);
  } else {
    database = await openTestDatabase();
  }
  cleanups.push(() => database.close());
  const seeder = await buildApp({ config: loadConfig(env(dataDir, jwtSecret)), database });
  await seeder.ready();
  cleanups.push(() => seeder.close());
  const user = await createUser(seeder);

  if (databaseUrl) {
    const servers: ServerProcess[] = await Promise.all(
      [0, 1].map(() =>
        startServerProcess(
          env(dataDir, jwtSecret, { DATABASE_URL: databaseUrl, PORT: '0', LOG_LEVEL: 'info' }),
        ),
      ),
    );
    for (const server of servers) cleanups.push(() => server.stop());
    const [a, b] = servers as [ServerProcess, ServerProcess];
    return {
      a: caller(a.baseUrl),
      b: caller(b.baseUrl),
      streamUrlB: `${b.baseUrl}/api/chat/stream`,
      email: user.email,
    };
  }
  // The seeder is instance A; B is a second app on the same PGlite, each behind its own socket.
  const b = await buildApp({ config: loadConfig(env(dataDir, jwtSecret)), database });
  await b.ready();
  cleanups.push(() => b.close());
  const viaInject =
    (app: typeof b): typeof fetch =>
    async (input, init) => {
      const url = new URL(String(input));
      const res = await app.inject({
        method: (init?.method ?? 'GET') as 'GET',
        url: url.pathname + url.search,
        headers: init?.headers as Record<string, string>,
        payload: init?.body as string | undefined,
      });
      return new Response(res.body || null, {
        status: res.statusCode,
        headers: res.headers as Record<string, string>,
      });
    };
  const socketB = await listenOnSocket(b);
  return {
    a: caller('http://localhost', viaInject(seeder)),
    b: caller('http://localhost', viaInject(b)),
    streamUrlB: 'http://localhost/api/chat/stream',
    socketB,
    email: user.email,
  };
}

describe('session revocation between server processes', () => {
  it(
    serverUrl
      ? 'a logout through one server process is refused by another within a second, and its stream there closes'
      : 'a logout through one app instance is refused by another on one PGlite within a second, and its stream there closes',
    async () => {
      const { a, b, streamUrlB, socketB, email } = await twoServers();
      const login = await a('POST', '/api/auth/login', '', {
        email,
        password: TEST_PASSWORD,
        recaptchaToken: 'x',
      });
      expect(login.status).toBe(200);
      const { accessToken, refreshToken } = login.body as { accessToken: string; refreshToken: string };
      // B has seen the session live (and may cache that) before it is ended through A.
      expect((await b('PATCH', '/api/users/me', accessToken, { username: 'live' })).status).toBe(200);
      const stream = await openSse(
        `${streamUrlB}?token=${accessToken}`,
        socketB ? { socketPath: socketB } : {},
      );
      cleanups.push(async () => stream.close());
      expect(stream.status).toBe(200);

      expect((await a('POST', '/api/auth/logout', accessToken, { refreshToken })).status).toBe(204);
      const endedAt = Date.now();
      let answer = await b('PATCH', '/api/users/me', accessToken, { username: 'after-logout' });
      while (answer.status === 200 && Date.now() - endedAt < 1000) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        answer = await b('PATCH', '/api/users/me', accessToken, { username: 'after-logout' });
      }
      expect(answer).toMatchObject({ status: 401, body: { code: 'SESSION_REVOKED' } });
      expect((await stream.next('close', 1000)).data).toEqual({ reason: 'session_revoked' });
      await stream.ended;
    },
    180_000,
  );
});
