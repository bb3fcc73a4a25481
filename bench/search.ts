import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';
import { openLoop, stats, type Stats } from './open-loop';

/**
 * `npm run bench -- search [--db=pglite|postgres|both] [--duration=10] [--rows=100000]`
 *
 * Loads 100,000 approved listings into a fresh database, then measures with autocannon
 * (10 connections):
 *   - GET /api/opportunities with a text query, two filters and a sort, beside the same SQL run
 *     directly through the driver (10 concurrent callers) in the same run;
 *   - GET /api/opportunities/top beside a bare Fastify route answering the same JSON from memory.
 * and an open-loop run: searches sent at a fixed --rate (100 per second), evenly spaced, whatever
 * the answers take, so a slow answer does not slow the arrivals down (what real visitors do).
 * Goals: search p95 <= 20 ms closed and open loop, and <= 1.5 x direct SQL; top >= half the bare
 * route's throughput.
 * PostgreSQL server when BENCH_DATABASE_URL or TEST_DATABASE_URL is set, else embedded PGlite.
 */
const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k, v ?? 'true'];
  }),
);
const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const duration = Number(args.duration ?? 10);
const rows = Number(args.rows ?? 100_000);
const connections = 10;
const openLoopRate = Number(args.rate ?? 100);
const dbs = (
  args.db === 'both' ? ['postgres', 'pglite'] : [args.db ?? (serverUrl ? 'postgres' : 'pglite')]
) as Array<'postgres' | 'pglite'>;

/** A text query, two filters (business type, region) and a sort; rotated so no single plan is cached luck. */
const SEARCH_PATHS = [
  ['مطعم', 8, 1],
  ['قهوة', 8, 2],
  ['متجر الكتروني', 4, 1],
  ['restaurant', 8, 2],
  ['صيدليه', 2, 3],
].map(
  ([q, bt, region]) =>
    `/api/opportunities?q=${encodeURIComponent(String(q))}&businessTypeId=${bt}&regionId=${region}&sort=newest`,
);

async function load(url: string, paths: string[], seconds: number): Promise<Stats> {
  const latencies: number[] = [];
  let errors = 0;
  const instance = autocannon({
    url,
    connections,
    duration: seconds,
    requests: paths.map((p) => ({ method: 'GET', path: p })),
  });
  instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    if (statusCode !== 200) errors += 1;
    latencies.push(responseTime);
  });
  const result = await instance;
  return stats(latencies, result.duration, errors + result.errors + result.timeouts);
}

function waitFor<T>(child: ChildProcess, type: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: { type: string }) => {
      if (message.type !== type) return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve(message as T);
    };
    const onExit = (code: number | null) => reject(new Error(`bench server exited (${code})`));
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

const ms = (v: number) => `${v.toFixed(2)} ms`.padStart(10);
const num = (v: number) => v.toFixed(0).padStart(8);

async function benchOne(kind: 'postgres' | 'pglite') {
  console.log(`\n=== ${kind}: loading ${rows.toLocaleString('en')} approved listings ...`);
  const child = fork(path.join(import.meta.dirname, 'search-server.ts'), [], {
    execArgv: ['--import', 'tsx'],
    env: {
      ...process.env,
      BENCH_DB_KIND: kind,
      BENCH_DATABASE_URL: serverUrl ?? '',
      BENCH_ROWS: String(rows),
      API_PORT: '3600',
      BARE_PORT: '3601',
      DATA_DIR: '/tmp/opportunities-data/bench',
    },
  });
  try {
    const ready = await waitFor<{ loadSeconds: number; apiPort: number; barePort: number }>(child, 'ready');
    console.log(`loaded in ${ready.loadSeconds.toFixed(1)} s`);
    const api = `http://127.0.0.1:${ready.apiPort}`;

    child.send({ cmd: 'explain', paths: SEARCH_PATHS.slice(0, 1) });
    const { plans } = await waitFor<{ plans: Record<string, string> }>(child, 'plans');
    for (const [p, plan] of Object.entries(plans))
      console.log(`\nEXPLAIN ANALYZE for ${decodeURIComponent(p)}\n${plan}`);

    // Like for like first: the API counting every request (count cache off) against the same two
    // statements (page and total) run through the driver. Then the API as deployed, where a total
    // is counted at most every 30 s per set of conditions.
    child.send({ cmd: 'countCache', ttlMs: 0 });
    await waitFor(child, 'countCache');
    await load(api, SEARCH_PATHS, 2); // warm-up
    const searchUncached = await load(api, SEARCH_PATHS, duration);
    child.send({ cmd: 'direct', paths: SEARCH_PATHS, seconds: duration, concurrency: connections });
    const direct = await waitFor<{ latencies: number[]; seconds: number }>(child, 'direct');
    const searchSql = stats(direct.latencies, direct.seconds);
    child.send({ cmd: 'countCache', ttlMs: 30_000 });
    await waitFor(child, 'countCache');
    const searchApi = await load(api, SEARCH_PATHS, duration);
    const searchOpen = await openLoop({
      url: api,
      path: (i) => SEARCH_PATHS[i % SEARCH_PATHS.length]!,
      seconds: duration,
      rate: openLoopRate,
    });

    await load(api, ['/api/opportunities/top'], 2);
    const top = await load(api, ['/api/opportunities/top'], duration);
    const bare = await load(`http://127.0.0.1:${ready.barePort}`, ['/top'], duration);

    const row = (name: string, s: Stats) =>
      `| ${name.padEnd(34)} | ${ms(s.p50)} | ${ms(s.p95)} | ${ms(s.p99)} | ${num(s.rps)} | ${String(s.errors).padStart(6)} |`;
    console.log(
      `\nResults (${kind}, ${rows.toLocaleString('en')} rows, ${connections} connections, ${duration} s each)`,
    );
    console.log(
      `| ${'measure'.padEnd(34)} | ${'p50'.padStart(10)} | ${'p95'.padStart(10)} | ${'p99'.padStart(10)} | ${'req/s'.padStart(8)} | errors |`,
    );
    console.log(
      `|${'-'.repeat(36)}|${'-'.repeat(12)}|${'-'.repeat(12)}|${'-'.repeat(12)}|${'-'.repeat(10)}|--------|`,
    );
    console.log(row('search API, totals counted each time', searchUncached));
    console.log(row('search SQL direct (page + total)', searchSql));
    console.log(row('search API as deployed (total cache)', searchApi));
    console.log(row(`search API, open loop ${openLoopRate} req/s`, searchOpen));
    console.log(row('top API (GET /api/opportunities/top)', top));
    console.log(row('bare Fastify route, same JSON', bare));
    const p95Ratio = searchUncached.p95 / searchSql.p95;
    const topRatio = top.rps / bare.rps;
    const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');
    console.log(
      `\nsearch p95 ${searchApi.p95.toFixed(2)} ms (goal <= 20 ms): ${verdict(searchApi.p95 <= 20)}`,
    );
    console.log(
      `search p95 at ${openLoopRate} req/s open loop ${searchOpen.p95.toFixed(2)} ms (goal <= 20 ms): ${verdict(searchOpen.p95 <= 20)}`,
    );
    console.log(
      `search p95 API (uncached) / direct SQL = ${p95Ratio.toFixed(2)}x (goal <= 1.5x): ${verdict(p95Ratio <= 1.5)}`,
    );
    console.log(
      `top throughput / bare route = ${topRatio.toFixed(2)} (goal >= 0.5): ${verdict(topRatio >= 0.5)}`,
    );
    return { kind, searchApi, searchOpen, searchUncached, searchSql, top, bare, p95Ratio, topRatio };
  } finally {
    if (child.connected) {
      child.send({ cmd: 'exit' });
      await new Promise((resolve) => child.once('exit', resolve));
    }
  }
}

const results = [];
for (const kind of dbs) results.push(await benchOne(kind));
if (results.length > 1) {
  console.log('\nSummary');
  for (const r of results) {
    console.log(
      `${r.kind.padEnd(9)} search p95 ${r.searchApi.p95.toFixed(2)} ms, open loop ${r.searchOpen.p95.toFixed(2)} ms (uncached ${r.searchUncached.p95.toFixed(2)} ms = ${r.p95Ratio.toFixed(2)}x SQL), top ${r.top.rps.toFixed(0)} req/s (${r.topRatio.toFixed(2)}x bare)`,
    );
  }
}
