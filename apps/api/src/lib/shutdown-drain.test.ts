import type { AddressInfo } from 'node:net';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../test/factories';
import { openSse } from '../test/sse-client';
import { createTestApp, type TestApp } from '../test/test-app';
import { createShutdown } from './shutdown';

/** What a load balancer sees of a process told to stop (SHUTDOWN_DRAIN_MS), before it stops listening. */
const DRAIN_MS = 1_500;

let t: TestApp;
let baseUrl: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => {
  // The shutdown under test closed the app and the database already.
  rmSync(t.config.dataDir, { recursive: true, force: true });
});

describe('draining on SIGTERM', () => {
  it('answers health 503 draining while still serving, then tells its streams to close and exits 0', async () => {
    const member = await createUser(t.app);
    const stream = await openSse(`${baseUrl}/api/chat/stream?token=${member.token}`);
    expect(stream.status).toBe(200);
    const before = await fetch(`${baseUrl}/api/health`);
    expect(before.status).toBe(200);

    const exits: number[] = [];
    const shutdown = createShutdown({
      app: t.app,
      database: t.database,
      drainMs: DRAIN_MS,
      exit: (code) => exits.push(code),
    });
    const signalAt = performance.now();
    const closing = shutdown('SIGTERM');

    const health = await fetch(`${baseUrl}/api/health`);
    expect(health.status).toBe(503);
    expect(await health.json()).toMatchObject({ status: 'draining', db: 'ok' });
    // The balancer is told not to keep this connection for its next request.
    expect(health.headers.get('connection')).toBe('close');
    const faqs = await fetch(`${baseUrl}/api/faqs`);
    expect(faqs.status, 'requests are still served while draining').toBe(200);
    expect(stream.isEnded(), 'the stream stays open while the balancer takes the process out').toBe(false);

    const closed = await stream.next('close', DRAIN_MS + 5_000);
    expect(closed.data).toEqual({ reason: 'shutdown' });
    // Timers never fire early, so the stream was kept for the whole drain (receivedAt: performance.now()).
    expect(closed.receivedAt - signalAt).toBeGreaterThanOrEqual(DRAIN_MS - 5);
    await stream.ended;
    await closing;
    expect(exits).toEqual([0]);
    await expect(fetch(`${baseUrl}/api/health`)).rejects.toThrow();
  });
});
