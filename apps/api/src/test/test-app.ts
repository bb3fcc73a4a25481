import { createHash, randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import type { DestinationStream } from 'pino';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import { openDatabase, wrapPglite, type Database } from '../db/client';
import { migrate } from '../db/migrate';
import type { Storage } from '../storage/storage';

/**
 * A fresh database for one test file: embedded PGlite in memory by default, or a new database on the
 * PostgreSQL server of TEST_DATABASE_URL (dropped on close), so the same tests prove both drivers.
 */
export async function openTestDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return openMigratedPglite();
  const name = `safqa_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  // Tests race many requests on 4 connections of a busy CI machine: they wait as long as pg-pool
  // would (load shedding is proven in faults/overload.fault.ts), not the production 500 ms.
  const database = await openDatabase({ url: url.toString(), limits: { poolSize: 4, poolWaitMs: 3_000 } });
  await migrate(database);
  return {
    ...database,
    close: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

/** Embedded PGlite in memory with every migration applied (also the OpenAPI script's database). */
export async function openMigratedPglite(): Promise<Database> {
  return wrapPglite(await PGlite.create({ loadDataDir: await migratedTemplate(), extensions: { pg_trgm } }));
}

const MIGRATIONS_DIR = path.join(import.meta.dirname, '../db/migrations');

/**
 * A migrated PGlite data directory, dumped once per set of migrations and shared by every test file:
 * loading it is several times faster than initdb plus migrations in each file.
 */
async function migratedTemplate(): Promise<Blob> {
  const hash = createHash('sha256');
  for (const file of readdirSync(MIGRATIONS_DIR)
    .filter((f) => f.endsWith('.sql'))
    .sort()) {
    hash.update(file).update(readFileSync(path.join(MIGRATIONS_DIR, file)));
  }
  const templateFile = path.join(tmpdir(), `safqa-pglite-template-${hash.digest('hex').slice(0, 16)}.tar`);
  if (!existsSync(templateFile)) {
    const database = await openDatabase({ pgliteDir: 'memory://' });
    await migrate(database);
    const dump = await (database as Database & { pglite: PGlite }).pglite.dumpDataDir('none');
    await database.close();
    // Write then rename, so parallel workers never read a half-written template.
    const partial = `${templateFile}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, templateFile);
  }
  return new Blob([readFileSync(templateFile)]);
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  close(): Promise<void>;
}

export interface TestAppHooks {
  /** Runs before app.ready(): a test may add routes of its own (a throwing or slow handler). */
  beforeReady?: (app: FastifyInstance) => void | Promise<void>;
  /** Receives the log lines (set LOG_LEVEL in env, tests default to silent). */
  logStream?: DestinationStream;
  /** Reuse an open database (a second app in the same file); the caller closes it. */
  database?: Database;
  /** A storage driver of the test's own (e.g. S3 with short timeouts) instead of the configured one. */
  storage?: Storage;
}

export async function createTestApp(
  env: Record<string, string> = {},
  overrides: Partial<Config> = {},
  hooks: TestAppHooks = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'safqa-test-'));
  const database = hooks.database ?? (await openTestDatabase());
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      CAPTCHA_PROVIDER: 'off',
      MAIL_TRANSPORT: 'outbox',
      RATE_LIMIT_SCALE: '1000',
      SEED_DEMO: 'false',
      DATA_DIR: dataDir,
      ...env,
    },
    overrides,
  );
  const app = await buildApp({ config, database, logStream: hooks.logStream, storage: hooks.storage });
  await hooks.beforeReady?.(app);
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      if (!hooks.database) await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Injects like a browser would: picks up the XSRF-TOKEN cookie from /api/health once and echoes it
 * on unsafe methods, optionally with a bearer token.
 */
export class TestClient {
  private csrf: string | undefined;
  constructor(
    private readonly app: FastifyInstance,
    public accessToken?: string,
  ) {}

  async csrfToken(): Promise<string> {
    if (!this.csrf) {
      const res = await this.app.inject({ method: 'GET', url: '/api/health' });
      const cookie = res.cookies.find((c) => c.name === 'XSRF-TOKEN');
      if (!cookie) throw new Error('health did not set XSRF-TOKEN');
      this.csrf = cookie.value;
    }
    return this.csrf;
  }

  async request(options: InjectOptions & { token?: string | null }): Promise<LightMyRequestResponse> {
    const { token, ...rest } = options;
    const headers: Record<string, string> = { ...(rest.headers as Record<string, string> | undefined) };
    const bearer = token === null ? undefined : (token ?? this.accessToken);
    if (bearer) headers.authorization = `Bearer ${bearer}`;
    const method = (rest.method ?? 'GET').toUpperCase();
    let cookies = rest.cookies;
    if (['POST', 'PUT', 'PATCH', 'DELETE'].includes(method)) {
      const csrf = await this.csrfToken();
      headers['x-xsrf-token'] ??= csrf;
      cookies = { 'XSRF-TOKEN': csrf, ...cookies };
    }
    return this.app.inject({ ...rest, headers, cookies });
  }

  get(url: string, options: Omit<InjectOptions, 'url' | 'method'> & { token?: string | null } = {}) {
    return this.request({ ...options, method: 'GET', url });
  }
  post(
    url: string,
    payload?: unknown,
    options: Omit<InjectOptions, 'url' | 'method' | 'payload'> & { token?: string | null } = {},
  ) {
    return this.request({ ...options, method: 'POST', url, payload: payload as InjectOptions['payload'] });
  }
  put(
    url: string,
    payload?: unknown,
    options: Omit<InjectOptions, 'url' | 'method' | 'payload'> & { token?: string | null } = {},
  ) {
    return this.request({ ...options, method: 'PUT', url, payload: payload as InjectOptions['payload'] });
  }
  patch(
    url: string,
    payload?: unknown,
    options: Omit<InjectOptions, 'url' | 'method' | 'payload'> & { token?: string | null } = {},
  ) {
    return this.request({ ...options, method: 'PATCH', url, payload: payload as InjectOptions['payload'] });
  }
  delete(url: string, options: Omit<InjectOptions, 'url' | 'method'> & { token?: string | null } = {}) {
    return this.request({ ...options, method: 'DELETE', url });
  }
}
