import { readFileSync } from 'node:fs';
import pg from 'pg';
import { openLoop } from './open-loop';
import type { Found } from './scale-scenes';

/**
 * The saturation ramp of `npm run bench -- scale`: a realistic mix (mostly anonymous page and search
 * reads, some signed-in lists) sent open loop at rising rates, with the CPU each side used, to find
 * the rate at which this machine saturates and which part goes first: the Node process (one core at
 * most) or PostgreSQL (the backends of this database's connections, read from /proc).
 */
export interface MixStep {
  rate: number;
  p50: number;
  p95: number;
  failures: number;
  /** Share of one core used by the server process, and by the database's backends. */
  nodeCores: number;
  postgresCores: number;
  /** This bench's own process, which sends the load from the same machine. */
  clientCores: number;
}

const enc = encodeURIComponent;

/** The i-th request of the mix: 40 % listing pages and JSON, 30 % search, 15 % home, 15 % signed in. */
function mixPath(found: Found, i: number): string {
  const listing = found.listingIds[(i * 7) % found.listingIds.length]!;
  const sector = found.businessTypeIds[i % found.businessTypeIds.length]!;
  const slot = i % 20;
  if (slot < 4) return `/opportunities/${listing}?lang=${i % 3 ? 'ar' : 'en'}`;
  if (slot < 8) return `/api/opportunities/${listing}`;
  if (slot < 11) return `/api/opportunities?businessTypeId=${sector}&sort=newest`;
  if (slot < 14) return `/api/opportunities?q=${enc(['مطعم', 'hotel', 'صيدلية'][i % 3]!)}`;
  if (slot < 17) return i % 2 ? '/api/opportunities/top' : '/?lang=ar';
  return ['/api/notifications', '/api/chat', '/api/chat/unread-count'][i % 3]!;
}

function cpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return 0; // a backend that ended during the step
  }
}

async function backendPids(databaseUrl: string): Promise<number[]> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const { rows } = await db.query(
      'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
    );
    return rows.map((r) => Number(r.pid));
  } finally {
    await db.end();
  }
}

export async function mixRamp(options: {
  baseUrl: string;
  serverPid: number;
  databaseUrl: string;
  token: string;
  found: Found;
  rates: number[];
  seconds: number;
}): Promise<MixStep[]> {
  const steps: MixStep[] = [];
  // Two seconds at the first rate first: the first requests of a phase find cold caches.
  await openLoop({
    url: options.baseUrl,
    path: (i) => mixPath(options.found, i + 999_000),
    seconds: 2,
    rate: options.rates[0] ?? 25,
    headers: { authorization: `Bearer ${options.token}` },
  });
  for (const rate of options.rates) {
    const before = new Map((await backendPids(options.databaseUrl)).map((pid) => [pid, cpuMs(pid)]));
    const nodeBefore = cpuMs(options.serverPid);
    const clientBefore = process.cpuUsage();
    const started = performance.now();
    // Signed-in and anonymous requests in one loop: the token rides on every request, and the
    // anonymous routes ignore it (optional auth at most), as a signed-in visitor's browser would.
    const result = await openLoop({
      url: options.baseUrl,
      path: (i) => mixPath(options.found, i + rate * 1000),
      seconds: options.seconds,
      rate,
      headers: { authorization: `Bearer ${options.token}` },
    });
    const wallMs = performance.now() - started;
    const client = process.cpuUsage(clientBefore);
    // Backends come and go with the pool: one there before and after counts its difference, a new one
    // all it used; one gone by the end is left out (its last figure is lost), so this is a floor.
    let postgresMs = 0;
    for (const pid of await backendPids(options.databaseUrl)) {
      const now = cpuMs(pid);
      postgresMs += before.has(pid) ? now - before.get(pid)! : now;
    }
    steps.push({
      rate,
      p50: result.p50,
      p95: result.p95,
      failures: result.errors,
      nodeCores: (cpuMs(options.serverPid) - nodeBefore) / wallMs,
      postgresCores: postgresMs / wallMs,
      clientCores: (client.user + client.system) / 1000 / wallMs,
    });
    const last = steps.at(-1)!;
    // Past saturation the queue only grows: stop once most answers wait for seconds.
    if (last.p95 > 2000 || last.failures > result.count) break;
  }
  return steps;
}
