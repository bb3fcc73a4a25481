/**
 * Where a public page's main thread goes after its first paint (issue 26): Debian's Chromium with the
 * CPU slowed down four times (CDP Emulation.setCPUThrottlingRate, as Lighthouse's phone), a performance
 * trace with V8's sampling profiler, and for every task of 50 ms or more after the first contentful
 * paint: when it ran, how long, what started it (script evaluation, a timer, a message...), and whose
 * code its samples were in, by file of the build (react-*, router-*, i18n-*, query-*, index-* = our
 * shell, the page's chunks). Not a score: a map for finding what to split.
 *
 *   npm run bench -- hydration                 builds nothing: serves apps/web/dist and apps/api/dist
 *                                              (run `npm run build` first) on fresh demo data
 *   npm run bench -- hydration --base=http://127.0.0.1:3000   a server already running
 *   npm run bench -- hydration --only=/search  one page; BENCH_RUNS runs each (default 1)
 *   npm run bench -- hydration --dir=<another checkout, built>   serves that checkout's build instead
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { startServerProcess, type ServerProcess } from '../apps/api/src/test/server-process';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/support/env';

const RUNS = Number(process.env.BENCH_RUNS ?? 1);
const CPU_SLOWDOWN = 4;
const LONG_TASK_MS = 50;
const CATEGORIES = [
  'toplevel',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'loading',
  'blink.user_timing',
  'disabled-by-default-v8.cpu_profiler',
];

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: {
    name?: string;
    data?: {
      url?: string;
      startTime?: number;
      cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
      timeDeltas?: number[];
      functionName?: string;
      type?: string;
    };
  };
}

interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url: string };
}

export interface LongTask {
  startMs: number;
  durationMs: number;
  /** What the task ran first: a script's evaluation, a timer, a message (React's scheduler), parsing… */
  kind: string;
  /** Milliseconds of samples by the file (chunk) of the code they were in, largest first. */
  byFile: [string, number][];
  /** The same by function (BENCH_FUNCTIONS=1; most useful with a build made with `vite build --minify false`). */
  byFunction: [string, number][];
}

/** A build file's name without its hash: assets/react-Bx12.js -> react. */
function fileLabel(url: string): string {
  if (!url) return '(native)';
  const base = url.split('/').pop()!.split('?')[0]!;
  return base.replace(/-[\w-]{8}\.js$/, '').replace(/\.js$/, '') || url;
}

/** The first event that started the task, described briefly. */
function describeTask(task: TraceEvent, inside: TraceEvent[]): string {
  const first = inside.find((event) =>
    [
      'EvaluateScript',
      'v8.evaluateModule',
      'FunctionCall',
      'TimerFire',
      'ParseHTML',
      'EventDispatch',
      'FireAnimationFrame',
      'RunMicrotasks',
      'v8.run',
    ].includes(event.name),
  );
  if (!first) return task.name;
  const data = first.args?.data;
  if (first.name === 'FunctionCall')
    return `FunctionCall ${fileLabel(data?.url ?? '')} ${data?.functionName ?? ''}`.trim();
  if (first.name === 'EvaluateScript' || first.name === 'v8.evaluateModule')
    return `evaluate ${fileLabel(data?.url ?? '')}`;
  return first.name + (data?.type ? ` ${data.type}` : '');
}

/** The renderer's main thread: the CrRendererMain with the most task time. */
function mainThread(events: TraceEvent[]): { pid: number; tid: number } {
  const names = events.filter(
    (e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain',
  );
  let best = { pid: 0, tid: 0, total: -1 };
  for (const thread of names) {
    const total = events
      .filter((e) => e.pid === thread.pid && e.tid === thread.tid && e.name === 'RunTask')
      .reduce((sum, e) => sum + (e.dur ?? 0), 0);
    if (total > best.total) best = { pid: thread.pid, tid: thread.tid, total };
  }
  return best;
}

/** Samples of V8's profiler on the thread: [timestamp µs, leaf file label, leaf function]. */
function samplesOf(events: TraceEvent[], pid: number): [number, string, string][] {
  const nodes = new Map<number, ProfileNode>();
  const result: [number, string, string][] = [];
  const profiles = events.filter((e) => e.name === 'Profile' && e.pid === pid);
  for (const profile of profiles) {
    let time = profile.args?.data?.startTime ?? 0;
    const chunks = events.filter((e) => e.name === 'ProfileChunk' && e.pid === pid && e.id === profile.id);
    for (const chunk of chunks) {
      const cpu = chunk.args?.data?.cpuProfile;
      for (const node of cpu?.nodes ?? []) nodes.set(node.id, node);
      const deltas = chunk.args?.data?.timeDeltas ?? [];
      (cpu?.samples ?? []).forEach((id, index) => {
        time += deltas[index] ?? 0;
        // The code a sample is in: the nearest frame with a file (builtins such as JSON.parse count
        // for the code that called them), or V8's own (program), (garbage collector).
        let node = nodes.get(id);
        while (
          node &&
          !node.callFrame.url &&
          node.parent !== undefined &&
          !node.callFrame.functionName.startsWith('(')
        )
          node = nodes.get(node.parent);
        const frame = node?.callFrame;
        const file = frame?.url ? fileLabel(frame.url) : (frame?.functionName ?? '(unknown)');
        result.push([time, file, `${file}:${frame?.functionName || '(anonymous)'}`]);
      });
    }
  }
  return result.sort((a, b) => a[0] - b[0]);
}

/** Tasks of 50 ms or more on the page's main thread after its first contentful paint. */
export function longTasksAfterFcp(events: TraceEvent[]): {
  fcpMs: number;
  navigationTs: number;
  tasks: LongTask[];
} {
  const { pid, tid } = mainThread(events);
  const navigation = events.find((e) => e.name === 'navigationStart' && e.pid === pid);
  const fcp = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === pid);
  const navigationTs = navigation?.ts ?? 0;
  const fcpTs = fcp?.ts ?? navigationTs;
  const onThread = events.filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X');
  const samples = samplesOf(events, pid);
  const tasks = onThread
    .filter((e) => e.name === 'RunTask' && e.ts >= fcpTs && (e.dur ?? 0) >= LONG_TASK_MS * 1000)
    .map((task): LongTask => {
      const end = task.ts + (task.dur ?? 0);
      const inside = onThread
        .filter((e) => e !== task && e.ts >= task.ts && e.ts < end)
        .sort((a, b) => a.ts - b.ts);
      const byFile = new Map<string, number>();
      const byFunction = new Map<string, number>();
      let previous = task.ts;
      for (const [time, label, fn] of samples) {
        if (time < task.ts || time > end) continue;
        byFile.set(label, (byFile.get(label) ?? 0) + (time - previous) / 1000);
        byFunction.set(fn, (byFunction.get(fn) ?? 0) + (time - previous) / 1000);
        previous = time;
      }
      return {
        startMs: (task.ts - navigationTs) / 1000,
        durationMs: (task.dur ?? 0) / 1000,
        kind: describeTask(task, inside),
        byFile: [...byFile].sort((a, b) => b[1] - a[1]).slice(0, 6),
        byFunction: [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, 12),
      };
    });
  return { fcpMs: (fcpTs - navigationTs) / 1000, navigationTs, tasks };
}

async function trace(url: string, lang: string) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
    });
    const { hostname } = new URL(url);
    await context.addCookies([{ name: 'lang', value: lang, domain: hostname, path: '/' }]);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await browser.startTracing(page, { categories: CATEGORIES });
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-app-ready'), null, {
      timeout: 60_000,
    });
    // What hydration schedules after the root's commit (boundaries, effects, idle work).
    await page.waitForTimeout(3_000);
    const buffer = await browser.stopTracing();
    if (process.env.BENCH_TRACE_DIR)
      writeFileSync(
        path.join(process.env.BENCH_TRACE_DIR, `${new URL(url).pathname.replace(/\W+/g, '_')}-${lang}.json`),
        buffer,
      );
    const { traceEvents } = JSON.parse(buffer.toString('utf8')) as { traceEvents: TraceEvent[] };
    return longTasksAfterFcp(traceEvents);
  } finally {
    await browser.close();
  }
}

async function startServer(
  apiDir: string,
): Promise<{ server: ServerProcess; listingId: number; dataDir: string }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'safqa-bench-hydration-'));
  const seeding = await startServerProcess(
    { DATA_DIR: dataDir, PORT: '0', NODE_ENV: 'test', SEED_DEMO: 'true' },
    { timeoutMs: 180_000, apiDir },
  );
  const top = (await (await fetch(`${seeding.baseUrl}/api/opportunities/top`)).json()) as {
    opportunities: { id: number }[];
  };
  await seeding.stop();
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
    { timeoutMs: 180_000, build: 'compiled', apiDir },
  );
  return { server, listingId: top.opportunities[0]!.id, dataDir };
}

async function main() {
  const baseArg = process.argv.find((arg) => arg.startsWith('--base='))?.slice('--base='.length);
  const only = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);
  const dir = process.argv.find((arg) => arg.startsWith('--dir='))?.slice('--dir='.length);
  const apiDir = path.join(dir ? path.resolve(dir) : path.resolve(import.meta.dirname, '..'), 'apps/api');
  const started = baseArg ? null : await startServer(apiDir);
  const base = baseArg ?? started!.server.baseUrl;
  const listingId =
    started?.listingId ??
    ((await (await fetch(`${base}/api/opportunities/top`)).json()) as { opportunities: { id: number }[] })
      .opportunities[0]!.id;
  const pages = ['/', '/search', `/opportunities/${listingId}`, '/faq'].filter(
    (page) => !only || page === only || (only === '/opportunities' && page.startsWith('/opportunities/')),
  );
  try {
    for (const page of pages)
      for (const lang of ['ar', 'en'])
        for (let run = 0; run < RUNS; run++) {
          const { fcpMs, tasks } = await trace(`${base}${page}?lang=${lang}`, lang);
          const total = tasks.reduce((sum, task) => sum + task.durationMs, 0);
          console.log(
            `\n${page} ${lang}: FCP ${fcpMs.toFixed(0)} ms, ${tasks.length} tasks >= ${LONG_TASK_MS} ms after it (${total.toFixed(0)} ms, CPU x${CPU_SLOWDOWN})`,
          );
          for (const task of tasks)
            console.log(
              `  at ${task.startMs.toFixed(0).padStart(5)} ms ${task.durationMs.toFixed(0).padStart(4)} ms  ${task.kind}\n      ${task.byFile.map(([file, ms]) => `${file} ${ms.toFixed(0)}`).join(', ')}` +
                (process.env.BENCH_FUNCTIONS
                  ? `\n      ${task.byFunction.map(([fn, ms]) => `${fn} ${ms.toFixed(0)}`).join(', ')}`
                  : ''),
            );
        }
  } finally {
    if (started) {
      await started.server.stop();
      rmSync(started.dataDir, { recursive: true, force: true });
    }
  }
}

if (process.argv[1] && import.meta.filename === path.resolve(process.argv[1])) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
