import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

/**
 * Throughput of a listing's page and teaser against the JSON of the same listing (issue 20: at least
 * half of it each), and the server CPU of an uncached page render (goal: 5 ms at most), measured on
 * a running server whose process id is known (its CPU is read from /proc, since wall-clock times on
 * a shared machine lie). Called at the end of bench/pages.ts (`--throughput-only` skips Lighthouse).
 */

/** What a crawler sends: no cookies, compressed answers welcome. */
const CRAWLER = { 'user-agent': 'facebookexternalhit/1.1', accept: '*/*', 'accept-encoding': 'gzip, br' };
const TICKS_PER_SECOND = 100;

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

  // Uncached renders: each listing's page asked once per language, after a few to warm the JIT.
  const fetchPage = async (id: number, lang: string) => {
    const res = await fetch(`${baseUrl}/opportunities/${id}?lang=${lang}`, { headers: CRAWLER });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`/opportunities/${id} answered ${res.status}`);
  };
  for (const id of others.slice(0, 4)) for (const lang of ['ar', 'en']) await fetchPage(id, lang);
  const measured = others.slice(4);
  const before = cpuMs(pid);
  const started = performance.now();
  for (const id of measured) for (const lang of ['ar', 'en']) await fetchPage(id, lang);
  const renders = measured.length * 2;
  const renderCpuMs = (cpuMs(pid) - before) / renders;
  const renderWallMs = (performance.now() - started) / renders;

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
    `Uncached listing page render (${renders} renders, ${measured.length} listings x ar/en, sequential): ` +
      `${renderCpuMs.toFixed(1)} ms server CPU, ${renderWallMs.toFixed(1)} ms wall each`,
    '',
    `Goals: page >= 0.5x JSON: ${page.rps / json.rps >= 0.5 ? 'met' : 'NOT met'}; ` +
      `teaser >= 0.5x JSON: ${teaser.rps / json.rps >= 0.5 ? 'met' : 'NOT met'}; ` +
      `uncached render <= 5 ms CPU: ${renderCpuMs <= 5 ? 'met' : 'NOT met'}`,
  ];
}
