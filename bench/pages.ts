/**
 * Public pages as a phone sees them (issue 9): Lighthouse 13, mobile form factor and its default
 * (simulated) throttling, Debian's Chromium, three runs per page and language, the median reported,
 * beside the same run's figures for a static HTML page of the same size served by the same server
 * (the ceiling: what the network and the browser cost with no JavaScript at all).
 *
 *   npm run bench -- pages            builds the web app and the server, starts the compiled server
 *                                     (NODE_ENV=production) on a fresh DATA_DIR seeded with demo data
 *   npm run bench -- pages --no-build uses apps/web/dist and apps/api/dist as they are
 *   npm run bench -- pages --only=/faq measures that page only
 *
 * Goals: performance >= 95 on every page in both languages, CLS <= 0.02, LCP <= 2.0 s.
 * CHROMIUM_PATH picks the browser (default /usr/bin/chromium); BENCH_RUNS the runs per page (3).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startServerProcess } from '../apps/api/src/test/server-process';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/support/env';

const root = path.resolve(import.meta.dirname, '..');
const webDist = path.join(root, 'apps/web/dist');
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const GOALS = { performance: 95, cls: 0.02, lcpMs: 2000 };

interface Figures {
  performance: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  bytes: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function measure(url: string, port: number): Promise<Figures> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
  });
  if (!result) throw new Error(`lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcpMs: audit('first-contentful-paint'),
    lcpMs: audit('largest-contentful-paint'),
    tbtMs: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    bytes: audit('total-byte-weight'),
  };
}

/** Lighthouse now and then fails to record a trace (NO_NAVSTART): such a run is taken again, twice at most. */
async function measureWithRetry(url: string, port: number): Promise<Figures> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await measure(url, port);
    } catch (error) {
      if (attempt >= 3) throw error;
      console.warn(`retrying ${url}: ${String(error)}`);
    }
  }
}

async function medianOf(url: string, port: number): Promise<Figures> {
  const runs: Figures[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await measureWithRetry(url, port));
  return {
    performance: median(runs.map((r) => r.performance)),
    fcpMs: median(runs.map((r) => r.fcpMs)),
    lcpMs: median(runs.map((r) => r.lcpMs)),
    tbtMs: median(runs.map((r) => r.tbtMs)),
    cls: median(runs.map((r) => r.cls)),
    bytes: median(runs.map((r) => r.bytes)),
  };
}

function row(label: string, f: Figures, ceiling?: Figures) {
  const ok = f.performance >= GOALS.performance && f.cls <= GOALS.cls && f.lcpMs <= GOALS.lcpMs;
  const vs = ceiling ? ` | ${(f.lcpMs / ceiling.lcpMs).toFixed(2)}x` : ' |';
  return `| ${label} | ${f.performance} | ${(f.fcpMs / 1000).toFixed(2)} s | ${(f.lcpMs / 1000).toFixed(2)} s | ${Math.round(f.tbtMs)} ms | ${f.cls.toFixed(3)} | ${Math.round(f.bytes / 1024)} KiB${vs} ${ceiling ? (ok ? 'met' : 'MISSED') : 'ceiling'} |`;
}

async function main() {
  if (!process.argv.includes('--no-build')) {
    const build = spawnSync('npm', ['run', 'build'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (build.status !== 0) throw new Error('the web build failed');
  }
  // The ceilings are written into the build before the server starts (it lists the build's files then).
  const ceilingDir = path.join(webDist, 'bench-ceiling');
  mkdirSync(ceilingDir, { recursive: true });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'safqa-bench-pages-'));
  const seeding = await startServerProcess(
    { DATA_DIR: dataDir, PORT: '0', NODE_ENV: 'test', SEED_DEMO: 'true' },
    { timeoutMs: 180_000 },
  );
  const top = (await (await fetch(`${seeding.baseUrl}/api/opportunities/top`)).json()) as {
    opportunities: { id: number }[];
  };
  const only = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);
  const pages = ['/', '/search', `/opportunities/${top.opportunities[0]!.id}`, '/faq'].filter(
    (page) => !only || page === only || (only === '/opportunities' && page.startsWith('/opportunities/')),
  );
  for (const [index, page] of pages.entries()) {
    const html = await (await fetch(`${seeding.baseUrl}${page}?lang=ar`)).text();
    const text = html
      .replace(/<script[\s\S]*?<\/script>/g, '')
      .replace(/<link[^>]*>/g, '')
      .replace(/<[^>]+>/g, ' ');
    const body = `<!doctype html><html lang="ar" dir="rtl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>ceiling</title></head><body><main><h1>صفقة</h1><p>${text.replace(/\s+/g, ' ')}</p></main></body></html>`;
    writeFileSync(path.join(ceilingDir, `page-${index}.html`), body.padEnd(Buffer.byteLength(html), ' '));
  }
  await seeding.stop();
  // As in production: the compiled server, React's production build on the server side too.
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
    },
    { timeoutMs: 180_000, build: 'compiled' },
  );
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
  });
  const lines = [
    '| page | performance | FCP | LCP | TBT | CLS | bytes | LCP vs ceiling | goal |',
    '|---|---|---|---|---|---|---|---|---|',
  ];
  try {
    for (const [index, page] of pages.entries()) {
      const ceiling = await medianOf(`${server.baseUrl}/bench-ceiling/page-${index}.html`, chrome.port);
      lines.push(row(`${page} (static ceiling)`, ceiling));
      for (const lang of ['ar', 'en']) {
        lines.push(
          row(
            `${page} ${lang}`,
            await medianOf(`${server.baseUrl}${page}?lang=${lang}`, chrome.port),
            ceiling,
          ),
        );
        console.log(lines.at(-1));
      }
    }
  } finally {
    chrome.kill();
    await server.stop();
    rmSync(ceilingDir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(`\nLighthouse ${RUNS} runs per page, medians (mobile, simulated throttling):\n`);
  console.log(lines.join('\n'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
