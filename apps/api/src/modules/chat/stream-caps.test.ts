import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openSse, type SseConnection } from '../../test/sse-client';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createUser, type TestUser } from '../../test/factories';

/**
 * Event streams capped per client address and per process, over TCP from distinct loopback
 * addresses (127.0.0.x): 2 per user, 2 per address, 3 in all.
 */
const TOKEN = 'metrics-token-for-stream-caps-test';
let t: TestApp;
let port: number;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
const open: SseConnection[] = [];
const agents = new Map<string, http.Agent>();

beforeAll(async () => {
  t = await createTestApp(
    { METRICS_TOKEN: TOKEN },
    { sse: { heartbeatMs: 25_000, maxStreamsPerUser: 2, maxStreamsPerAddress: 2, maxStreams: 3 } },
  );
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
  [alice, bob, carol] = [await createUser(t.app), await createUser(t.app), await createUser(t.app)];
});
afterEach(async () => {
  const closing = open.splice(0).map((connection) => {
    connection.close();
    return connection.ended;
  });
  await Promise.all(closing);
  // The server notices the closed sockets on its next turn.
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(t.app.sseHub.count()).toBe(0);
});
afterAll(async () => {
  for (const agent of agents.values()) agent.destroy();
  await t?.close();
});

async function stream(user: TestUser, from: string) {
  let agent = agents.get(from);
  if (!agent) {
    agent = new http.Agent({ localAddress: from });
    agents.set(from, agent);
  }
  const connection = await openSse(`http://127.0.0.1:${port}/api/chat/stream?token=${user.token}`, { agent });
  open.push(connection);
  return connection;
}

async function refused(reason: string): Promise<number> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  const line = res.body
    .split('\n')
    .find((l) => l.startsWith(`sse_streams_refused_total{reason="${reason}"} `));
  return Number(line?.split(' ')[1] ?? Number.NaN);
}

describe('event stream caps', () => {
  it('refuses a stream past the share of one address with 429, and serves other addresses', async () => {
    const before = await refused('per_address');
    expect((await stream(alice, '127.0.0.1')).status).toBe(200);
    expect((await stream(alice, '127.0.0.1')).status).toBe(200);

    const third = await stream(bob, '127.0.0.1');
    expect(third.status).toBe(429);
    expect(third.body).toEqual({ code: 'RATE_LIMITED', message: expect.any(String) });
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    expect(third.headers['x-frame-options']).toBe('DENY');
    expect(await refused('per_address')).toBe(before + 1);

    expect((await stream(bob, '127.0.0.2')).status).toBe(200);
  });

  it('lets a user at their own cap replace their oldest stream from the same address', async () => {
    const oldest = await stream(alice, '127.0.0.1');
    await stream(alice, '127.0.0.1');
    const newest = await stream(alice, '127.0.0.1');
    expect(newest.status).toBe(200);
    expect((await oldest.next('close')).data).toEqual({ reason: 'too_many_streams' });
  });

  it('refuses a stream past the cap of the process with 503, and serves again once one closes', async () => {
    const before = await refused('total');
    await stream(alice, '127.0.0.1');
    const bobs = await stream(bob, '127.0.0.2');
    await stream(bob, '127.0.0.3');

    const full = await stream(carol, '127.0.0.4');
    expect(full.status).toBe(503);
    expect(full.body).toEqual({ code: 'SERVICE_UNAVAILABLE', message: expect.any(String) });
    expect(Number(full.headers['retry-after'])).toBeGreaterThan(0);
    expect(await refused('total')).toBe(before + 1);

    bobs.close();
    await bobs.ended;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await stream(carol, '127.0.0.4')).status).toBe(200);
  });
});
