import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

/**
 * Throughput of a listing's page and teaser against the JSON of the same listing (issue 20: at least
 * half of it each), and the server CPU of a listing page this process has not cached (goal: 5 ms at
 * most), measured on a running server whose process id is known (its CPU is read from /proc, since
 * wall-clock times on a shared machine lie). Listing pages are rendered once per version for the
 * deployment, ahead of their first visitor (web/stored-pages.ts): a page missing from the process's
 * cache is read from the store, and the React render it no longer does is reported beside it, from
 * the server's own metrics. Called at the end of bench/pages.ts (`--throughput-only` skips Lighthouse).
 */

/** What a crawler sends: no cookies, compressed answers welcome. */
const CRAWLER = { 'user-agent': 'facebookexternalhit/1.1', accept: '*/*', 'accept-encoding': 'gzip, br' };
const TICKS_PER_SECOND = 100;
/** The server must be started with it (bench/pages.ts does). */
export const BENCH_METRICS_TOKEN = 'bench-only-metrics-token-0123456789';

/** The page counters of /metrics (page_renders_total by kind, store reads, CPU of renders ahead). */
async function pageMetrics(baseUrl: string) {
  const res = await fetch(`${baseUrl}/metrics`, {
    headers: { authorization: `Bearer ${BENCH_METRICS_TOKEN}` },
  });
  if (res.status !== 200) throw new Error(`/metrics answered ${res.status}`);
  const text = await res.text();
  const value = (line: string) => Number(new RegExp(`^${line} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN);
  return {
    onRequest: value('page_renders_total\\{by="on_request"\\}'),
    ahead: value('page_renders_total\\{by="ahead"\\}'),
    aheadCpuMs: value('page_render_ahead_cpu_seconds_total') * 1000,
    fromStore: value('pages_from_store_total'),
  };
}

/** Waits until the warmer has rendered what the seeded listings need (its count stops moving). */
async function warmed(baseUrl: string) {
  let last = -1;
  let steadySince = Date.now();
  for (const deadline = Date.now() + 180_000; Date.now() < deadline;) {
    const { ahead } = await pageMetrics(baseUrl);
    // A server from before stored pages (a baseline checkout) has no warmer to wait for.
    if (Number.isNaN(ahead)) return;
    if (ahead !== last) {
      last = ahead;
      steadySince = Date.now();
    } else if (ahead > 0 && Date.now() - steadySince > 2_000) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the pages were not rendered ahead within 3 minutes');
}

/** User plus system CPU of a process so far, in ms (/proc/<pid>/stat fields 14 and 15). */
function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

interface Figure {
  name: string;
  rps: number;
  cpuPerRequestMs: number;
  non2xx: number;
}

async function load(
  baseUrl: string,
  pid: number,
  name: string,
  path: string,
  seconds: number,
  connections: number,
) {
  const before = cpuMs(pid);
  const result = await autocannon({
    url: `${baseUrl}${path}`,
    connections,
    duration: seconds,
    headers: CRAWLER,
  });
  const used = cpuMs(pid) - before;
  const total = result.requests.total;
  const failed = result.non2xx + result.errors + result.timeouts;
  return {
    name,
    // Only answers that are the page count (a 429 or an error is cheap and would flatter it).
    rps: (total - failed) / result.duration,
    cpuPerRequestMs: total ? used / total : Infinity,
    non2xx: failed,
  } satisfies Figure;
}

export interface ThroughputOptions {
  /** Seconds of load per address (default 8). */
  seconds?: number;
  connections?: number;
}

/** Runs the measurement and answers the lines of its report (a table and the goals). */
export async function measurePageThroughput(
  baseUrl: string,
  pid: number,
  options: ThroughputOptions = {},
): Promise<string[]> {
  const seconds = options.seconds ?? 8;
  const connections = options.connections ?? 10;
  const search = (await (await fetch(`${baseUrl}/api/opportunities?pageSize=50&sort=newest`)).json()) as {
    data: { id: number }[];
  };
  const ids = search.data.map((o) => o.id);
  if (ids.length < 8)
    throw new Error(`the benchmark needs at least 8 approved listings, found ${ids.length}`);
  const [listing, ...others] = ids as [number, ...number[]];

  // Pages this process has not cached: each listing's page asked once per language, after a few to
  // warm the JIT, once the warmer has rendered them all.
  await warmed(baseUrl);
  const fetchPage = async (id: number, lang: string) => {
    const res = await fetch(`${baseUrl}/opportunities/${id}?lang=${lang}`, { headers: CRAWLER });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`/opportunities/${id} answered ${res.status}`);
  };
  for (const id of others.slice(0, 4)) for (const lang of ['ar', 'en']) await fetchPage(id, lang);
  const measured = others.slice(4);
  const metricsBefore = await pageMetrics(baseUrl);
  const before = cpuMs(pid);
  const started = performance.now();
  for (const id of measured) for (const lang of ['ar', 'en']) await fetchPage(id, lang);
  const renders = measured.length * 2;
  const renderCpuMs = (cpuMs(pid) - before) / renders;
  const renderWallMs = (performance.now() - started) / renders;
  // The same pages again, now in this process's memory: what the request costs around the read.
  const beforeCached = cpuMs(pid);
  for (const id of measured) for (const lang of ['ar', 'en']) await fetchPage(id, lang);
  const cachedCpuMs = (cpuMs(pid) - beforeCached) / renders;
  const metricsAfter = await pageMetrics(baseUrl);
  const readFromStore = metricsAfter.fromStore - metricsBefore.fromStore;
  const renderedOnRequest = metricsAfter.onRequest - metricsBefore.onRequest;
  const aheadCpuMs = metricsAfter.aheadCpuMs / metricsAfter.ahead;

  const json = await load(
    baseUrl,
    pid,
    `GET /api/opportunities/${listing}`,
    `/api/opportunities/${listing}`,
    seconds,
    connections,
  );
  const page = await load(
    baseUrl,
    pid,
    `GET /opportunities/${listing}?lang=ar`,
    `/opportunities/${listing}?lang=ar`,
    seconds,
    connections,
  );
  const teaser = await load(
    baseUrl,
    pid,
    `GET /api/opportunities/${listing}/teaser.pdf`,
    `/api/opportunities/${listing}/teaser.pdf`,
    seconds,
    connections,
  );
  const row = (f: Figure) =>
    `| ${f.name} | ${f.rps.toFixed(0)} | ${(f.rps / json.rps).toFixed(2)} | ${f.cpuPerRequestMs.toFixed(2)} ms | ${f.non2xx} |`;
  return [
    `Throughput, ${connections} connections, ${seconds} s each, crawler headers (no cookies, gzip/br):`,
    '',
    '| address | answers/s | vs JSON | server CPU per answer | non-2xx |',
    '|---|---|---|---|---|',
    row(json),
    row(page),
    row(teaser),
    '',
    `Listing page not in this process's cache (${renders} pages, ${measured.length} listings x ar/en, sequential): ` +
      `${renderCpuMs.toFixed(2)} ms server CPU, ${renderWallMs.toFixed(1)} ms wall each ` +
      `(${readFromStore} read from the store, ${renderedOnRequest} rendered on request); ` +
      `the same pages asked again, from memory: ${cachedCpuMs.toFixed(2)} ms`,
    `React render of a listing page, done ahead once per listing version for the deployment ` +
      `(${metricsAfter.ahead} renders): ${aheadCpuMs.toFixed(1)} ms server CPU each`,
    '',
    `Goals: page >= 0.5x JSON: ${page.rps / json.rps >= 0.5 ? 'met' : 'NOT met'}; ` +
      `teaser >= 0.5x JSON: ${teaser.rps / json.rps >= 0.5 ? 'met' : 'NOT met'}; ` +
      `uncached page <= 5 ms CPU: ${renderCpuMs <= 5 && renderedOnRequest === 0 ? 'met' : 'NOT met'}`,
  ];
}
