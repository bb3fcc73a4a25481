import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSse, type SseConnection } from '../test/sse-client';
import { FAULT_ADMIN, createDatabase, faultServerEnv, newMember } from './support';

/**
 * Issue 38: `npm run cluster` (2 compiled processes behind real HAProxy). The client address the
 * server counts, and writes into sessions and audit entries, is the visitor's from the proxy, never a
 * header the visitor wrote; a rolling restart of both processes under a steady load fails no request,
 * and the event stream comes back. HAProxy runs with its retries off (`--retries=0`): with them, a
 * request refused by a process that stopped listening is sent again elsewhere, which hid a missing
 * drain (SHUTDOWN_DRAIN_MS=0 passed); without them only the drain keeps the rollout whole.
 */
const ROOT = path.resolve(import.meta.dirname, '../../../..');
let database: Awaited<ReturnType<typeof createDatabase>>;
let supervisor: ChildProcess;
let port = 0;
let output = '';

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port: free } = server.address() as net.AddressInfo;
      server.close(() => resolve(free));
    });
  });
}

function clusterEnv(): Record<string, string> {
  return {
    ...faultServerEnv({ DATABASE_URL: database.url, RATE_LIMIT_SCALE: '1', LOG_LEVEL: 'warn' }),
    PORT: String(port),
  };
}

/** A GET from a chosen loopback address (a visitor), optionally with a header it wrote itself. */
function get(target: number, pathname: string, localAddress: string, forwardedFor?: string): Promise<number> {
  return new Promise((resolve) => {
    const request = http.get(
      {
        host: '127.0.0.1',
        port: target,
        path: pathname,
        localAddress,
        agent: false,
        headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', () => resolve(0));
  });
}

interface VisitorCall {
  method?: 'GET' | 'POST';
  localAddress: string;
  forwardedFor: string;
  userAgent: string;
  token?: string;
  xsrf?: string;
  body?: unknown;
}

/** A request from a chosen loopback address that also sends a forged X-Forwarded-For. */
function call(
  target: number,
  pathname: string,
  options: VisitorCall,
): Promise<{ status: number; body: Record<string, unknown>; xsrf?: string }> {
  const payload = options.body === undefined ? undefined : Buffer.from(JSON.stringify(options.body));
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port: target,
        path: pathname,
        method: options.method ?? 'GET',
        localAddress: options.localAddress,
        agent: false,
        headers: {
          'x-forwarded-for': options.forwardedFor,
          'user-agent': options.userAgent,
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          ...(options.xsrf
            ? { cookie: `XSRF-TOKEN=${options.xsrf}`, 'x-xsrf-token': decodeURIComponent(options.xsrf) }
            : {}),
          ...(payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {}),
        },
      },
      (response) => {
        let raw = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (raw += chunk));
        response.on('end', () => {
          const cookie = /XSRF-TOKEN=([^;]+)/.exec(String(response.headers['set-cookie'] ?? ''))?.[1];
          resolve({
            status: response.statusCode ?? 0,
            body: (raw ? JSON.parse(raw) : {}) as Record<string, unknown>,
            ...(cookie ? { xsrf: cookie } : {}),
          });
        });
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

/**
 * The admin signs in and adds a FAQ (an audited write), every request from `localAddress` with a
 * forged X-Forwarded-For; answers the addresses the server wrote into the session and the audit log.
 */
async function recordedAddresses(target: number, localAddress: string, forgedFor: string) {
  const userAgent = `cluster-fault ${localAddress} ${Math.random()}`;
  const visitor = { localAddress, forwardedFor: forgedFor, userAgent };
  const { xsrf } = await call(target, '/api/health', visitor);
  expect(xsrf, 'XSRF-TOKEN cookie').toBeTruthy();
  const login = await call(target, '/api/auth/login', {
    ...visitor,
    method: 'POST',
    xsrf: xsrf!,
    body: { ...FAULT_ADMIN, recaptchaToken: 'fault-suite' },
  });
  expect(login.status, JSON.stringify(login.body)).toBe(200);
  const signedIn = { ...visitor, xsrf: xsrf!, token: login.body.accessToken as string };
  const faq = await call(target, '/api/admin/faqs', {
    ...signedIn,
    method: 'POST',
    body: { questionAr: 'سؤال؟', answerAr: 'جواب.', questionEn: 'A question?', answerEn: 'An answer.' },
  });
  expect(faq.status, JSON.stringify(faq.body)).toBe(201);
  const faqId = String((faq.body.data as { id: number }).id);

  const sessions = (await call(target, '/api/auth/sessions', signedIn)).body.data as {
    ip: string | null;
    current: boolean;
  }[];
  const audit = async (query: string) =>
    (await call(target, `/api/admin/audit-log?${query}`, signedIn)).body.data as {
      ip: string | null;
      targetId: string | null;
      details: Record<string, unknown>;
    }[];
  const signInEntry = (await audit('action=security.login_succeeded&pageSize=50')).find(
    (entry) => entry.details.userAgent === userAgent,
  );
  const faqEntry = (await audit(`action=faq.create&targetId=${faqId}`))[0];
  return {
    session: sessions.find((session) => session.current)?.ip,
    signIn: signInEntry?.ip,
    write: faqEntry?.ip,
  };
}

beforeAll(async () => {
  database = await createDatabase();
  port = await freePort();
  supervisor = spawn(process.execPath, ['scripts/cluster.mjs', '--processes=2', '--retries=0'], {
    cwd: ROOT,
    env: { ...process.env, ...clusterEnv() },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  supervisor.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  supervisor.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const deadline = Date.now() + 150_000;
  while (!output.includes('[cluster] ready on')) {
    if (supervisor.exitCode !== null || Date.now() > deadline) throw new Error(`no cluster:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}, 180_000);

afterAll(async () => {
  if (supervisor && supervisor.exitCode === null) {
    const exited = new Promise((resolve) => supervisor.on('exit', resolve));
    supervisor.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 20_000))]);
    supervisor.kill('SIGKILL');
  }
  await database?.drop();
}, 60_000);

const processPorts = (): number[] =>
  (
    JSON.parse(readFileSync(path.join(tmpdir(), `safqa-cluster-${port}`, 'state.json'), 'utf8')) as {
      processes: { port: number }[];
    }
  ).processes.map((p) => p.port);

describe('a cluster behind HAProxy', () => {
  it("counts the visitor's address from the proxy, and a forged X-Forwarded-For changes nothing", async () => {
    // The global per-IP budget (300 a minute) is shared by both processes (rate_limit_counters).
    // Each process reserves up to 6 requests of it at a time, so the two together may refuse up to
    // 2 x 5 requests early (rate-limit-store.ts leaseSize): 280 always pass, and of 40 more at most 20.
    // In batches: HAProxy refuses a 101st open connection from one address (operations.md).
    const send = async (count: number, from: number) => {
      const statuses: number[] = [];
      for (let done = 0; done < count; done += 40) {
        const sent = Array.from({ length: Math.min(40, count - done) }, (_, i) => {
          const n = from + done + i;
          return get(port, '/api/faqs', '127.0.0.2', `198.51.${100 + Math.floor(n / 250)}.${n % 250}`);
        });
        statuses.push(...(await Promise.all(sent)));
      }
      return statuses;
    };
    expect((await send(280, 0)).filter((status) => status !== 200)).toEqual([]);
    // Had each forged address counted as a visitor of its own, all of these would pass too.
    const beyond = await send(40, 280);
    expect(beyond.filter((status) => status !== 200 && status !== 429)).toEqual([]);
    expect(beyond.filter((status) => status === 429).length).toBeGreaterThanOrEqual(20);
    expect(
      await get(port, '/api/faqs', '127.0.0.2', '203.0.113.77'),
      'the visitor is refused whatever it writes',
    ).toBe(429);
    expect(await get(port, '/api/faqs', '127.0.0.2'), 'the visitor is refused').toBe(429);
    expect(await get(port, '/api/faqs', '127.0.0.3'), 'another visitor through the same proxy').toBe(200);
    // Straight to a process, a client that is not the proxy cannot pass itself off as anyone.
    const [direct] = processPorts();
    expect(await get(direct!, '/api/faqs', '127.0.0.4', '127.0.0.2')).toBe(200);
  });

  it("writes the visitor's address from the proxy into sessions and audit entries, never a forged one", async () => {
    // Through HAProxy, which appends the address it saw (127.0.9.1) to the forged header.
    expect(await recordedAddresses(port, '127.0.9.1', '203.0.113.9')).toEqual({
      session: '127.0.9.1',
      signIn: '127.0.9.1',
      write: '127.0.9.1',
    });
    // Straight to a process from an address that is not the proxy: its header is not believed.
    const [direct] = processPorts();
    expect(await recordedAddresses(direct!, '127.0.9.2', '127.0.9.1')).toEqual({
      session: '127.0.9.2',
      signIn: '127.0.9.2',
      write: '127.0.9.2',
    });
  });

  it('rolls both processes under steady load with no failed request, and the event stream comes back', async () => {
    const baseUrl = `http://127.0.0.1:${port}`;
    const member = await newMember(baseUrl, 'roll');
    const before = processPorts();

    // The load: GETs from many visitors, two at a time, until the rollout is over.
    const failures: string[] = [];
    let answered = 0;
    let loading = true;
    const loader = async (lane: number) => {
      for (let i = 0; loading; i++) {
        const address = `127.0.${1 + lane}.${1 + (i % 250)}`;
        const pathname = i % 2 ? '/api/faqs' : '/api/opportunities';
        const status = await get(port, pathname, address);
        if (status === 200) answered += 1;
        else failures.push(`${pathname} ${status}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    const loaders = [loader(0), loader(1)];

    // One open stream, reopened at once whenever it ends (the web app waits a second).
    const reconnectMs: number[] = [];
    let stream: SseConnection = await openSse(`${baseUrl}/api/chat/stream?token=${member.token}`);
    expect(stream.status).toBe(200);
    let streaming = true;
    const keeper = (async () => {
      while (streaming) {
        await stream.ended;
        if (!streaming) return;
        const endedAt = performance.now();
        for (;;) {
          const next = await openSse(`${baseUrl}/api/chat/stream?token=${member.token}`).catch(() => null);
          if (next?.status === 200) {
            stream = next;
            break;
          }
          next?.close();
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        reconnectMs.push(performance.now() - endedAt);
      }
    })();

    const rolling = spawn(process.execPath, ['scripts/cluster.mjs', '--rolling', '--skip-build'], {
      cwd: ROOT,
      env: { ...process.env, ...clusterEnv() },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let rollingOutput = '';
    rolling.stdout?.on('data', (chunk: Buffer) => (rollingOutput += chunk.toString('utf8')));
    rolling.stderr?.on('data', (chunk: Buffer) => (rollingOutput += chunk.toString('utf8')));
    const code = await new Promise((resolve) => rolling.on('exit', resolve));
    expect(code, rollingOutput).toBe(0);
    // A little load after the last replacement, on the new processes only.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    loading = false;
    await Promise.all(loaders);

    expect(failures).toEqual([]);
    expect(answered).toBeGreaterThan(100);
    expect(processPorts()).toEqual(before);
    expect(rollingOutput).toContain('rolled 2 processes');
    // Both processes were replaced, so the stream was closed and reopened at least once, each time fast.
    expect(reconnectMs.length).toBeGreaterThanOrEqual(1);
    expect(Math.max(...reconnectMs)).toBeLessThan(5_000);
    expect(stream.status).toBe(200);
    expect(stream.isEnded()).toBe(false);
    streaming = false;
    stream.close();
    await keeper.catch(() => {});
  });
});
