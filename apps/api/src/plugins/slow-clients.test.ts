import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfDocument, multipart } from '../test/file-fixtures';
import { rawConnect, trickle, type RawAnswer } from '../test/raw-http';
import { createTestApp, type TestApp } from '../test/test-app';
import { createUser, type TestUser } from '../test/factories';

/**
 * Slow clients against a real listening server, over raw sockets: headers have a deadline, bodies a
 * minimum rate over a window, kept-alive connections an idle limit. Short settings keep it fast:
 * headers 400 ms, bodies at least 2,000 bytes a second over every 400 ms, keep-alive 700 ms.
 */
const HEADERS_MS = 400;
const WINDOW_MS = 400;
const MIN_RATE = 2000;
const KEEP_ALIVE_MS = 700;
const TOKEN = 'metrics-token-for-the-slow-clients';

let t: TestApp;
let port: number;
let csrf: string;
let member: TestUser;
beforeAll(async () => {
  t = await createTestApp(
    {
      HTTP_HEADERS_TIMEOUT_MS: String(HEADERS_MS),
      HTTP_BODY_TIMEOUT_MS: String(WINDOW_MS),
      HTTP_BODY_MIN_BYTES_PER_SECOND: String(MIN_RATE),
      HTTP_KEEP_ALIVE_TIMEOUT_MS: String(KEEP_ALIVE_MS),
      METRICS_TOKEN: TOKEN,
    },
    {},
    {
      // The server's own slowness before it reads a body, as a slow rate-limit store would be.
      beforeReady: (app) => {
        app.post(
          '/api/test/slow-reader',
          { bodyLimit: 8 * 1024 * 1024, onRequest: async () => sleep(1500) },
          async (request) => ({ length: JSON.stringify(request.body).length }),
        );
      },
    },
  );
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
  const health = await t.app.inject({ method: 'GET', url: '/api/health' });
  csrf = health.cookies.find((c) => c.name === 'XSRF-TOKEN')!.value;
  member = await createUser(t.app);
});
afterAll(async () => {
  await t?.close();
});

function postHead(path: string, length: number, contentType = 'application/json', extra = '') {
  return (
    `POST ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: ${contentType}\r\n` +
    `Content-Length: ${length}\r\nCookie: XSRF-TOKEN=${csrf}\r\nX-XSRF-TOKEN: ${csrf}\r\n${extra}\r\n`
  );
}

const loginBody = (padding = 0) =>
  JSON.stringify({ email: 'slow@example.com', password: 'x'.repeat(padding) || 'not-the-password' });

async function metric(name: string): Promise<number> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  const line = res.body.split('\n').find((l) => l.startsWith(`${name} `));
  return line ? Number(line.split(' ')[1]) : 0;
}

function expectTimeoutAnswer(answer: RawAnswer) {
  expect(answer.status).toBe(408);
  expect(answer.headers['content-type']).toContain('application/json');
  expect(JSON.parse(answer.body)).toEqual({ code: 'REQUEST_TIMEOUT', message: expect.any(String) });
  expect(answer.headers['content-security-policy']).toContain("default-src 'self'");
  expect(answer.headers['x-content-type-options']).toBe('nosniff');
  expect(answer.headers.connection).toBe('close');
}

describe('slow clients', () => {
  it('closes a connection that sends nothing within the header deadline, without an answer', async () => {
    const before = await metric('http_request_timeouts_total{phase="silent"}');
    const connection = rawConnect(port);
    const closedAfter = await connection.closed;
    expect(closedAfter).toBeGreaterThanOrEqual(HEADERS_MS - 50);
    expect(closedAfter).toBeLessThan(HEADERS_MS + 2000);
    expect(connection.received().length).toBe(0);
    expect(await metric('http_request_timeouts_total{phase="silent"}')).toBe(before + 1);
  });

  it('answers 408 with our body to headers that stop coming', async () => {
    const before = await metric('http_request_timeouts_total{phase="headers"}');
    const connection = rawConnect(port);
    connection.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\nAccept: ');
    const answer = await connection.answer(HEADERS_MS + 1500);
    expectTimeoutAnswer(answer);
    expect(await connection.closed).toBeLessThan(HEADERS_MS + 1500);
    expect(await metric('http_request_timeouts_total{phase="headers"}')).toBe(before + 1);
  });

  it('answers 408 with our body to a body that stalls, in the language asked for', async () => {
    const before = await metric('http_request_timeouts_total{phase="body"}');
    const body = loginBody();
    const connection = rawConnect(port);
    connection.write(postHead('/api/auth/login', body.length, 'application/json', 'Accept-Language: en\r\n'));
    connection.write(body.slice(0, 10));
    const answer = await connection.answer(WINDOW_MS * 2 + 1500);
    expectTimeoutAnswer(answer);
    expect(JSON.parse(answer.body).message).toMatch(/too slowly/);
    const closedAfter = await connection.closed;
    expect(closedAfter).toBeGreaterThanOrEqual(WINDOW_MS - 50);
    expect(closedAfter).toBeLessThan(WINDOW_MS * 2 + 1500);
    expect(await metric('http_request_timeouts_total{phase="body"}')).toBe(before + 1);
  });

  it('answers 408 to a body that trickles under the minimum rate (a byte every 100 ms)', async () => {
    const body = loginBody();
    const connection = rawConnect(port);
    connection.write(postHead('/api/auth/login', body.length));
    void trickle(connection, body, 1, 100);
    expectTimeoutAnswer(await connection.answer(WINDOW_MS * 2 + 1500));
    await connection.closed;
  });

  it('lets a slow but steady body through, however long it takes', async () => {
    // 12 KB at about 4 KB a second (twice the minimum) takes seven windows; the answer is the one the
    // same body gets at full speed.
    const body = loginBody(12_000);
    const expected = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json', 'x-xsrf-token': csrf },
      cookies: { 'XSRF-TOKEN': csrf },
      payload: body,
    });
    expect(expected.statusCode).not.toBe(408);
    const connection = rawConnect(port);
    connection.write(postHead('/api/auth/login', body.length));
    const started = Date.now();
    await trickle(connection, body, 400, 100);
    const answer = await connection.answer(5000);
    expect(Date.now() - started).toBeGreaterThan(WINDOW_MS * 5);
    expect(answer.status).toBe(expected.statusCode);
    expect(JSON.parse(answer.body).code).toBe(expected.json().code);
    connection.destroy();
  });

  it('lets a document upload through at a slow but steady rate', async () => {
    const form = multipart([
      {
        field: 'docs',
        filename: 'accounts.pdf',
        contentType: 'application/pdf',
        data: pdfDocument('x'.repeat(12_000)),
      },
    ]);
    const connection = rawConnect(port);
    connection.write(
      `POST /api/uploads/docs HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${member.token}\r\n` +
        `Content-Type: ${form.headers['content-type']}\r\nContent-Length: ${form.payload.length}\r\n` +
        `Cookie: XSRF-TOKEN=${csrf}\r\nX-XSRF-TOKEN: ${csrf}\r\n\r\n`,
    );
    await trickle(connection, form.payload, 500, 100);
    const answer = await connection.answer(5000);
    expect(answer.status, answer.body).toBe(201);
    expect(JSON.parse(answer.body).files[0].name).toBe('accounts.pdf');
    connection.destroy();
  });

  it('does not count against the client the time the server takes before reading the body', async () => {
    const body = JSON.stringify({ data: 'x'.repeat(4 * 1024 * 1024) });
    const connection = rawConnect(port);
    connection.write(postHead('/api/test/slow-reader', body.length));
    connection.write(body);
    const answer = await connection.answer(10_000);
    expect(answer.status, answer.body).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ length: body.length });
    connection.destroy();
  });

  it('closes a connection whose body stalls after an early refusal', async () => {
    // Without the CSRF header the answer (403) comes before the body is read; Node would go on
    // waiting for the rest of it.
    const connection = rawConnect(port);
    connection.write(
      'POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{',
    );
    const answer = await connection.answer(2000);
    expect(answer.status).toBe(403);
    expect(await connection.closed).toBeLessThan(WINDOW_MS * 2 + 1500);
  });

  it('closes a kept-alive connection left idle after its answer', async () => {
    const connection = rawConnect(port);
    connection.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n');
    const answer = await connection.answer(2000);
    expect(answer.status).toBe(200);
    const answeredAt = Date.now();
    await connection.closed;
    const idle = Date.now() - answeredAt;
    expect(idle).toBeGreaterThanOrEqual(KEEP_ALIVE_MS - 100);
    expect(idle).toBeLessThan(KEEP_ALIVE_MS + 2000);
  });
});
