import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import type { HttpCounters } from '../lib/http-counters';
import { sendError } from './errors';

interface Sample {
  at: number;
  bytesRead: number;
}

interface Watched {
  request: FastifyRequest;
  reply: FastifyReply;
  socket: Socket;
  /** The socket's byte count once per tick, over the last window (the oldest at least a window old). */
  samples: Sample[];
}

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/**
 * A request body must keep coming: over every window of HTTP_BODY_TIMEOUT_MS it must bring at least
 * HTTP_BODY_MIN_BYTES_PER_SECOND, else 408 REQUEST_TIMEOUT and the connection is closed. A rate, not
 * one deadline, so a 10 MB upload over a slow phone link passes while a body that trickles or stalls
 * is dropped within about one window. Time the server itself holds the body back (back-pressure:
 * a handler not reading yet, a slow disk or bucket) never counts against the client. Watching goes on
 * after an early answer (a 429 or 401 before the body was read), since Node still reads the rest.
 */
async function bodyTimeoutPlugin(
  app: FastifyInstance,
  { config, counters }: { config: Config; counters: HttpCounters },
) {
  const { bodyTimeoutMs, bodyMinBytesPerSecond } = config.http;
  const watched = new Set<Watched>();

  function expire({ request, reply, socket }: Watched) {
    counters.timeouts.body += 1;
    request.log.info({ bytesRead: socket.bytesRead }, 'request body too slow');
    // Answered early (a refusal before the body was read): Node keeps reading the rest, so the
    // connection itself has to go.
    if (reply.sent || reply.raw.headersSent) {
      socket.destroy();
      return;
    }
    // Closing is the point: the rest of the body is never read.
    reply.header('connection', 'close');
    sendError(reply, 408, 'REQUEST_TIMEOUT', request.lang);
  }

  function check() {
    const now = Date.now();
    for (const entry of watched) {
      const { request, socket, samples } = entry;
      if (request.raw.complete || socket.destroyed) {
        watched.delete(entry);
        continue;
      }
      const sample = { at: now, bytesRead: socket.bytesRead };
      if (socket.isPaused()) {
        entry.samples = [sample];
        continue;
      }
      samples.push(sample);
      while (samples.length > 1 && now - samples[1]!.at >= bodyTimeoutMs) samples.shift();
      const oldest = samples[0]!;
      const span = now - oldest.at;
      if (span < bodyTimeoutMs) continue;
      if (sample.bytesRead - oldest.bytesRead < (bodyMinBytesPerSecond * span) / 1000) {
        watched.delete(entry);
        expire(entry);
      }
    }
  }

  // One timer for every body in flight, a quarter window apart (at most a second).
  const timer = setInterval(check, Math.max(20, Math.min(1000, Math.floor(bodyTimeoutMs / 4))));
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));

  app.addHook('onRequest', async (request, reply) => {
    const socket = request.raw.socket as Socket | null;
    // app.inject has no real socket; a body already read whole needs no watching.
    if (!socket || typeof socket.bytesRead !== 'number' || !hasBody(request) || request.raw.complete) return;
    watched.add({ request, reply, socket, samples: [{ at: Date.now(), bytesRead: socket.bytesRead }] });
  });
}

// Registered first, so a body is watched even when an earlier hook answers before reading it.
export default fp(bodyTimeoutPlugin, { name: 'body-timeout' });
