import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawConnect, type RawAnswer } from '../test/raw-http';
import { createTestApp, type TestApp } from '../test/test-app';

/**
 * What Node refuses before any route runs, sent over raw sockets to a listening server: each answer
 * carries API.md's error body and the security headers every other answer has.
 */
const TOKEN = 'metrics-token-for-http-errors-test';
let t: TestApp;
let port: number;
let securityHeaders: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN: TOKEN });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
  // The headers of an ordinary answer, for comparison.
  const health = await t.app.inject({ method: 'GET', url: '/api/health' });
  securityHeaders = Object.fromEntries(
    [
      'content-security-policy',
      'x-frame-options',
      'x-content-type-options',
      'referrer-policy',
      'cross-origin-opener-policy',
      'cross-origin-resource-policy',
    ].map((name) => [name, String(health.headers[name])]),
  );
  expect(securityHeaders['x-frame-options']).toBe('DENY');
});
afterAll(async () => {
  await t?.close();
});

async function send(request: string | Buffer): Promise<RawAnswer> {
  const connection = rawConnect(port);
  connection.write(request);
  const answer = await connection.answer(3000);
  // Every one of these ends the connection.
  await connection.closed;
  return answer;
}

function expectOurError(answer: RawAnswer, status: number, code: string) {
  expect(answer.status, answer.body).toBe(status);
  expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
  const body = JSON.parse(answer.body) as Record<string, unknown>;
  expect(body.code).toBe(code);
  expect(typeof body.message).toBe('string');
  expect(Object.keys(body).sort()).toEqual(
    'fields' in body ? ['code', 'fields', 'message'] : ['code', 'message'],
  );
  for (const [name, value] of Object.entries(securityHeaders)) expect(answer.headers[name], name).toBe(value);
  return body;
}

async function clientErrors(status: number): Promise<number> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  const line = res.body
    .split('\n')
    .find((l) => l.startsWith(`http_client_errors_total{status="${status}"} `));
  return line ? Number(line.split(' ')[1]) : 0;
}

describe('HTTP-level errors', () => {
  it('answers a malformed request line with 400 VALIDATION_FAILED', async () => {
    const before = await clientErrors(400);
    for (const line of [
      'GARBAGE\r\n\r\n',
      'GET /api/health HTTP/9.9\r\nHost: x\r\n\r\n',
      'G\u0000T / HTTP/1.1\r\n\r\n',
    ]) {
      const body = expectOurError(await send(line), 400, 'VALIDATION_FAILED');
      expect(body.fields).toEqual({ request: expect.any(String) });
      expect(body.message).toBe('بعض الحقول غير صالحة');
    }
    expect(await clientErrors(400)).toBe(before + 3);
  });

  it('answers a bad or conflicting Content-Length with 400', async () => {
    const head = 'POST /api/contact HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n';
    expectOurError(await send(`${head}Content-Length: abc\r\n\r\n{}`), 400, 'VALIDATION_FAILED');
    expectOurError(
      await send(`${head}Content-Length: 2\r\nContent-Length: 3\r\n\r\n{}`),
      400,
      'VALIDATION_FAILED',
    );
    expectOurError(
      await send(`${head}Content-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n{}`),
      400,
      'VALIDATION_FAILED',
    );
  });

  it('answers headers past the size limit with 431 PAYLOAD_TOO_LARGE', async () => {
    const before = await clientErrors(431);
    const answer = await send(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expectOurError(answer, 431, 'PAYLOAD_TOO_LARGE');
    expect(await clientErrors(431)).toBe(before + 1);
  });

  it('answers HTTP/1.1 without Host with 400 naming the header, in the language asked for', async () => {
    const answer = await send('GET /api/health HTTP/1.1\r\nAccept-Language: en\r\nConnection: close\r\n\r\n');
    const body = expectOurError(answer, 400, 'VALIDATION_FAILED');
    expect(body.fields).toEqual({ host: expect.any(String) });
    expect(body.message).toBe('Some fields are invalid');
  });

  it('answers an Expect other than 100-continue with 417', async () => {
    const before = await clientErrors(417);
    const answer = await send('GET /api/health HTTP/1.1\r\nHost: x\r\nExpect: teapot\r\n\r\n');
    const body = expectOurError(answer, 417, 'VALIDATION_FAILED');
    expect(body.fields).toEqual({ expect: expect.any(String) });
    expect(await clientErrors(417)).toBe(before + 1);
  });

  it('still serves a well-formed request on the same server', async () => {
    const answer = await send('GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(answer.status).toBe(200);
  });
});
