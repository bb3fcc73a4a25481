import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect } from 'vitest';
import { validInput } from '../test/opportunity-fixtures';
import { startServerProcess, type ServerProcess } from '../test/server-process';

/**
 * Helpers of the fault suite: a fresh PostgreSQL database on the server of FAULTS_DATABASE_URL (else
 * TEST_DATABASE_URL, else the local trust-auth server), and an HTTP caller that behaves like the web
 * app (CSRF cookie and header, bearer token).
 */
export const PG_SERVER =
  process.env.FAULTS_DATABASE_URL ||
  process.env.TEST_DATABASE_URL ||
  'postgres://postgres@127.0.0.1:5432/postgres';

export async function createDatabase(): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  const name = `safqa_fault_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_SERVER });
  await admin.connect().catch((error: unknown) => {
    throw new Error(
      `the fault suite needs a PostgreSQL server at ${PG_SERVER} (FAULTS_DATABASE_URL): ${String(error)}`,
    );
  });
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(PG_SERVER);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: async () => {
      const dropper = new pg.Client({ connectionString: PG_SERVER });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

/** Ends every connection to `database` but the caller's own, as a database restart would. */
export async function terminateConnections(database: string): Promise<number> {
  const client = new pg.Client({ connectionString: PG_SERVER });
  await client.connect();
  const result = await client.query(
    'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
    [database],
  );
  await client.end();
  return result.rowCount ?? 0;
}

export interface Caller {
  token: string;
  /** The account's email, for callers made by newMember (to sign in again after a restart). */
  email?: string;
  get(path: string): Promise<{ status: number; body: Record<string, unknown> }>;
  post(path: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown> }>;
  patch(path: string, body: unknown): Promise<{ status: number; body: Record<string, unknown> }>;
}

export async function caller(baseUrl: string, token = ''): Promise<Caller> {
  const health = await fetch(`${baseUrl}/api/health`);
  const cookie = /XSRF-TOKEN=([^;]+)/.exec(health.headers.get('set-cookie') ?? '')?.[1];
  if (!cookie) throw new Error('no XSRF-TOKEN cookie from /api/health');
  const write = async (method: 'POST' | 'PATCH', path: string, body: unknown) => {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        cookie: `XSRF-TOKEN=${cookie}`,
        'x-xsrf-token': decodeURIComponent(cookie),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json().catch(() => ({}))) as Record<string, unknown> };
  };
  const self: Caller = {
    token,
    async get(path) {
      const res = await fetch(`${baseUrl}${path}`, {
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      return { status: res.status, body: (await res.json().catch(() => ({}))) as Record<string, unknown> };
    },
    post: (path, body) => write('POST', path, body),
    patch: (path, body) => write('PATCH', path, body),
  };
  return self;
}

export async function signIn(baseUrl: string, email: string, password: string): Promise<Caller> {
  const anonymous = await caller(baseUrl);
  const login = await anonymous.post('/api/auth/login', { email, password, recaptchaToken: 'fault-suite' });
  expect(login.status, `login ${email}`).toBe(200);
  return caller(baseUrl, login.body.accessToken as string);
}

/** A verified member, through sign-up and the link of the verification email (dev mail catcher). */
export async function newMember(baseUrl: string, label: string): Promise<Caller> {
  const email = `fault-${label}-${randomBytes(4).toString('hex')}@example.test`;
  const password = 'Fault#Member1234';
  const anonymous = await caller(baseUrl);
  const signup = await anonymous.post('/api/auth/signup', {
    username: `fault_${label}`,
    email,
    password,
    role: 'owner',
    recaptchaToken: 'fault-suite',
  });
  expect(signup.status, 'signup').toBe(201);
  const mail = await anonymous.get(`/api/dev/mail?to=${encodeURIComponent(email)}`);
  const html = ((mail.body.messages as { html: string }[])[0]?.html ?? '').replace(/&amp;/g, '&');
  const link = /\/verify-email\?token=([\w-]+)&userId=(\d+)/.exec(html);
  expect(link, 'verification link').not.toBeNull();
  const verified = await anonymous.get(`/api/auth/verify-email?token=${link![1]}&userId=${link![2]}`);
  expect(verified.status, 'verify').toBe(200);
  return { ...(await signIn(baseUrl, email, password)), email };
}

/** An approved listing of `owner` (an admin approves it), with lookups the server seeded. */
export async function approvedListing(
  owner: Caller,
  admin: Caller,
  overrides: Partial<Parameters<typeof validInput>[0]> = {},
): Promise<number> {
  const first = async (kind: string, query = '') =>
    ((await owner.get(`/api/admin/lookups/${kind}${query}`)).body.data as { id: number }[])[0]!.id;
  const regionId = await first('regions');
  const input = validInput({
    businessTypeId: await first('business-types'),
    regionId,
    cityId: await first('cities', `?regionId=${regionId}`),
    companyAgeId: await first('company-ages'),
    companySizeId: await first('company-sizes'),
    ...overrides,
  });
  const created = await owner.post('/api/opportunities', input);
  expect(created.status, `create listing ${JSON.stringify(created.body)}`).toBe(201);
  const id = created.body.id as number;
  const approved = await admin.post(`/api/admin/opportunities/${id}/approve`);
  expect(approved.status, 'approve').toBe(200);
  return id;
}

/** The admin account every fault server makes sure exists (ADMIN_EMAIL / ADMIN_PASSWORD). */
export const FAULT_ADMIN = { email: 'faults-admin@example.test', password: 'Faults#Admin1234' };

/**
 * The environment of a fault-suite server: any free port, automated-test settings (no human check,
 * the outbox mail catcher, no demo data, per-IP limits raised), and the admin above; `overrides` adds
 * the database, the DATA_DIR or anything the fault needs.
 */
export function faultServerEnv(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    PORT: '0',
    NODE_ENV: 'test',
    CAPTCHA_PROVIDER: 'off',
    MAIL_TRANSPORT: 'outbox',
    SEED_DEMO: 'false',
    RATE_LIMIT_SCALE: '1000',
    ADMIN_EMAIL: FAULT_ADMIN.email,
    ADMIN_PASSWORD: FAULT_ADMIN.password,
    ...overrides,
  };
}

/**
 * What a kill test stands on: its own database and data directory, made before the file's tests, and
 * the servers it starts on them, all killed (and both removed) after them. Call it at the top of the
 * file; `start` gives a server on them with `faultServerEnv` and the overrides.
 */
export function faultStage(label: string) {
  let database: Awaited<ReturnType<typeof createDatabase>> | undefined;
  let dataDir = '';
  const servers: ServerProcess[] = [];
  beforeAll(async () => {
    database = await createDatabase();
    dataDir = mkdtempSync(path.join(tmpdir(), `safqa-fault-${label}-`));
  }, 60_000);
  afterAll(async () => {
    for (const server of servers) server.child.kill('SIGKILL');
    await database?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });
  const stage = {
    get databaseUrl(): string {
      if (!database) throw new Error('faultStage: the database is made in beforeAll');
      return database.url;
    },
    get dataDir(): string {
      return dataDir;
    },
    async start(overrides: Record<string, string> = {}): Promise<ServerProcess> {
      const env = faultServerEnv({ DATABASE_URL: stage.databaseUrl, DATA_DIR: dataDir, ...overrides });
      const server = await startServerProcess(env, { timeoutMs: 120_000 });
      servers.push(server);
      return server;
    },
  };
  return stage;
}

/** Uploads one file as the web app does (multipart, CSRF cookie and header, bearer token). */
export async function uploadFile(
  baseUrl: string,
  member: Caller,
  field: 'images' | 'docs',
  file: { data: Buffer; name: string; type: string },
): Promise<{ status: number; body: Record<string, unknown> }> {
  const health = await fetch(`${baseUrl}/api/health`);
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(health.headers.get('set-cookie') ?? '')?.[1];
  if (!xsrf) throw new Error('no XSRF-TOKEN cookie from /api/health');
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
  const res = await fetch(`${baseUrl}/api/uploads/${field}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${member.token}`,
      cookie: `XSRF-TOKEN=${xsrf}`,
      'x-xsrf-token': decodeURIComponent(xsrf),
    },
    body: form,
  });
  return { status: res.status, body: (await res.json().catch(() => ({}))) as Record<string, unknown> };
}

/** A loopback port nobody listens on now (for an SMTP server the test starts later, or never). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Polls `check` until it holds; throws after `timeoutMs`. */
export async function waitFor(what: string, check: () => boolean | Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Both languages of the listing's anonymous page stored for its current version. */
export async function storedCurrent(databaseUrl: string, id: number) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM stored_pages s
       WHERE s.listing_id = $1 AND NOT s.signed_in_hint
         AND s.listing_version = (SELECT version FROM page_versions WHERE key = 'o:' || $1)`,
      [id],
    );
    return rows[0]!.n === 2;
  } finally {
    await client.end();
  }
}
