import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenOnSocket, openSse } from '../test/sse-client';
import { createTestApp, type TestApp } from '../test/test-app';
import { createUser, type TestUser } from '../test/factories';

const TOKEN = 'metrics-token-for-the-tests-0123456789';
let t: TestApp;
let closed: TestApp;
let member: TestUser;
beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN: TOKEN });
  closed = await createTestApp({}, {}, { database: t.database });
  member = await createUser(t.app);
});
afterAll(async () => {
  await closed?.close();
  await t?.close();
});

const scrape = async (token = TOKEN) =>
  t.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

function value(text: string, metric: string): number {
  const escaped = metric.replace(/[{}"=.,/]/g, (c) => `\\${c}`);
  const match = new RegExp(`^${escaped} ([0-9.e+-]+)$`, 'm').exec(text);
  return match ? Number(match[1]) : Number.NaN;
}

describe('GET /metrics', () => {
  it('does not exist without METRICS_TOKEN', async () => {
    const res = await closed.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
  });

  it('refuses a missing or wrong token with 401', async () => {
    for (const token of ['', 'wrong-token', `${TOKEN}x`]) {
      const res = await scrape(token);
      expect(res.statusCode, token).toBe(401);
      expect(res.json().code).toBe('UNAUTHENTICATED');
      expect(res.body).not.toContain('process_resident_memory_bytes');
    }
  });

  it('answers the Prometheus text format with process memory and the listener state', async () => {
    const res = await scrape();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain; version=0.0.4');
    expect(value(res.body, 'process_resident_memory_bytes')).toBeGreaterThan(10_000_000);
    expect(value(res.body, 'live_listener_connected')).toBe(1);
  });

  it('counts requests by route pattern and status, never by raw URL', async () => {
    const metric =
      'http_request_duration_seconds_count{method="GET",route="/api/opportunities/:id",status_code="404"}';
    const before = value((await scrape()).body, metric);
    await t.app.inject({ method: 'GET', url: '/api/opportunities/424242' });
    await t.app.inject({ method: 'GET', url: '/api/opportunities/434343' });
    const text = (await scrape()).body;
    expect(value(text, metric)).toBe((Number.isNaN(before) ? 0 : before) + 2);
    expect(text).not.toContain('424242');
  });

  it('reports open event streams and the unsent mail with the age of the oldest', async () => {
    const socketPath = await listenOnSocket(t.app);
    const stream = await openSse(`http://localhost/api/chat/stream?token=${member.token}`, { socketPath });
    expect(value((await scrape()).body, 'sse_open_streams')).toBe(1);
    stream.close();

    await t.app.mailer.enqueue({
      to: 'someone@example.test',
      subject: 'Hello',
      text: 'Hi',
      html: '<p>Hi</p>',
    });
    const text = (await scrape()).body;
    expect(value(text, 'mail_outbox_unsent')).toBeGreaterThanOrEqual(1);
    expect(value(text, 'mail_outbox_oldest_unsent_age_seconds')).toBeGreaterThanOrEqual(0);
  });

  it('shows the PostgreSQL pool as it was before the scrape: an idle server has nothing waiting', async () => {
    // The scrape queries the outbox itself; that query must not show as a connection waiting.
    await scrape();
    const text = (await scrape()).body;
    if (t.database.poolStats() === null) {
      // The embedded database has no pool (docs/operations.md "Metrics").
      expect(text).not.toMatch(/^db_pool_connections/m);
    } else {
      expect(value(text, 'db_pool_connections{pool="requests",state="total"}')).toBeGreaterThanOrEqual(1);
      expect(value(text, 'db_pool_connections{pool="requests",state="waiting"}')).toBe(0);
      expect(value(text, 'db_pool_connections{pool="background",state="waiting"}')).toBe(0);
    }
    // No loop runs in API tests, so none is retrying (lib/polling-loop.test.ts covers the flag).
    expect(value(text, 'background_loop_retrying{loop="jobs"}')).toBe(0);
    expect(value(text, 'background_loop_retrying{loop="mail"}')).toBe(0);
  });
});
