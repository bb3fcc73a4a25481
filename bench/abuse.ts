/**
 * What one hostile anonymous request costs the server (issue 20). The compiled server runs as in
 * production (NODE_ENV=production, demo data on embedded PGlite in a scratch directory). Phase by
 * phase, 20 hostile clients send one kind of request while one honest client calls /api/health and
 * GET /api/opportunities/{id} in turn:
 *
 *   listing JSON     GET /api/opportunities/{id}: the reference every other kind is compared with
 *   unknown keys     a ~950 KB JSON body of 90,000 unknown keys to the four anonymous JSON routes
 *   deep nesting     {"properties":{"a":[[[[...]]]]}} to /api/analytics/events, 200,000 levels
 *   largest body     the largest body /api/error-logs takes (found by halving from 1 MB until it
 *                    is not 413), made of small values: the most JSON parsing one request can buy
 *   teaser           GET /api/opportunities/{id}/teaser.pdf, Arabic and English callers in turn
 *   page             GET /opportunities/{id}?lang=ar|en as HTML (the server-side render)
 *   slow body        headers, then one byte of a 100-byte body every 2 s, held for the whole phase
 *
 * Each hostile client sends at most --rate requests a second (default 2, so 40 a second in all: any
 * kind costing more than ~25 ms of CPU saturates a core, a cheap one leaves the server mostly idle)
 * and waits for each answer, so at most 20 are in flight. Per-IP limits are scaled (RATE_LIMIT_SCALE, default 1000) so route limits such as
 * contact's 5 in 10 minutes do not turn every kind into cheap 429s; --rate-limit-scale=1 measures
 * the limiter instead.
 *
 * Server CPU is read from the server process itself (/proc/<pid>/stat utime + stime) over each
 * phase, less what the honest client's requests cost (measured alone on the idle server), divided
 * by the hostile requests answered: robust on a shared machine, where wall-clock times are not.
 * Goals: no hostile kind costs more than 20 ms of CPU a request; the honest p95 stays within 3x its
 * value on the idle server.
 *
 *   npm run bench -- abuse [--no-build] [--seconds=6] [--rate=2] [--rate-limit-scale=1000]
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { startServerProcess } from '../apps/api/src/test/server-process';

const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k, v ?? 'true'];
  }),
);
const root = path.resolve(import.meta.dirname, '..');
const SECONDS = Number(args.seconds ?? 6);
const RATE = Number(args.rate ?? 2);
const SCALE = Number(args['rate-limit-scale'] ?? 1000);
const CLIENTS = 20;
const HONEST_PAUSE_MS = 50;
const GOAL_CPU_MS = 20;
const GOAL_P95_RATIO = 3;
const SLOW_BYTE_EVERY_MS = 2000;

interface Answer {
  status: number;
  bytes: number;
  ms: number;
}

/** One HTTP exchange; a refused or cut connection is status 0, never a thrown error. */
function exchange(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: Buffer; agent?: http.Agent },
): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve) => {
    const request = http.request(url, {
      method: options.method ?? 'GET',
      headers: options.headers,
      agent: options.agent,
    });
    request.on('response', (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, bytes, ms: performance.now() - started }),
      );
      response.on('error', () => resolve({ status: 0, bytes, ms: performance.now() - started }));
    });
    request.on('error', () => resolve({ status: 0, bytes: 0, ms: performance.now() - started }));
    request.end(options.body);
  });
}

/** CPU time (user + system) the process has used, in milliseconds. */
function cpuMsOf(pid: number) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

function p95(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(0.95 * sorted.length) - 1)]! : NaN;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A hostile request kind: `send` makes one request (or holds one connection) and reports its answer. */
interface Kind {
  name: string;
  send(client: number, until: number): Promise<Answer>;
}

interface PhaseResult {
  name: string;
  answers: Answer[];
  cpuMs: number;
  honest: number[];
  honestFailures: number;
}

async function main() {
  if (args.build !== 'false' && !('no-build' in args)) {
    console.log('building the web app and the server (--no-build to skip)');
    const build = spawnSync('npm', ['run', 'build'], {
      cwd: root,
      stdio: 'ignore',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (build.status !== 0) throw new Error('the build failed');
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'safqa-bench-abuse-'));
  const apiDir = path.join(root, 'apps/api');
  try {
    const seeding = await startServerProcess(
      { DATA_DIR: dataDir, PORT: '0', NODE_ENV: 'test', SEED_DEMO: 'true' },
      { timeoutMs: 180_000, apiDir },
    );
    const top = (await (await fetch(`${seeding.baseUrl}/api/opportunities/top`)).json()) as {
      opportunities: { id: number }[];
    };
    await seeding.stop();
    const listingId = top.opportunities[0]!.id;

    const server = await startServerProcess(
      {
        DATA_DIR: dataDir,
        PORT: '0',
        NODE_ENV: 'production',
        JWT_SECRET: 'bench-only-secret-0123456789abcdefghijklmnop',
        ALTCHA_HMAC_KEY: 'bench-only-altcha-key',
        PUBLIC_URL: 'https://safqa.example',
        SMTP_HOST: '127.0.0.1',
        SEED_DEMO: '',
        RATE_LIMIT_SCALE: String(SCALE),
      },
      { timeoutMs: 180_000, build: 'compiled', apiDir },
    );
    try {
      return await measure(server.baseUrl, server.child.pid!, listingId);
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function measure(baseUrl: string, pid: number, listingId: number) {
  const health = await fetch(`${baseUrl}/api/health`);
  const csrf = /XSRF-TOKEN=([^;]+)/.exec(health.headers.get('set-cookie') ?? '')?.[1];
  if (!csrf) throw new Error('no XSRF-TOKEN cookie from /api/health');
  const jsonHeaders = {
    'content-type': 'application/json',
    cookie: `XSRF-TOKEN=${csrf}`,
    'x-xsrf-token': decodeURIComponent(csrf),
  };
  const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });
  const post = (pathname: string, body: Buffer) =>
    exchange(`${baseUrl}${pathname}`, {
      method: 'POST',
      agent,
      body,
      headers: { ...jsonHeaders, 'content-length': String(body.length) },
    });

  const floodKeys: string[] = [];
  for (let i = 0; i < 90_000; i += 1) floodKeys.push(`"k${i}":0`);
  const flood = Buffer.from(`{${floodKeys.join(',')}}`);
  const anonymousRoutes = [
    '/api/analytics/events',
    '/api/contact',
    '/api/auth/login',
    '/api/error-logs',
    '/api/saved-searches/unsubscribe?token=x',
  ];
  const depth = 200_000;
  const deep = Buffer.from(
    `{"name":"page_view","path":"/","properties":{"a":${'['.repeat(depth)}${']'.repeat(depth)}}}`,
  );
  const largest = await largestAcceptedBody(post);
  let turn = 0;
  const kinds: Kind[] = [
    { name: 'listing JSON', send: () => exchange(`${baseUrl}/api/opportunities/${listingId}`, { agent }) },
    { name: 'unknown keys', send: () => post(anonymousRoutes[turn++ % anonymousRoutes.length]!, flood) },
    { name: 'deep nesting', send: () => post('/api/analytics/events', deep) },
    {
      name: `largest body (${Math.round(largest.length / 1024)} KB)`,
      send: () => post('/api/error-logs', largest),
    },
    {
      name: 'teaser PDF',
      send: () =>
        exchange(`${baseUrl}/api/opportunities/${listingId}/teaser.pdf`, {
          agent,
          headers: { 'accept-language': turn++ % 2 ? 'en' : 'ar' },
        }),
    },
    {
      name: 'page render',
      send: () =>
        exchange(`${baseUrl}/opportunities/${listingId}?lang=${turn++ % 2 ? 'en' : 'ar'}`, {
          agent,
          headers: { accept: 'text/html' },
        }),
    },
    { name: 'slow body', send: (_client, until) => slowBody(baseUrl, jsonHeaders, until) },
  ];

  // Warm-up (every kind but the slow body): first requests pay for lazy loading and compilation.
  for (const kind of kinds.slice(0, -1)) for (let i = 0; i < 3; i += 1) await kind.send(0, 0);
  for (let i = 0; i < 20; i += 1) await exchange(`${baseUrl}/api/opportunities/${listingId}`, { agent });

  // The honest client alone: its p95, and what its own requests cost the server.
  const idle = await phase(baseUrl, pid, listingId, null);
  const honestCpuMs = idle.cpuMs / Math.max(1, idle.honest.length + idle.honestFailures);
  const idleP95 = p95(idle.honest);
  console.log(
    `\nidle server: honest p95 ${idleP95.toFixed(1)} ms over ${idle.honest.length} requests, ` +
      `${honestCpuMs.toFixed(2)} ms of server CPU each`,
  );
  const results: PhaseResult[] = [];
  for (const kind of kinds) {
    const result = await phase(baseUrl, pid, listingId, kind);
    result.cpuMs -= (result.honest.length + result.honestFailures) * honestCpuMs;
    results.push(result);
    console.log(`  ${kind.name}: ${result.answers.length} requests`);
  }
  agent.destroy();
  return report(results, idleP95);
}

/** Halves from just under 1 MB until /api/error-logs no longer answers 413. */
async function largestAcceptedBody(post: (pathname: string, body: Buffer) => Promise<Answer>) {
  for (let size = 1024 * 1024 - 1024; size >= 1024; size = Math.floor(size / 2)) {
    const values = Math.floor((size - 64) / 2);
    const body = Buffer.from(`{"message":"boom","path":"/","stack":[${'0,'.repeat(values - 1)}0]}`);
    const answer = await post('/api/error-logs', body);
    if (answer.status !== 413) return body;
  }
  throw new Error('/api/error-logs refuses every size as too large');
}

/** Headers, then one byte every few seconds: the connection is held until `until` or the server ends it. */
function slowBody(baseUrl: string, headers: Record<string, string>, until: number): Promise<Answer> {
  const { hostname, port } = new URL(baseUrl);
  const started = performance.now();
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname);
    let answer = '';
    let timer: NodeJS.Timeout | undefined;
    const finish = () => {
      clearTimeout(timer);
      socket.destroy();
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0);
      resolve({ status, bytes: answer.length, ms: performance.now() - started });
    };
    const drip = () => {
      if (performance.now() >= until || socket.destroyed) return finish();
      socket.write(' ');
      timer = setTimeout(drip, Math.min(SLOW_BYTE_EVERY_MS, until - performance.now()));
    };
    socket.on('connect', () => {
      const lines = Object.entries({ ...headers, host: `${hostname}:${port}`, 'content-length': '100' });
      socket.write(
        `POST /api/contact HTTP/1.1\r\n${lines.map(([k, v]) => `${k}: ${v}`).join('\r\n')}\r\n\r\n`,
      );
      drip();
    });
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
    socket.on('close', finish);
    socket.on('error', finish);
  });
}

/** One phase: the honest client for SECONDS, beside CLIENTS hostile clients of `kind` (none when idle). */
async function phase(
  baseUrl: string,
  pid: number,
  listingId: number,
  kind: Kind | null,
): Promise<PhaseResult> {
  const cpuBefore = cpuMsOf(pid);
  const until = performance.now() + SECONDS * 1000;
  const honestAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const honest: number[] = [];
  let honestFailures = 0;
  const honestLoop = (async () => {
    for (let i = 0; performance.now() < until; i += 1) {
      const pathname = i % 2 ? `/api/opportunities/${listingId}` : '/api/health';
      const answer = await exchange(`${baseUrl}${pathname}`, { agent: honestAgent });
      if (answer.status === 200) honest.push(answer.ms);
      else honestFailures += 1;
      await sleep(HONEST_PAUSE_MS);
    }
  })();
  const answers: Answer[] = [];
  const hostile = Array.from({ length: kind ? CLIENTS : 0 }, async (_, client) => {
    // Spread the clients' first requests over one interval, as independent clients would be.
    await sleep((client * 1000) / RATE / CLIENTS);
    while (performance.now() < until) {
      const slot = performance.now() + 1000 / RATE;
      answers.push(await kind!.send(client, until));
      const wait = slot - performance.now();
      if (wait > 0) await sleep(Math.min(wait, until - performance.now()));
    }
  });
  await Promise.all([honestLoop, ...hostile]);
  honestAgent.destroy();
  // Requests still running on the server after the last answer would be missed: let it settle.
  await sleep(300);
  return { name: kind?.name ?? 'idle', answers, cpuMs: cpuMsOf(pid) - cpuBefore, honest, honestFailures };
}

function formatBytes(bytes: number) {
  return bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : bytes >= 1024
      ? `${(bytes / 1024).toFixed(1)} KB`
      : `${bytes} B`;
}

function report(results: PhaseResult[], idleP95: number) {
  const reference = results[0]!;
  const referenceCpu = reference.cpuMs / Math.max(1, reference.answers.length);
  console.log(
    `\n${CLIENTS} hostile clients, each at most ${RATE} requests a second, ${SECONDS} s a kind; ` +
      `per-IP rate limits scaled x${SCALE} (RATE_LIMIT_SCALE)`,
  );
  console.log(
    `honest client: /api/health and GET /api/opportunities/{id} in turn; idle p95 ${idleP95.toFixed(1)} ms`,
  );
  // Latencies depend on whatever else the machine runs; CPU per request much less.
  console.log(`machine load average (1 min) at the end: ${loadavg()[0]!.toFixed(1)}\n`);
  const header = [
    'kind',
    'requests',
    'answers',
    'largest answer',
    'CPU/request',
    'x listing',
    'honest p95',
    'x idle',
    'goals',
  ];
  const rows = results.map((result, index) => {
    // Held connections cost next to nothing: what is left after the honest client's share can fall
    // a little below zero, which is noise.
    const cpu = Math.max(0, result.cpuMs / Math.max(1, result.answers.length));
    const honestP95 = p95(result.honest);
    const statuses = new Map<number, number>();
    for (const answer of result.answers) statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
    const cpuOk = index === 0 || cpu <= GOAL_CPU_MS;
    const p95Ok = honestP95 <= GOAL_P95_RATIO * idleP95 && result.honestFailures === 0;
    return {
      ok: cpuOk && p95Ok,
      cells: [
        result.name,
        String(result.answers.length),
        [...statuses].map(([status, count]) => `${status || 'none'}x${count}`).join(' '),
        formatBytes(Math.max(0, ...result.answers.map((a) => a.bytes))),
        `${cpu.toFixed(1)} ms`,
        (cpu / referenceCpu).toFixed(1),
        `${honestP95.toFixed(1)} ms${result.honestFailures ? ` (${result.honestFailures} failed)` : ''}`,
        (honestP95 / idleP95).toFixed(1),
        index === 0 ? '(reference)' : `${cpuOk ? 'cpu ok' : 'CPU > 20 ms'}, ${p95Ok ? 'p95 ok' : 'p95 > 3x'}`,
      ],
    };
  });
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r.cells[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(line(header));
  for (const row of rows) console.log(line(row.cells));
  const ok = rows.every((r) => r.ok);
  console.log(
    `\ngoals (CPU <= ${GOAL_CPU_MS} ms a hostile request, honest p95 <= ${GOAL_P95_RATIO}x idle): ${ok ? 'met' : 'NOT met'}`,
  );
  return ok ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
