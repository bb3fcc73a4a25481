/**
 * `npm run bench -- start [--runs=3]`: the server started from TypeScript through tsx (how production
 * ran before issue 10) against the compiled build (`node dist/server.js`, how it runs now), in the same
 * run: time from spawn to a healthy /api/health, and resident memory after start and after 200
 * requests. Each start is on a fresh embedded DATA_DIR with migrations and no demo data.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServerProcess } from '../apps/api/src/test/server-process';

const runs = Number(process.argv.find((a) => a.startsWith('--runs='))?.split('=')[1] ?? 3);
const root = path.resolve(import.meta.dirname, '..');

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function measure(build: 'source' | 'compiled') {
  const dataDir = mkdtempSync(path.join(tmpdir(), `safqa-bench-start-${build}-`));
  const started = performance.now();
  const server = await startServerProcess(
    {
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      PORT: '0',
      NODE_ENV: 'development',
      SEED_DEMO: 'false',
      CAPTCHA_PROVIDER: 'off',
      MAIL_TRANSPORT: 'outbox',
      RATE_LIMIT_SCALE: '1000',
    },
    { build, timeoutMs: 120_000 },
  );
  // The log line comes first; the first answered health check is what a load balancer waits for.
  while ((await fetch(`${server.baseUrl}/api/health`).catch(() => null))?.status !== 200) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const startMs = performance.now() - started;
  const pid = server.child.pid!;
  const afterStart = rssMb(pid);
  for (let i = 0; i < 200; i++) await (await fetch(`${server.baseUrl}/api/faqs`)).arrayBuffer();
  const afterLoad = rssMb(pid);
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
  return { startMs, afterStart, afterLoad };
}

const build = spawnSync('npm', ['run', 'build', '-w', '@safqa/api'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const results: Record<'source' | 'compiled', Awaited<ReturnType<typeof measure>>[]> = {
  source: [],
  compiled: [],
};
for (let i = 0; i < runs; i++) {
  // Alternate, so a machine that gets busier during the run does not favour one side.
  results.source.push(await measure('source'));
  results.compiled.push(await measure('compiled'));
}

const summary = (build: 'source' | 'compiled') => ({
  startMs: median(results[build].map((r) => r.startMs)),
  afterStart: median(results[build].map((r) => r.afterStart)),
  afterLoad: median(results[build].map((r) => r.afterLoad)),
});
const source = summary('source');
const compiled = summary('compiled');
console.log(`\nserver start, median of ${runs} (fresh embedded DATA_DIR, migrations, no demo data)\n`);
console.log('| | start to healthy | RSS after start | RSS after 200 requests |');
console.log('|---|---|---|---|');
for (const [name, row] of [
  ['tsx src/server.ts (before)', source],
  ['node dist/server.js (now)', compiled],
] as const) {
  console.log(
    `| ${name} | ${(row.startMs / 1000).toFixed(2)} s | ${row.afterStart.toFixed(0)} MB | ${row.afterLoad.toFixed(0)} MB |`,
  );
}
console.log(
  `| compiled / source | ${(compiled.startMs / source.startMs).toFixed(2)} | ${(compiled.afterStart / source.afterStart).toFixed(2)} | ${(compiled.afterLoad / source.afterLoad).toFixed(2)} |`,
);
