import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { HttpCounters } from '../lib/http-counters';
import { plainAddress } from '../lib/private-address';
import { proxyTrustOf } from '../lib/trusted-proxies';

declare module 'fastify' {
  interface FastifyInstance {
    /** What the connection guards counted, for /metrics. */
    httpCounters: HttpCounters;
  }
}

/**
 * Caps on open connections, so one address (or a crowd) cannot hold every socket the process can
 * open: past HTTP_MAX_CONNECTIONS in total Node closes new connections at once (its 'drop' event);
 * past HTTP_MAX_CONNECTIONS_PER_ADDRESS from one address, this closes them. Nothing is answered: a
 * refused client has sent nothing yet, and reading its request is the cost being refused. A trusted
 * proxy (TRUST_PROXY, by default in production any peer on a private network) is not capped per
 * address, since it carries many clients; it must cap them itself (docs/operations.md).
 */
async function connectionLimitsPlugin(app: FastifyInstance, { counters }: { counters: HttpCounters }) {
  const { maxConnections, maxConnectionsPerAddress } = app.config.http;
  const exempt = proxyTrustOf(app.config);
  const byAddress = new Map<string, number>();
  app.decorate('httpCounters', counters);

  app.server.maxConnections = maxConnections;
  app.server.on('drop', () => {
    counters.refusedConnections.max_connections += 1;
  });
  // Runs after Node's own connection listener, which has only set the socket up.
  app.server.on('connection', (socket: Socket) => {
    const address = plainAddress(socket.remoteAddress ?? '');
    // A Unix socket (no address) is a process on this machine: a proxy, or a test.
    if (address && !exempt(address)) {
      const open = byAddress.get(address) ?? 0;
      if (open >= maxConnectionsPerAddress) {
        counters.refusedConnections.per_address += 1;
        socket.destroy();
        return;
      }
      byAddress.set(address, open + 1);
      socket.once('close', () => {
        const left = (byAddress.get(address) ?? 1) - 1;
        if (left > 0) byAddress.set(address, left);
        else byAddress.delete(address);
      });
    }
    counters.openConnections += 1;
    socket.once('close', () => {
      counters.openConnections -= 1;
    });
  });
}

export default fp(connectionLimitsPlugin, { name: 'connection-limits', dependencies: ['database'] });
