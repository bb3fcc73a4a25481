import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactUrl } from './logger';
import { createTestApp, TestClient, type TestApp } from './test/test-app';

/** Every value below is a secret a request may carry; none may reach a log line. */
const SECRETS = {
  bearer: 'SECRET-bearer-eyJhbGciOi',
  cookie: 'SECRET-cookie-session',
  queryToken: 'SECRET-query-token',
  queryRefresh: 'SECRET-query-refresh',
  queryCode: 'SECRET-query-code',
  encodedToken: 'SECRET-encoded-token',
  upperToken: 'SECRET-upper-token',
  encodedRefresh: 'SECRET-encoded-refresh',
  signature: 'SECRET-link-signature',
  glued: 'SECRET-glued-name',
  password: 'SECRET-Passw0rd!',
  newPassword: 'SECRET-NewPassw0rd!',
  refreshToken: 'SECRET-body-refresh',
  token: 'SECRET-body-token',
};

const lines: string[] = [];
let t: TestApp;
let client: TestClient;
beforeAll(async () => {
  t = await createTestApp(
    { LOG_LEVEL: 'trace' },
    {},
    {
      logStream: { write: (line: string) => void lines.push(line) },
      beforeReady: (app) => {
        // A handler that logs what it received, as a careless one might.
        app.post('/api/test/echo', { schema: { hide: true } }, async (request) => {
          request.log.info({ body: request.body }, 'received');
          return { ok: true };
        });
      },
    },
  );
  client = new TestClient(t.app, SECRETS.bearer);
});
afterAll(async () => t.close());

describe('logs', () => {
  it('never record authorization headers, cookies, passwords, tokens or secret query values', async () => {
    await client.get('/api/health', { headers: { cookie: `session=${SECRETS.cookie}` } });
    await client.get(`/api/chat/stream?token=${SECRETS.queryToken}`);
    await client.get(`/api/faqs?search=x&refreshToken=${SECRETS.queryRefresh}`);
    await client.get(`/api/auth/verify-email?userId=3&code=${SECRETS.queryCode}`);
    // The query parser decodes names, so these are the same parameters to the server.
    await client.get(`/api/chat/stream?%74oken=${SECRETS.encodedToken}`);
    await client.get(`/api/chat/stream?TOKEN=${SECRETS.upperToken}`);
    await client.get(`/api/faqs?search=y&refresh%54oken=${SECRETS.encodedRefresh}`);
    await client.get(`/api/faqs?%74oken%3D${SECRETS.glued}`);
    // A signed document link: whoever reads the logs must not be able to replay it.
    await client.get(`/api/files/docs/a/b.pdf?expires=1999999999&o=1&u=2&signature=${SECRETS.signature}`);
    await client.post('/api/test/echo', {
      email: 'someone@example.com',
      password: SECRETS.password,
      newPassword: SECRETS.newPassword,
      refreshToken: SECRETS.refreshToken,
      token: SECRETS.token,
    });
    await client.post('/api/error-logs', { message: 'x', path: '/', password: SECRETS.password });
    await client.post(
      '/api/auth/login',
      { email: 'a@b.co', password: SECRETS.password },
      {
        headers: { cookie: `refresh=${SECRETS.cookie}` },
      },
    );

    const output = lines.join('');
    // The access log is there, so the checks below look at real lines.
    expect(output).toContain('"url":"/api/chat/stream?token=[REDACTED]"');
    expect(output).toContain('"url":"/api/faqs?search=x&refreshToken=[REDACTED]"');
    expect(output).toContain('"url":"/api/chat/stream?%74oken=[REDACTED]"');
    expect(output).toContain(
      '"url":"/api/files/docs/a/b.pdf?expires=1999999999&o=1&u=2&signature=[REDACTED]"',
    );
    expect(output).toContain('"msg":"received"');
    expect(output).toContain('someone@example.com');
    for (const [name, secret] of Object.entries(SECRETS)) {
      expect(output.includes(secret), `${name} leaked into the logs`).toBe(false);
    }
  });
});

describe('redactUrl', () => {
  it.each([
    ['/p?token=a&x=1', '/p?token=[REDACTED]&x=1'],
    ['/p?x=1&%74%6F%6B%65%6E=a', '/p?x=1&%74%6F%6B%65%6E=[REDACTED]'],
    ['/p?Access_Token=a&accessToken=b', '/p?Access_Token=[REDACTED]&accessToken=[REDACTED]'],
    ['/p?new+password=a', '/p?new+password=[REDACTED]'],
    ['/p?code=1234&postcode=5', '/p?code=[REDACTED]&postcode=5'],
    ['/p?signature=a&expires=2', '/p?signature=[REDACTED]&expires=2'],
    ['/p?%74oken%3Da', '/p?[REDACTED]'],
    ['/p?%ZZtoken=a', '/p?%ZZtoken=[REDACTED]'],
    ['/p?search=token', '/p?search=token'],
    ['/p/token', '/p/token'],
  ])('%s is logged as %s', (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });
});
