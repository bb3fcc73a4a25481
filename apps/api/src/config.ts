import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { UPLOAD_LIMITS } from '@safqa/shared/validation/uploads';
import { parseTrustedProxies, TrustProxyError } from './lib/trusted-proxies';

/** The one place process.env is read (API.md "Configuration"). */
const booleanString = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** Connections of the requests' pool that public reads leave to everything else, by default. */
const PUBLIC_READ_RESERVED_CONNECTIONS = 3;

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  DB_POOL_SIZE: z.coerce.number().int().min(1).default(10),
  DB_BACKGROUND_POOL_SIZE: z.coerce.number().int().min(2).default(4),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  DB_BACKGROUND_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(86_400_000).default(120_000),
  DB_POOL_WAIT_MS: z.coerce.number().int().min(10).max(3_000).default(500),
  DB_POOL_MAX_WAITING: z.coerce.number().int().min(0).default(50),
  DB_EXPENSIVE_LIST_CONCURRENCY: z.coerce.number().int().min(1).default(3),
  DB_PUBLIC_READ_CONNECTIONS: z.coerce.number().int().min(1).optional(),
  PUBLIC_URL: z.string().url().optional(),
  JWT_SECRET: z.string().min(32).optional(),
  MAIL_TRANSPORT: z.enum(['outbox', 'smtp']).optional(),
  SMTP_URL: z.string().optional(),
  SMTP_HOST: z.string().optional(),
  SMTP_PORT: z.coerce.number().int().optional(),
  SMTP_USER: z.string().optional(),
  SMTP_PASS: z.string().optional(),
  MAIL_FROM: z.string().default('Safqa <no-reply@safqa.local>'),
  CONTACT_EMAIL: z.string().optional(),
  CAPTCHA_PROVIDER: z.enum(['altcha', 'recaptcha', 'turnstile', 'off']).default('altcha'),
  ALTCHA_HMAC_KEY: z.string().min(16).optional(),
  RECAPTCHA_SECRET: z.string().optional(),
  TURNSTILE_SECRET: z.string().optional(),
  ADMIN_EMAIL: z.string().email().optional(),
  ADMIN_PASSWORD: z.string().optional(),
  RATE_LIMIT_SCALE: z.coerce.number().positive().default(1),
  SEED_DEMO: booleanString.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  METRICS_TOKEN: z.string().min(16).optional(),
  RATE_LIMIT_STORE: z.enum(['memory', 'database']).optional(),
  REDIS_URL: z.string().url().optional(),
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: booleanString.optional(),
  HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).default(15_000),
  HTTP_BODY_TIMEOUT_MS: z.coerce.number().int().min(100).default(20_000),
  HTTP_BODY_MIN_BYTES_PER_SECOND: z.coerce.number().int().min(1).default(1024),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(100).default(72_000),
  HTTP_MAX_CONNECTIONS: z.coerce.number().int().min(1).default(20_000),
  HTTP_MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(1).default(100),
  SSE_MAX_STREAMS: z.coerce.number().int().min(1).default(10_000),
  SSE_MAX_STREAMS_PER_ADDRESS: z.coerce.number().int().min(1).default(50),
  TRUST_PROXY: z.string().optional(),
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).optional(),
});

/** Time limits and sizes of the PostgreSQL connections (config.ts `db`, docs/operations.md). */
export interface DbLimits {
  /** Connections answering requests. */
  poolSize: number;
  /** Connections of background work (jobs, mail, page warmer, migrations), apart from requests'. */
  backgroundPoolSize: number;
  /** statement_timeout of request work: a statement past it is cancelled (57014, answered 503). */
  statementTimeoutMs: number;
  /** statement_timeout of background work (0: none). */
  backgroundStatementTimeoutMs: number;
  /** A request waits at most this long for a free connection, then is refused 503. */
  poolWaitMs: number;
  /** With this many requests already waiting for a connection, the next is refused at once. */
  poolMaxWaiting: number;
  /**
   * Connections of the requests' pool that public reads (db/work-lanes.ts `runAsPublicRead`) may
   * hold together; the rest stay free for everything else (sign-ins, chats, health).
   */
  publicReadConnections: number;
}

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** PostgreSQL pools and time limits (docs/operations.md "Database pools and time limits"). */
  db: DbLimits;
  /** Requests of one expensive list (plugins/expensive-lists.ts) running at once in this process. */
  expensiveListConcurrency: number;
  publicUrl: string;
  jwtSecret: string;
  mailTransport: 'outbox' | 'smtp';
  smtp: { url?: string; host?: string; port?: number; user?: string; pass?: string };
  mailFrom: string;
  contactEmail: string | undefined;
  captchaProvider: Env['CAPTCHA_PROVIDER'];
  altchaHmacKey: string;
  /** ALTCHA proof of work: PBKDF2/SHA-256 iterations per attempt and the range of the secret counter. */
  altchaDifficulty: { cost: number; counterMin: number; counterMax: number };
  recaptchaSecret: string | undefined;
  turnstileSecret: string | undefined;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  rateLimitScale: number;
  seedDemo: boolean;
  logLevel: Env['LOG_LEVEL'];
  webDist: string;
  /**
   * Live event streams: comment heartbeat interval; open streams allowed per user (a new one closes
   * the oldest), per client address and in this process (past those, a new one is refused).
   */
  sse: { heartbeatMs: number; maxStreamsPerUser: number; maxStreamsPerAddress: number; maxStreams: number };
  /** Slow and hoarding clients (docs/operations.md "Timeouts and connection caps"). */
  http: {
    /** From the connection (or a request's first byte) to its last header line; silent ones are closed. */
    headersTimeoutMs: number;
    /** A body must bring at least bodyMinBytesPerSecond over every window of this length (408 else). */
    bodyTimeoutMs: number;
    bodyMinBytesPerSecond: number;
    /** How long an idle kept-alive connection stays open. */
    keepAliveTimeoutMs: number;
    /** Open connections of this process, and of one client address (proxies on private networks exempt). */
    maxConnections: number;
    maxConnectionsPerAddress: number;
  };
  /**
   * Peers whose X-Forwarded-For names the client (TRUST_PROXY: addresses, CIDR ranges, `loopback`,
   * `linklocal`, `uniquelocal`); undefined means the environment's default (app.ts).
   */
  trustProxy: string[] | undefined;
  /**
   * After SIGTERM, how long the process keeps serving while /api/health answers 503 `draining`, so the
   * load balancer takes it out of rotation before it stops accepting connections.
   */
  shutdownDrainMs: number;
  /** Bearer token of GET /metrics; unset means no metrics endpoint (404). */
  metricsToken: string | undefined;
  /** Upload quota per user (API.md "Uploads and files"): uploads attached to no listing, bytes per 24 hours. */
  uploadQuota: { pendingFiles: number; bytesPerDay: number };
  /**
   * Where per-IP request counts live: `redis` (REDIS_URL set), `database` (shared by every process on
   * one PostgreSQL, the default with DATABASE_URL) or `memory` (the embedded database, which one
   * process holds).
   */
  rateLimitStore: 'memory' | 'database' | 'redis';
  /** Redis holding the shared rate-limit counters when set (API.md "Operations"). */
  redisUrl: string | undefined;
  /** Prefix of the counters' keys in Redis (tests give each run its own). */
  redisNamespace: string;
  /** S3-compatible storage of uploads when S3_BUCKET is set; else files live under DATA_DIR. */
  s3:
    | {
        bucket: string;
        region: string;
        endpoint?: string;
        accessKeyId?: string;
        secretAccessKey?: string;
        forcePathStyle: boolean;
      }
    | undefined;
}

/** A secret kept beside the data so restarts keep sessions valid; never used in production. */
function localSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, `.${name}`);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** The catcher (this API and the web page /dev/mail) exists only outside production, with the outbox. */
export function devMailEnabled(config: Pick<Config, 'isProduction' | 'mailTransport'>): boolean {
  return !config.isProduction && config.mailTransport === 'outbox';
}

export class ConfigError extends Error {}

export function loadConfig(source: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = envSchema.safeParse(Object.fromEntries(Object.entries(source).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const details = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new ConfigError(`Invalid configuration: ${details}`);
  }
  const env = parsed.data;
  const isProduction = env.NODE_ENV === 'production';
  const dataDir = path.resolve(env.DATA_DIR);

  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError('Invalid configuration: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together');
  }
  if (isProduction) {
    const problems: string[] = [];
    if (!env.JWT_SECRET) problems.push('JWT_SECRET must be set');
    if (!env.ALTCHA_HMAC_KEY && env.CAPTCHA_PROVIDER === 'altcha')
      problems.push('ALTCHA_HMAC_KEY must be set');
    if (env.CAPTCHA_PROVIDER === 'off') problems.push('CAPTCHA_PROVIDER=off is for automated tests only');
    if (env.MAIL_TRANSPORT === 'outbox')
      problems.push('MAIL_TRANSPORT=outbox (the mail catcher) is not for production');
    if (env.SEED_DEMO) problems.push('SEED_DEMO is not for production');
    if (!env.PUBLIC_URL) problems.push('PUBLIC_URL must be set');
    if (problems.length) throw new ConfigError(`Refusing to start in production: ${problems.join('; ')}`);
  }

  let trustProxy: string[] | undefined;
  try {
    trustProxy = env.TRUST_PROXY === undefined ? undefined : parseTrustedProxies(env.TRUST_PROXY);
  } catch (error) {
    if (error instanceof TrustProxyError)
      throw new ConfigError(`Invalid configuration: TRUST_PROXY: ${error.message}`);
    throw error;
  }

  const config: Config = {
    env: env.NODE_ENV,
    isProduction,
    port: env.PORT,
    host: env.HOST,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    db: {
      poolSize: env.DB_POOL_SIZE,
      backgroundPoolSize: env.DB_BACKGROUND_POOL_SIZE,
      statementTimeoutMs: env.DB_STATEMENT_TIMEOUT_MS,
      backgroundStatementTimeoutMs: env.DB_BACKGROUND_STATEMENT_TIMEOUT_MS,
      poolWaitMs: env.DB_POOL_WAIT_MS,
      poolMaxWaiting: env.DB_POOL_MAX_WAITING,
      // By default all but a few of the requests' connections: those stay for everything else.
      publicReadConnections:
        env.DB_PUBLIC_READ_CONNECTIONS ?? Math.max(1, env.DB_POOL_SIZE - PUBLIC_READ_RESERVED_CONNECTIONS),
    },
    expensiveListConcurrency: env.DB_EXPENSIVE_LIST_CONCURRENCY,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    jwtSecret: env.JWT_SECRET ?? localSecret(dataDir, 'jwt-secret'),
    mailTransport: env.MAIL_TRANSPORT ?? (isProduction ? 'smtp' : 'outbox'),
    smtp: {
      url: env.SMTP_URL,
      host: env.SMTP_HOST,
      port: env.SMTP_PORT,
      user: env.SMTP_USER,
      pass: env.SMTP_PASS,
    },
    mailFrom: env.MAIL_FROM,
    contactEmail: env.CONTACT_EMAIL ?? env.ADMIN_EMAIL,
    captchaProvider: env.CAPTCHA_PROVIDER,
    altchaHmacKey: env.ALTCHA_HMAC_KEY ?? localSecret(dataDir, 'altcha-key'),
    altchaDifficulty: { cost: 1_000, counterMin: 1_000, counterMax: 5_000 },
    recaptchaSecret: env.RECAPTCHA_SECRET,
    turnstileSecret: env.TURNSTILE_SECRET,
    adminEmail: env.ADMIN_EMAIL,
    adminPassword: env.ADMIN_PASSWORD,
    rateLimitScale: env.RATE_LIMIT_SCALE,
    seedDemo: env.SEED_DEMO ?? !isProduction,
    logLevel: env.LOG_LEVEL,
    webDist: path.resolve(env.WEB_DIST ?? path.join(import.meta.dirname, '../../web/dist')),
    sse: {
      heartbeatMs: 25_000,
      maxStreamsPerUser: 5,
      maxStreamsPerAddress: env.SSE_MAX_STREAMS_PER_ADDRESS,
      maxStreams: env.SSE_MAX_STREAMS,
    },
    http: {
      headersTimeoutMs: env.HTTP_HEADERS_TIMEOUT_MS,
      bodyTimeoutMs: env.HTTP_BODY_TIMEOUT_MS,
      bodyMinBytesPerSecond: env.HTTP_BODY_MIN_BYTES_PER_SECOND,
      keepAliveTimeoutMs: env.HTTP_KEEP_ALIVE_TIMEOUT_MS,
      maxConnections: env.HTTP_MAX_CONNECTIONS,
      maxConnectionsPerAddress: env.HTTP_MAX_CONNECTIONS_PER_ADDRESS,
    },
    trustProxy,
    // A balancer checking health every second takes a few seconds to notice; without one nobody waits.
    shutdownDrainMs: env.SHUTDOWN_DRAIN_MS ?? (isProduction ? 5_000 : 0),
    metricsToken: env.METRICS_TOKEN,
    uploadQuota: { pendingFiles: UPLOAD_LIMITS.pendingMaxFiles, bytesPerDay: UPLOAD_LIMITS.dailyMaxBytes },
    rateLimitStore: env.REDIS_URL
      ? 'redis'
      : (env.RATE_LIMIT_STORE ?? (env.DATABASE_URL ? 'database' : 'memory')),
    redisUrl: env.REDIS_URL,
    redisNamespace: 'safqa-rate-limit-',
    s3: env.S3_BUCKET
      ? {
          bucket: env.S3_BUCKET,
          region: env.S3_REGION,
          endpoint: env.S3_ENDPOINT,
          accessKeyId: env.S3_ACCESS_KEY_ID,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY,
          // MinIO, s3rver and most self-hosted servers need path-style addresses.
          forcePathStyle: env.S3_FORCE_PATH_STYLE ?? Boolean(env.S3_ENDPOINT),
        }
      : undefined,
    ...overrides,
  };
  return config;
}
