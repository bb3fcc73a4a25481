import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSse, type SseConnection } from '../test/sse-client';
import { startServerProcess, type ServerProcess } from '../test/server-process';
import { createDatabase, faultServerEnv, newMember, waitFor } from './support';

/**
 * Issue 38: the drain itself (SHUTDOWN_DRAIN_MS), without a load balancer's retries to hide its
 * absence. After SIGTERM the process keeps serving for the drain while health answers 503
 * `draining` (so a balancer takes it out of rotation before it stops listening); a request already
 * in flight, held by the test past the drain, still gets its real answer; the event stream stays
 * live during the drain and is told `close` when it ends; the process exits 0 only after all that.
 * With SHUTDOWN_DRAIN_MS=0 the process stops listening at once and the drain checks fail.
 */
const DRAIN_MS = 3_000;
let database: Awaited<ReturnType<typeof createDatabase>>;
let server: ServerProcess | undefined;
let stream: SseConnection | undefined;

beforeAll(async () => {
  database = await createDatabase();
}, 60_000);

afterAll(async () => {
  stream?.close();
  server?.child.kill('SIGKILL');
  await database?.drop();
});

/** One GET on a connection of its own (a new visitor, or the balancer's health check). */
function freshGet(port: number, pathname: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve) => {
    const request = http.get({ host: '127.0.0.1', port, path: pathname, agent: false }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', (error) => resolve({ status: 0, body: String(error) }));
  });
}

/**
 * A contact message whose body the test sends in two halves: the request is in flight (headers and
 * half the body received) until `finish` sends the rest.
 */
async function heldContactMessage(port: number) {
  const health = await fetch(`http://127.0.0.1:${port}/api/health`);
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(health.headers.get('set-cookie') ?? '')?.[1];
  if (!xsrf) throw new Error('no XSRF-TOKEN cookie from /api/health');
  const body = Buffer.from(
    JSON.stringify({ name: 'زائرة', email: 'held@example.test', message: 'رسالة بدأت قبل الإيقاف' }),
  );
  const half = Math.floor(body.length / 2);
  let answer!: (result: { status: number; at: number }) => void;
  const answered = new Promise<{ status: number; at: number }>((resolve) => (answer = resolve));
  const request = http.request(
    {
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/contact',
      agent: false,
      headers: {
        'content-type': 'application/json',
        'content-length': body.length,
        cookie: `XSRF-TOKEN=${xsrf}`,
        'x-xsrf-token': decodeURIComponent(xsrf),
      },
    },
    (response) => {
      response.resume();
      response.on('end', () => answer({ status: response.statusCode ?? 0, at: performance.now() }));
    },
  );
  request.on('error', () => answer({ status: 0, at: performance.now() }));
  request.write(body.subarray(0, half));
  return { answered, finish: () => request.end(body.subarray(half)) };
}

describe('SIGTERM with a drain', () => {
  it('keeps serving while health says draining, answers the held request, tells the stream close, then exits', async () => {
    server = await startServerProcess(
      faultServerEnv({ DATABASE_URL: database.url, SHUTDOWN_DRAIN_MS: String(DRAIN_MS) }),
      { timeoutMs: 120_000 },
    );
    const { port } = server;
    const member = await newMember(server.baseUrl, 'drain');
    stream = await openSse(`${server.baseUrl}/api/chat/stream?token=${member.token}`);
    expect(stream.status).toBe(200);
    const held = await heldContactMessage(port);
    // The request is in flight once the server has its headers: it logs them as received.
    await waitFor(
      'the held request received',
      () => server!.output().includes('"url":"/api/contact"'),
      5_000,
    );
    const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
      server!.child.on('exit', (code) => resolve({ code, at: performance.now() })),
    );

    const signalAt = performance.now();
    server.child.kill('SIGTERM');

    // Health says draining at once, on a new connection (a balancer's check), never refused.
    let health = await freshGet(port, '/api/health');
    while (health.status === 200 && performance.now() - signalAt < 1_000) {
      health = await freshGet(port, '/api/health');
    }
    expect(health.status, health.body).toBe(503);
    expect(JSON.parse(health.body)).toMatchObject({ status: 'draining' });
    const drainingAfter = performance.now() - signalAt;
    expect(drainingAfter).toBeLessThan(1_000);

    // Until the balancer has noticed, new visitors are still served, each on a new connection.
    const visitor = await freshGet(port, '/api/faqs');
    expect(visitor.status, visitor.body).toBe(200);
    expect(stream.isEnded(), 'the stream lives through the drain').toBe(false);
    expect(performance.now() - signalAt).toBeLessThan(DRAIN_MS);

    // The drain over, the stream is told to reconnect elsewhere; the held request is still waited for.
    const closed = await stream.next('close', DRAIN_MS + 5_000);
    expect(closed.receivedAt - signalAt).toBeGreaterThanOrEqual(DRAIN_MS - 50);
    await stream.ended;
    held.finish();
    const answer = await held.answered;
    expect(answer.status, 'the request in flight got its real answer').toBe(201);
    const exit = await exited;
    expect(exit.code).toBe(0);
    expect(exit.at, 'the process waited for it').toBeGreaterThanOrEqual(answer.at);
  });
});
