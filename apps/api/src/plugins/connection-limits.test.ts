import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rawConnect, type RawConnection } from '../test/raw-http';
import { createTestApp, type TestApp } from '../test/test-app';

/**
 * Connection caps against a real listening server: 3 open connections per address, 5 in all. Clients
 * come from distinct loopback addresses (127.0.0.x), which Linux routes to the same server.
 */
const TOKEN = 'metrics-token-for-connection-caps';
let t: TestApp;
let port: number;
const held: RawConnection[] = [];
beforeAll(async () => {
  t = await createTestApp({
    HTTP_MAX_CONNECTIONS: '5',
    HTTP_MAX_CONNECTIONS_PER_ADDRESS: '3',
    // Long enough that held connections stay open for the whole test.
    HTTP_HEADERS_TIMEOUT_MS: '20000',
    METRICS_TOKEN: TOKEN,
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
async function releaseAll() {
  const closing = held.splice(0).map((connection) => {
    connection.destroy();
    return connection.closed;
  });
  await Promise.all(closing);
  await sleep(50);
}
beforeEach(releaseAll);
afterAll(async () => {
  await releaseAll();
  await t?.close();
});

async function hold(localAddress: string): Promise<RawConnection> {
  const connection = rawConnect(port, localAddress);
  held.push(connection);
  await connection.ready;
  return connection;
}

/** A connection the server closed without a byte, soon after accepting it. */
async function expectRefused(connection: RawConnection) {
  const closedAfter = await Promise.race([connection.closed, sleep(2000).then(() => Infinity)]);
  expect(closedAfter).toBeLessThan(2000);
  expect(connection.received().length).toBe(0);
}

async function health(localAddress: string) {
  const connection = rawConnect(port, localAddress);
  connection.write('GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
  try {
    return (await connection.answer(3000)).status;
  } finally {
    connection.destroy();
  }
}

async function metrics(): Promise<string> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  return res.body;
}
const value = (text: string, name: string) =>
  Number(
    text
      .split('\n')
      .find((l) => l.startsWith(`${name} `))
      ?.split(' ')[1] ?? Number.NaN,
  );

describe('connection caps', () => {
  it('closes connections past the cap of one address, while other addresses get through', async () => {
    const refusedBefore = value(await metrics(), 'http_connections_refused_total{reason="per_address"}');
    const first = await hold('127.0.0.1');
    await hold('127.0.0.1');
    await hold('127.0.0.1');
    await sleep(50);
    expect(value(await metrics(), 'http_open_connections')).toBe(3);

    await expectRefused(await hold('127.0.0.1'));
    expect(await health('127.0.0.2')).toBe(200);

    // Once one of its connections closes, the address is served again.
    first.destroy();
    await first.closed;
    await sleep(50);
    expect(await health('127.0.0.1')).toBe(200);
    expect(value(await metrics(), 'http_connections_refused_total{reason="per_address"}')).toBe(
      refusedBefore + 1,
    );
  });

  it('closes connections past the cap of the process, and serves again once some close', async () => {
    const refusedBefore = value(await metrics(), 'http_connections_refused_total{reason="max_connections"}');
    await hold('127.0.0.1');
    await hold('127.0.0.1');
    await hold('127.0.0.2');
    await hold('127.0.0.2');
    const third = await hold('127.0.0.3');
    await sleep(50);
    await expectRefused(rawConnect(port, '127.0.0.4'));
    expect(value(await metrics(), 'http_connections_refused_total{reason="max_connections"}')).toBe(
      refusedBefore + 1,
    );

    third.destroy();
    await third.closed;
    await sleep(50);
    expect(await health('127.0.0.4')).toBe(200);
    expect(value(await metrics(), 'http_open_connections')).toBe(4);
  });
});
