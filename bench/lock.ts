/**
 * A lock held on a hot table while an honest client reads (issue [overload]). The server runs from
 * source on a fresh database of a real PostgreSQL (BENCH_DATABASE_URL, else the local trust-auth
 * server) with the demo data. Three phases of --seconds each:
 *
 *   before   the honest client alone
 *   locked   another connection holds ACCESS EXCLUSIVE on `opportunities` (a maintenance statement)
 *            while --crawlers clients read the listings without pause (a crawler on the slow page)
 *   after    the lock released, the crawlers gone: the server recovers without a restart
 *
 * The honest client reads in turn a cheap page that does not touch the table (/api/faqs), health,
 * and a listing (GET /api/opportunities/{id}, on the locked table), pausing 50 ms between calls. It
 * prints, per phase, the honest client's p95 for the cheap reads and for the listing, and their
 * statuses. Goals: cheap reads keep a p95 under 1 s while the table is locked, the listing answers a
 * fast 503 (never a 500, never a wait past the statement time limit), and "after" is back to "before".
 *
 * With --target=audit-log the lock is on `audit_log` and the crawlers are an admin reading the audit
 * log, an expensive list with slots of its own (DB_EXPENSIVE_LIST_CONCURRENCY): past them its readers
 * are refused at once, and the rest of the pool stays free for everyone else.
 *
 *   npm run bench -- lock [--target=listings|audit-log] [--seconds=6] [--crawlers=20] [--statement-timeout-ms=2000]
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startServerProcess } from '../apps/api/src/test/server-process';

const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k, v ?? 'true'];
  }),
);
const SECONDS = Number(args.seconds ?? 6);
const CRAWLERS = Number(args.crawlers ?? 20);
const STATEMENT_TIMEOUT_MS = Number(args['statement-timeout-ms'] ?? 2_000);
const PG_SERVER = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const HONEST_PAUSE_MS = 50;
const TARGET = args.target === 'audit-log' ? 'audit-log' : 'listings';
const ADMIN = { email: 'bench-admin@example.test', password: 'Bench#Admin1234' };
const GOAL_CHEAP_P95_MS = 1_000;

interface Answer {
  path: string;
  status: number;
  ms: number;
}

async function get(url: string, path: string, token = ''): Promise<Answer> {
  const started = performance.now();
  try {
    const res = await fetch(`${url}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
    await res.arrayBuffer();
    return { path, status: res.status, ms: performance.now() - started };
  } catch {
    return { path, status: 0, ms: performance.now() - started };
  }
}

function p95(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(0.95 * sorted.length) - 1)]! : NaN;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function statuses(answers: Answer[]) {
  const counts = new Map<number, number>();
  for (const answer of answers) counts.set(answer.status, (counts.get(answer.status) ?? 0) + 1);
  return [...counts].map(([status, n]) => `${status}×${n}`).join(' ');
}

async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Signs the admin in as the web app does (CSRF cookie and header). */
async function adminToken(baseUrl: string): Promise<string> {
  const health = await fetch(`${baseUrl}/api/health`);
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(health.headers.get('set-cookie') ?? '')?.[1] ?? '';
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: `XSRF-TOKEN=${xsrf}`,
      'x-xsrf-token': decodeURIComponent(xsrf),
    },
    body: JSON.stringify({ ...ADMIN, recaptchaToken: 'bench' }),
  });
  const body = (await login.json()) as { accessToken?: string };
  if (!body.accessToken) throw new Error(`admin sign-in failed: ${login.status}`);
  return body.accessToken;
}

async function main() {
  const name = `safqa_bench_lock_${randomBytes(4).toString('hex')}`;
  await withClient(PG_SERVER, (c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(PG_SERVER);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'safqa-bench-lock-'));
  let locker: pg.Client | undefined;
  try {
    const server = await startServerProcess(
      {
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        PORT: '0',
        NODE_ENV: 'test',
        SEED_DEMO: 'true',
        CAPTCHA_PROVIDER: 'off',
        MAIL_TRANSPORT: 'outbox',
        RATE_LIMIT_SCALE: '1000',
        DB_STATEMENT_TIMEOUT_MS: String(STATEMENT_TIMEOUT_MS),
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
      },
      { timeoutMs: 180_000 },
    );
    const top = (await (await fetch(`${server.baseUrl}/api/opportunities/top`)).json()) as {
      opportunities: { id: number }[];
    };
    const listing = `/api/opportunities/${top.opportunities[0]!.id}`;
    const token = TARGET === 'audit-log' ? await adminToken(server.baseUrl) : '';
    const table = TARGET === 'audit-log' ? 'audit_log' : 'opportunities';
    const crawl = (page: number) =>
      TARGET === 'audit-log'
        ? get(server.baseUrl, `/api/admin/audit-log?page=${page}`, token)
        : get(server.baseUrl, `/api/opportunities?page=${page}`);
    console.log(
      `server on ${server.baseUrl}, PostgreSQL database ${name}, statement timeout ${STATEMENT_TIMEOUT_MS} ms, ` +
        `${CRAWLERS} crawlers of ${TARGET} while ${table} is locked, ${SECONDS} s a phase`,
    );

    const results = new Map<string, number>();
    const runPhase = async (phase: string, crawlers: number) => {
      const until = performance.now() + SECONDS * 1000;
      const honest: Answer[] = [];
      const crawled: Answer[] = [];
      const honestLoop = (async () => {
        const paths = ['/api/faqs', '/api/health', listing];
        for (let i = 0; performance.now() < until; i += 1) {
          honest.push(await get(server.baseUrl, paths[i % paths.length]!));
          await sleep(HONEST_PAUSE_MS);
        }
      })();
      const crawlerLoops = Array.from({ length: crawlers }, async (_, n) => {
        for (let page = 1 + n; performance.now() < until; page += crawlers) {
          crawled.push(await crawl((page % 5) + 1));
        }
      });
      await Promise.all([honestLoop, ...crawlerLoops]);
      const cheap = honest.filter((a) => a.path !== listing);
      const onTable = honest.filter((a) => a.path === listing);
      results.set(phase, p95(cheap.map((a) => a.ms)));
      console.log(
        `${phase.padEnd(7)} honest cheap p95 ${p95(cheap.map((a) => a.ms)).toFixed(0)} ms (${statuses(cheap)}); ` +
          `listing p95 ${p95(onTable.map((a) => a.ms)).toFixed(0)} ms (${statuses(onTable)})` +
          (crawlers
            ? `; crawlers ${statuses(crawled)}, p95 ${p95(crawled.map((a) => a.ms)).toFixed(0)} ms`
            : ''),
      );
    };

    await runPhase('before', 0);
    locker = new pg.Client({ connectionString: databaseUrl, application_name: 'bench-locker' });
    await locker.connect();
    await locker.query('BEGIN');
    await locker.query(`LOCK TABLE ${table} IN ACCESS EXCLUSIVE MODE`);
    await runPhase('locked', CRAWLERS);
    await locker.query('ROLLBACK');
    await locker.end();
    locker = undefined;
    const overdue = await withClient(databaseUrl, (c) =>
      c.query(
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database()
          AND application_name LIKE 'safqa-%' AND state = 'active'
          AND now() - query_start > make_interval(secs => $1)`,
        [STATEMENT_TIMEOUT_MS / 1000],
      ),
    );
    console.log(`statements of the server past their time limit at the release: ${overdue.rows[0].n}`);
    await runPhase('after', 0);
    const locked = results.get('locked')!;
    console.log(
      `goal: honest cheap p95 under ${GOAL_CHEAP_P95_MS} ms while locked: ${locked < GOAL_CHEAP_P95_MS ? 'met' : 'NOT met'}`,
    );
    const stopping = performance.now();
    const code = await server.stop();
    console.log(`SIGTERM: exit ${code} in ${(performance.now() - stopping).toFixed(0)} ms`);
    if (/"level":50/.test(server.output())) console.log('the server logged errors (level 50)');
  } finally {
    await locker?.end().catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
    await withClient(PG_SERVER, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
