import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ServerProcess } from '../test/server-process';
import { FAULT_ADMIN, faultStage, signIn, waitFor, type Caller } from './support';

/**
 * Issue [overload], on a real PostgreSQL with a long statement_timeout (30 s), so that nothing ends
 * by the time limit during the test: another connection holds ACCESS EXCLUSIVE on a table, and
 * requests that read it wait in PostgreSQL.
 * - An expensive list (the admin's audit log) with its slots full refuses the next request of its
 *   kind at once, while another list and cheap pages answer 200.
 * - A client that gives up (closes the connection) has its statement cancelled within 2 s, not left
 *   waiting for 30 s, and its slot is free again.
 * - SIGTERM while requests wait on the lock: they answer 503, the process exits 0 within its 10 s
 *   deadline, and none of its statements is left in pg_stat_activity.
 */
const STATEMENT_TIMEOUT_MS = 30_000;
const SHUTDOWN_DEADLINE_MS = 10_000;
const METRICS_TOKEN = 'metrics-token-for-abandoned-statements';
const stage = faultStage('abandoned');
let server: ServerProcess;
let admin: Caller;

beforeAll(async () => {
  server = await stage.start({
    METRICS_TOKEN,
    DB_STATEMENT_TIMEOUT_MS: String(STATEMENT_TIMEOUT_MS),
    DB_EXPENSIVE_LIST_CONCURRENCY: '2',
  });
  admin = await signIn(server.baseUrl, FAULT_ADMIN.email, FAULT_ADMIN.password);
}, 180_000);

interface Answer {
  status: number;
  code?: string;
  retryAfter?: string | null;
  ms: number;
}

/** GET as `who` (anonymous without a token); `signal` lets the client give up. */
async function get(path: string, who?: Caller, signal?: AbortSignal): Promise<Answer> {
  const started = performance.now();
  const res = await fetch(`${server.baseUrl}${path}`, {
    headers: who ? { authorization: `Bearer ${who.token}` } : {},
    signal,
  });
  const body = (await res.json().catch(() => ({}))) as { code?: string };
  return {
    status: res.status,
    code: body.code,
    retryAfter: res.headers.get('retry-after'),
    ms: performance.now() - started,
  };
}

async function query<R extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<R[]> {
  const client = new pg.Client({ connectionString: stage.databaseUrl });
  await client.connect();
  try {
    return (await client.query<R>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** The server's statements waiting on a lock now, with their backend pids. */
const waitingOnLocks = () =>
  query<{ pid: number; query: string }>(
    `SELECT pid, query FROM pg_stat_activity
      WHERE datname = current_database() AND application_name LIKE 'safqa-%'
        AND state = 'active' AND wait_event_type = 'Lock'`,
  );

/** Holds ACCESS EXCLUSIVE on `table` from its own connection until release(). */
async function lockTable(table: string) {
  const client = new pg.Client({ connectionString: stage.databaseUrl, application_name: 'test-locker' });
  await client.connect();
  await client.query('BEGIN');
  await client.query(`LOCK TABLE ${pg.escapeIdentifier(table)} IN ACCESS EXCLUSIVE MODE`);
  return {
    release: async () => {
      await client.query('ROLLBACK');
      await client.end();
    },
  };
}

/** A figure of /metrics labelled with `route`, 0 when absent. */
const gauge = (name: string, route: string) => metric(name, route);
const metric = async (name: string, route: string) => {
  const text = await (
    await fetch(`${server.baseUrl}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
  ).text();
  const escaped = route.replace(/[/:]/g, (c) => `\\${c}`);
  return Number(new RegExp(`^${name}\\{route="${escaped}"\\} (\\d+)$`, 'm').exec(text)?.[1] ?? 0);
};

describe('a list held up by a lock', () => {
  it('refuses past its slots at once, and cancels the statements of clients who gave up', async () => {
    // Seen once, the admin's session is believed without a query (session-liveness.ts).
    expect((await get('/api/admin/audit-log', admin)).status).toBe(200);
    const lock = await lockTable('audit_log');
    try {
      const giveUp = new AbortController();
      const held = [1, 2].map(() =>
        get('/api/admin/audit-log', admin, giveUp.signal).catch((error: unknown) => error),
      );
      await waitFor(
        'both audit-log reads to take their slots',
        async () => (await gauge('expensive_list_running', '/api/admin/audit-log')) === 2,
        10_000,
      );
      await waitFor(
        'their statements to wait on the lock',
        async () => (await waitingOnLocks()).length > 0,
        10_000,
      );

      // Both slots taken: the third is refused at once; another list and a cheap page are served.
      const [refused, users, faqs] = await Promise.all([
        get('/api/admin/audit-log', admin),
        get('/api/admin/users', admin),
        get('/api/faqs'),
      ]);
      expect(refused).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE', retryAfter: '5' });
      expect(refused.ms).toBeLessThan(1_000);
      expect(users.status).toBe(200);
      expect(faqs.status).toBe(200);
      expect(users.ms).toBeLessThan(1_000);

      // The clients give up: their statements leave PostgreSQL long before the 30 s time limit.
      const gaveUpAt = performance.now();
      giveUp.abort();
      await Promise.all(held);
      await waitFor(
        'the abandoned statements to be cancelled',
        async () => (await waitingOnLocks()).length === 0,
        2_000,
      );
      expect(performance.now() - gaveUpAt).toBeLessThan(2_000);
      // One signal per connection the two held (a list may read its rows and its total at once).
      expect(
        await metric('db_abandoned_statements_cancelled_total', '/api/admin/audit-log'),
      ).toBeGreaterThanOrEqual(2);
      expect(await metric('db_expensive_list_refusals_total', '/api/admin/audit-log')).toBe(1);
      expect(await gauge('expensive_list_running', '/api/admin/audit-log')).toBe(0);

      // Their slots are free again: a new read takes one (and waits on the lock, not refused).
      const again = get('/api/admin/audit-log', admin);
      await waitFor(
        'a new audit-log read to wait on the lock',
        async () => (await waitingOnLocks()).length > 0,
        5_000,
      );
      expect(await gauge('expensive_list_running', '/api/admin/audit-log')).toBe(1);
      await lock.release();
      expect((await again).status).toBe(200);
    } finally {
      await lock.release().catch(() => {});
    }
    expect(server.output()).not.toMatch(/"level":50/);
  });
});

describe('SIGTERM while statements wait on a lock', () => {
  it('cancels them within its deadline: they answer 503, the process exits 0 and leaves none running', async () => {
    const lock = await lockTable('opportunities');
    try {
      const waiting = Array.from({ length: 4 }, () =>
        get('/api/opportunities').catch((error: unknown) => ({ status: 0, error: String(error) })),
      );
      await waitFor(
        'the listing reads to wait on the lock',
        async () => (await waitingOnLocks()).length >= 4,
        10_000,
      );

      const signalledAt = performance.now();
      const exited = server.stop();
      const code = await exited;
      const tookMs = performance.now() - signalledAt;
      expect(code).toBe(0);
      expect(tookMs).toBeLessThan(SHUTDOWN_DEADLINE_MS);
      for (const answer of await Promise.all(waiting)) {
        expect(answer).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE' });
      }
      // Nothing of the server's is left running (the lock is still held: it would wait on it).
      expect(await waitingOnLocks()).toEqual([]);
      expect(server.output()).toMatch(/statements still running were cancelled/);
      expect(server.output()).not.toMatch(/shutdown timed out/);
    } finally {
      await lock.release();
    }
  });
});
