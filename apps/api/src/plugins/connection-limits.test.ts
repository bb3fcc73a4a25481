import net, { type AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rawConnect, type RawConnection } from '../test/raw-http';
import { createProxyTrust, PRODUCTION_PROXIES } from '../lib/trusted-proxies';
import { listenOnSocket } from '../test/sse-client';
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

describe('connection caps behind a proxy', () => {
  it('does not cap, in production, a peer on the networks trusted as proxies', async () => {
    const behindProxy = await createTestApp(
      {},
      { isProduction: true, http: { ...t.config.http, maxConnections: 50, maxConnectionsPerAddress: 3 } },
      { database: t.database },
    );
    try {
      await behindProxy.app.listen({ port: 0, host: '127.0.0.1' });
      const proxyPort = (behindProxy.app.server.address() as AddressInfo).port;
      const sockets = Array.from({ length: 5 }, () => rawConnect(proxyPort, '127.0.0.1'));
      await Promise.all(sockets.map((socket) => socket.ready));
      await sleep(100);
      expect(sockets.filter((socket) => socket.isClosed())).toHaveLength(0);
      for (const socket of sockets) socket.destroy();
    } finally {
      await behindProxy.close();
    }
  });

  it('knows the proxy networks from the public internet', () => {
    const isPrivateAddress = createProxyTrust(PRODUCTION_PROXIES);
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.5',
      '192.168.1.1',
      '169.254.1.1',
      '::1',
      'fd00::5',
      'fe80::1',
      '::ffff:10.0.0.1',
    ]) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
    for (const address of ['203.0.113.7', '8.8.8.8', '172.32.0.1', '2001:db8::1', '::ffff:203.0.113.7', '']) {
      expect(isPrivateAddress(address), address).toBe(false);
    }
  });

  it('does not cap connections over a Unix socket (a process on this machine)', async () => {
    const local = await createTestApp(
      {},
      { http: { ...t.config.http, maxConnectionsPerAddress: 3 } },
      { database: t.database },
    );
    try {
      const socketPath = await listenOnSocket(local.app);
      const sockets = Array.from({ length: 5 }, () => net.connect({ path: socketPath }));
      await Promise.all(sockets.map((socket) => new Promise((resolve) => socket.once('connect', resolve))));
      await sleep(100);
      expect(sockets.filter((socket) => socket.destroyed)).toHaveLength(0);
      for (const socket of sockets) socket.destroy();
    } finally {
      await local.close();
    }
  });
});
