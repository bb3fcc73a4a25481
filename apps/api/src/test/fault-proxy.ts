import net from 'node:net';

/**
 * A TCP proxy on loopback in front of a real server (s3rver, PostgreSQL) that a test can cut:
 * - `pass`: bytes flow both ways;
 * - `freeze`: open connections are dropped, new ones are accepted and never answered (a hung server
 *   or a black-holed network: only a client timeout ends the wait);
 * - `refuse`: open connections are dropped and the port is closed (a server that is down).
 * Back to `pass`, the same port answers again.
 */
export type FaultMode = 'pass' | 'freeze' | 'refuse';

export interface FaultProxy {
  port: number;
  url: string;
  set(mode: FaultMode): Promise<void>;
  close(): Promise<void>;
}

export async function startFaultProxy(target: { host: string; port: number }): Promise<FaultProxy> {
  let mode: FaultMode = 'pass';
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const server = net.createServer((client) => {
    track(client);
    if (mode !== 'pass') return;
    const upstream = net.connect(target.port, target.host);
    track(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  await listen(0);
  const { port } = server.address() as net.AddressInfo;
  const dropAll = () => {
    for (const socket of sockets) socket.destroy();
  };
  const stopListening = () =>
    new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve()));
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    async set(next) {
      mode = next;
      dropAll();
      if (next === 'refuse') await stopListening();
      else if (!server.listening) await listen(port);
    },
    async close() {
      mode = 'refuse';
      dropAll();
      await stopListening();
    },
  };
}
