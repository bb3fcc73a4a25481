/**
 * Every hot path at a real market's size (issue [scale]), beside the same path on a demo-size market
 * in the same run.
 *
 *   SCALE_PASSWORD=... npm run bench -- scale [--database=URL] [--demo-database=URL] [--factor=1]
 *     [--seconds=6] [--rate=20] [--admin-rate=5] [--only=<part of a scene name>] [--no-build]
 *
 * --database is a PostgreSQL database `npm run scale:load` filled (SCALE_DATABASE_URL, by default
 * postgres://postgres@127.0.0.1:5432/safqa_scale); with --factor the bench fills it first. The demo
 * database (--demo-database, by default the same server's safqa_scale_demo) is filled at factor 0.001
 * on every run: about the demo's size (100 listings, 1,000 users), with the same generated accounts,
 * so that every scene has its counterpart.
 *
 * Both servers run compiled, NODE_ENV=production, one on each database, each started as a new build
 * (its stored pages deleted first). On the large market, listing pages are measured during the first
 * --deploy-seconds (60) after that deploy while the warmer works (--no-deploy: no deploy, the stored
 * pages kept). The bench waits for each warmer's start-up queue to drain, then measures one scene at a time, open loop at
 * --rate requests a second (--admin-rate for the admin's searches and lists and the seller's
 * insights) for --seconds after one second of warm-up, first on the demo market, then on the large
 * one. For each: p50/p95/p99 of the answered requests (each timed from when it was due), failures,
 * and the server's own CPU per request (from /proc, so a busy machine does not inflate it). Then a
 * saturation ramp (bench/scale-mix.ts; --no-mix to skip, --mix-rates=25,50,... for the steps).
 * Per-IP limits are scaled x1000 (RATE_LIMIT_SCALE): the bench sends everything from one address.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startServerProcess, type ServerProcess } from '../apps/api/src/test/server-process';
import { signIn } from '../scripts/sign-in.mjs';
import { openLoop, type Stats } from './open-loop';
import { mixRamp } from './scale-mix';
import { GOAL_MS, scenes, type Found, type Scene } from './scale-scenes';

const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k, v ?? 'true'];
  }),
);
const root = path.resolve(import.meta.dirname, '..');
const SECONDS = Number(args.seconds ?? 6);
const RATE = Number(args.rate ?? 20);
// Admins are a handful of people: their searches and lists are measured at a lower rate.
const ADMIN_RATE = Number(args['admin-rate'] ?? 5);
const PASSWORD = process.env.SCALE_PASSWORD ?? '';
const LARGE_URL =
  args.database ?? process.env.SCALE_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/safqa_scale';
const DEMO_URL = args['demo-database'] ?? withDatabase(LARGE_URL, 'safqa_scale_demo');
const WARM_TIMEOUT_S = Number(args['warm-timeout'] ?? 900);
const DEPLOY_SECONDS = Number(args['deploy-seconds'] ?? 60);

function withDatabase(url: string, name: string) {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

async function ensureDatabase(url: string) {
  const name = new URL(url).pathname.slice(1);
  const admin = new pg.Client({ connectionString: withDatabase(url, 'postgres') });
  await admin.connect();
  try {
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!exists.rowCount) await admin.query(`CREATE DATABASE "${name.replaceAll('"', '""')}"`);
  } finally {
    await admin.end();
  }
}

function scaleLoad(url: string, factor: string) {
  console.log(`filling ${new URL(url).pathname.slice(1)} at factor ${factor} ...`);
  const run = spawnSync('npm', ['run', '--silent', 'scale:load', '--', `--factor=${factor}`], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, DATABASE_URL: url },
  });
  if (run.status !== 0) throw new Error(`scale:load --factor=${factor} failed`);
}

/** What the scenes need from one database, read once before measuring. */
async function find(url: string): Promise<Found & { listings: number; users: number }> {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    const one = async (text: string) => Object.values((await db.query(text)).rows[0] ?? {})[0];
    const ids = async (text: string) => (await db.query(text)).rows.map((r) => Number(r.id));
    const sellerId = Number(await one(`SELECT id FROM users WHERE email = 'user1@scale.example'`));
    const buyerId = Number(await one(`SELECT id FROM users WHERE email = 'user2@scale.example'`));
    const audit = (
      await db.query('SELECT actor_id, target_type, target_id FROM audit_log ORDER BY id DESC LIMIT 1')
    ).rows[0];
    return {
      listings: Number(await one('SELECT count(*) FROM opportunities')),
      users: Number(await one('SELECT count(*) FROM users')),
      listingIds: await ids(
        `SELECT id FROM opportunities WHERE status = 'approved' AND NOT owner_suspended ORDER BY random() LIMIT 5000`,
      ),
      businessTypeIds: await ids('SELECT id FROM business_types ORDER BY id'),
      regionIds: await ids('SELECT id FROM regions ORDER BY id'),
      cityIds: await ids('SELECT id FROM cities ORDER BY id'),
      sellerListingId: Number(
        await one(
          `SELECT id FROM opportunities WHERE submitted_by = ${sellerId} ORDER BY offers_count DESC LIMIT 1`,
        ),
      ),
      buyerChatId: Number(
        await one(
          `SELECT c.id FROM chats c WHERE c.investor_id = ${buyerId} OR c.owner_id = ${buyerId}
           ORDER BY (SELECT count(*) FROM chat_messages m WHERE m.chat_id = c.id) DESC LIMIT 1`,
        ),
      ),
      auditActorId: Number(audit?.actor_id ?? 1),
      auditTarget: { type: String(audit?.target_type ?? 'user'), id: Number(audit?.target_id ?? 1) },
    };
  } finally {
    await db.end();
  }
}

/** Listings queued for the warmer, and pages stored so far (by any build). */
async function warmerState(url: string) {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    const { rows } = await db.query(
      'SELECT (SELECT count(*) FROM page_render_queue) AS queued, (SELECT count(*) FROM stored_pages) AS stored',
    );
    return { queued: Number(rows[0].queued), stored: Number(rows[0].stored) };
  } finally {
    await db.end();
  }
}

async function forgetStoredPages(url: string) {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    await db.query('DELETE FROM stored_pages');
  } finally {
    await db.end();
  }
}

/** Starts the production server on one database: how long until it listened and answered health. */
async function start(url: string, dataDir: string) {
  const started = performance.now();
  const server = await startServerProcess(
    {
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      PORT: '0',
      NODE_ENV: 'production',
      JWT_SECRET: 'bench-only-secret-0123456789abcdefghijklmnop',
      ALTCHA_HMAC_KEY: 'bench-only-altcha-key',
      PUBLIC_URL: 'https://safqa.example',
      SMTP_HOST: '127.0.0.1',
      SEED_DEMO: '',
      RATE_LIMIT_SCALE: '1000',
    },
    { timeoutMs: 180_000, build: 'compiled', apiDir: path.join(root, 'apps/api') },
  );
  const health = await fetch(`${server.baseUrl}/api/health`);
  if (health.status !== 200) throw new Error(`health answered ${health.status}`);
  return { server, healthyMs: performance.now() - started };
}

/**
 * Waits until the warmer has rendered its start-up queue (or the timeout): nothing queued and no page
 * stored for 4 s (the warmer takes a batch off the queue before rendering it, so an empty queue alone
 * does not mean it is done). The seconds since the server started, less that quiet wait, and the
 * pages in the store (emptied before the start: the warmer's and the visitors' renders).
 */
async function warmed(
  url: string,
  startedAt: number,
): Promise<{ seconds: number; stored: number; left: number }> {
  let previous = await warmerState(url);
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 4000));
    const now = await warmerState(url);
    const timedOut = performance.now() - startedAt > WARM_TIMEOUT_S * 1000;
    if ((now.queued === 0 && now.stored === previous.stored) || timedOut) {
      return { seconds: (performance.now() - startedAt) / 1000 - 4, stored: now.stored, left: now.queued };
    }
    previous = now;
  }
}

function cpuMsOf(pid: number) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

interface Side {
  server: ServerProcess;
  url: string;
  found: Found;
  tokens: Record<'admin' | 'seller' | 'buyer', string>;
  scenes: Scene[];
}

async function measure(side: Side, scene: Scene): Promise<Stats & { cpuMs: number; statuses: string }> {
  const headers = {
    ...scene.headers,
    ...(scene.as ? { authorization: `Bearer ${side.tokens[scene.as]}` } : {}),
  };
  const run = (seconds: number, offset: number) =>
    openLoop({
      url: side.server.baseUrl,
      path: (i) => scene.path(i + offset),
      seconds,
      rate: scene.goal === 'admin' ? ADMIN_RATE : RATE,
      headers,
      ok: scene.ok,
    });
  await run(1, 100_000);
  const pid = side.server.child.pid!;
  const cpuBefore = cpuMsOf(pid);
  const result = await run(SECONDS, 0);
  const cpuMs = (cpuMsOf(pid) - cpuBefore) / Math.max(1, result.count + result.errors);
  const statuses = [...result.statuses].map(([s, n]) => `${s}x${n}`).join(' ');
  return { ...result, cpuMs, statuses };
}

const cell = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : '-');

async function main() {
  if (!PASSWORD) throw new Error('set SCALE_PASSWORD (the password scale:load gave the generated accounts)');
  if (args.factor) {
    await ensureDatabase(LARGE_URL);
    scaleLoad(LARGE_URL, args.factor);
  }
  await ensureDatabase(DEMO_URL);
  scaleLoad(DEMO_URL, '0.001');
  if (!('no-build' in args)) {
    console.log('building the web app and the server (--no-build to skip)');
    const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'ignore' });
    if (build.status !== 0) throw new Error('the build failed');
  }

  const dataDir = mkdtempSync(path.join(tmpdir(), 'safqa-bench-scale-'));
  const sides: Record<'demo' | 'large', Side> = {} as never;
  const servers: ServerProcess[] = [];
  // Stopped with Ctrl-C or a signal: take the servers down too (an exit handler does not run then).
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      for (const server of servers) server.child.kill('SIGKILL');
      process.exit(130);
    });
  }
  try {
    for (const [name, url] of [
      ['demo', DEMO_URL],
      ['large', LARGE_URL],
    ] as const) {
      const found = await find(url);
      // A deploy: the new build finds no page of its own in the store (the old build's are useless
      // to it), so it starts exactly as a new build does.
      if (!('no-deploy' in args)) await forgetStoredPages(url);
      const startedAt = performance.now();
      const { server, healthyMs } = await start(url, path.join(dataDir, name));
      servers.push(server);
      // The first minute after the deploy: visitors open listings while the warmer renders the most
      // visited ones ahead (on the large market only, where it has work to do).
      const firstMinute =
        name === 'large' && !('no-deploy' in args)
          ? await openLoop({
              url: server.baseUrl,
              path: (i) =>
                `/opportunities/${found.listingIds[(i * 13) % found.listingIds.length]}?lang=${i % 2 ? 'en' : 'ar'}`,
              seconds: DEPLOY_SECONDS,
              rate: RATE,
            })
          : null;
      const warm = await warmed(url, startedAt);
      if (firstMinute) {
        console.log(
          `large, the first ${DEPLOY_SECONDS} s after the deploy: listing pages p50 ${cell(firstMinute.p50)} ms, ` +
            `p95 ${cell(firstMinute.p95)} ms, p99 ${cell(firstMinute.p99)} ms at ${RATE} req/s, ${firstMinute.errors} failures`,
        );
      }
      console.log(
        `${name}: ${found.listings.toLocaleString('en')} listings, ${found.users.toLocaleString('en')} users; ` +
          `healthy ${(healthyMs / 1000).toFixed(1)} s after start; ${warm.stored.toLocaleString('en')} pages stored ` +
          `(rendered ahead or by a visitor) and the warmer done ${warm.seconds.toFixed(0)} s after start${warm.left ? ` (${warm.left} listings still queued at the timeout)` : ''}`,
      );
      const as = async (who: string) =>
        (await signIn(server.baseUrl, `${who}@scale.example`, PASSWORD)).accessToken;
      sides[name] = {
        server,
        url,
        found,
        tokens: { admin: await as('admin'), seller: await as('user1'), buyer: await as('user2') },
        scenes: scenes(found),
      };
    }

    const only = args.only ? String(args.only).toLowerCase() : '';
    const names = sides.large.scenes
      .map((s) => s.name)
      .filter((n) => !only || n.toLowerCase().includes(only));
    console.log(
      `\nopen loop ${RATE} req/s (admin goal: ${ADMIN_RATE} req/s) for ${SECONDS} s per scene; load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')} on ${spawnSync('nproc').stdout.toString().trim()} cores\n`,
    );
    console.log(
      '| scene | goal p95 | demo p50 / p95 | large p50 / p95 / p99 (ms) | large / demo p95 | CPU ms/req demo, large | failures | verdict |',
    );
    console.log('|---|---:|---:|---:|---:|---:|---|---|');
    let missed = 0;
    for (const name of names) {
      const demoScene = sides.demo.scenes.find((s) => s.name === name)!;
      const largeScene = sides.large.scenes.find((s) => s.name === name)!;
      const demo = await measure(sides.demo, demoScene);
      const large = await measure(sides.large, largeScene);
      const goal = GOAL_MS[largeScene.goal];
      const pass = large.p95 <= goal && large.errors === 0;
      if (!pass) missed += 1;
      const failures = [demo.errors && `demo ${demo.statuses}`, large.errors && `large ${large.statuses}`]
        .filter(Boolean)
        .join('; ');
      console.log(
        `| ${name} | ${goal} | ${cell(demo.p50)} / ${cell(demo.p95)} | ${cell(large.p50)} / ${cell(large.p95)} / ${cell(large.p99)} | ${(large.p95 / demo.p95).toFixed(1)}x | ${cell(demo.cpuMs)}, ${cell(large.cpuMs)} | ${failures || '0'} | ${pass ? 'PASS' : 'MISS'} |`,
      );
    }
    console.log(`\n${names.length - missed} of ${names.length} scenes within their goal`);

    if (!('no-mix' in args)) {
      const rates = String(args['mix-rates'] ?? '25,50,100,150,200,300')
        .split(',')
        .map(Number);
      console.log(
        `\nSaturation: the mix (40 % listing pages and JSON, 30 % search, 15 % home, 15 % signed-in lists) on the large market, ${SECONDS} s a step`,
      );
      console.log(
        '| req/s | p50 ms | p95 ms | failures | Node process, cores | PostgreSQL backends, cores | load generator, cores |',
      );
      console.log('|---:|---:|---:|---:|---:|---:|---:|');
      const steps = await mixRamp({
        baseUrl: sides.large.server.baseUrl,
        serverPid: sides.large.server.child.pid!,
        databaseUrl: sides.large.url,
        token: sides.large.tokens.buyer,
        found: sides.large.found,
        rates,
        seconds: SECONDS,
      });
      for (const step of steps) {
        console.log(
          `| ${step.rate} | ${cell(step.p50)} | ${cell(step.p95)} | ${step.failures} | ${step.nodeCores.toFixed(2)} | ${step.postgresCores.toFixed(2)} | ${step.clientCores.toFixed(2)} |`,
        );
      }
    }
  } finally {
    for (const server of servers) await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
