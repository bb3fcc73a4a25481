import type { ServerResponse } from 'node:http';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { Db, Unlisten } from '../db/client';
import { AppError } from '../lib/app-error';

/** The PostgreSQL channel every process listens on (lower case: LISTEN folds unquoted names). */
export const SSE_CHANNEL = 'safqa_sse';
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; keep a margin. */
export const NOTIFY_MAX_BYTES = 7900;
/** A client that stops reading is dropped once this much is waiting in its socket buffer. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
/** How many ticks a heartbeat period is spread over. */
const HEARTBEAT_SLICES = 25;

/** Something that can run SQL: the database or an open transaction. */
type Executor = Pick<Db, 'execute'>;

export type CloseReason = 'token_expired' | 'shutdown' | 'too_many_streams' | 'session_revoked';
export type SseRefusal = 'per_address' | 'total';
/** When a refused client may try again (its EventSource gives up; the web app reopens it later). */
const REFUSAL_RETRY_AFTER_S = '30';

export interface SseStream {
  readonly id: number;
  readonly userId: number;
  /** The session (refresh-token family) of the access token that opened it. */
  readonly sessionId: string;
  send(event: string, data: unknown): void;
  close(reason: CloseReason): void;
}

export interface SseHub {
  /**
   * Takes over the reply and keeps it open as `text/event-stream` for `userId` until the client
   * leaves, `expiresAt` (ms since epoch) passes (event `close`), the user opens more than the allowed
   * number of streams (the oldest gets `close`), its session ends (closeSession) or the server shuts
   * down (`close`). Refused before
   * anything is written when `address` (the client's) holds its share of streams (429 RATE_LIMITED)
   * or this process holds all it may (503 SERVICE_UNAVAILABLE), both with Retry-After.
   */
  open(
    reply: FastifyReply,
    owner: { userId: number; sessionId: string },
    expiresAt: number,
    address: string,
  ): SseStream;
  /** Closes (event `close` with `reason`) every stream of this process opened by `sessionId`. */
  closeSession(sessionId: string, reason: CloseReason): void;
  /** The sessions that hold open streams in this process. */
  sessions(): { userId: number; sessionId: string }[];
  /**
   * Announces an event to every open stream of `userIds`, in this process and every other one,
   * through PostgreSQL NOTIFY. Given a transaction, the announcement is made only if and when it
   * commits (PostgreSQL delivers notifications at commit), so nothing is announced that is not stored.
   */
  publish(userIds: number[], event: string, data: unknown, tx?: Executor): Promise<void>;
  /** publish for many announcements of one event in one statement (bulk notifications), in `tx`. */
  publishMany(items: Array<{ userIds: number[]; data: unknown }>, event: string, tx: Executor): Promise<void>;
  /**
   * The announcement as SQL, for the statement that stores the change itself: one round trip, and
   * PostgreSQL sends it only if that statement commits. `userIds` (a JSON array) and `data` (a JSON
   * value) are SQL expressions, so values only that statement knows (a new row's id, a total read
   * beside it) go in, escaped by PostgreSQL. Evaluates to true when sent, false when the payload
   * would exceed the NOTIFY limit (then nothing is sent and the change is still made).
   */
  announcementSql(userIds: SQL, event: string, data: SQL): SQL;
  /** Open streams in this process, of one user or of everyone. */
  count(userId?: number): number;
  /** Streams refused since start, by cap. */
  readonly refused: Readonly<Record<SseRefusal, number>>;
}

declare module 'fastify' {
  interface FastifyInstance {
    sseHub: SseHub;
  }
}

interface Envelope {
  u: number[];
  e: string;
  d: unknown;
}

interface StreamState extends SseStream {
  res: ServerResponse;
  address: string;
  expiryTimer: NodeJS.Timeout | undefined;
}

const EVENT_NAME = /^[a-z_]+$/;

function frame(event: string, json: string) {
  return `event: ${event}\ndata: ${json}\n\n`;
}

/**
 * Server-sent events for signed-in users, fanned out between processes by LISTEN/NOTIFY: a process
 * never delivers straight to its own streams, it waits for its own notification like every other
 * process, so one path is used and tested whether there is one process or many.
 */
async function sseHubPlugin(app: FastifyInstance) {
  const { heartbeatMs, maxStreamsPerUser, maxStreamsPerAddress, maxStreams } = app.config.sse;
  const byUser = new Map<number, Set<StreamState>>();
  const byAddress = new Map<string, number>();
  const refused: Record<SseRefusal, number> = { per_address: 0, total: 0 };
  let nextId = 1;
  let total = 0;
  let closing = false;

  function remove(stream: StreamState) {
    const set = byUser.get(stream.userId);
    if (!set?.delete(stream)) return;
    total -= 1;
    if (set.size === 0) byUser.delete(stream.userId);
    const left = (byAddress.get(stream.address) ?? 1) - 1;
    if (left > 0) byAddress.set(stream.address, left);
    else byAddress.delete(stream.address);
    if (stream.expiryTimer) clearTimeout(stream.expiryTimer);
  }

  function write(stream: StreamState, chunk: string) {
    const { res } = stream;
    if (res.destroyed || res.writableEnded) return remove(stream);
    if (res.writableLength > MAX_BUFFERED_BYTES) {
      remove(stream);
      res.destroy();
      return;
    }
    res.write(chunk);
  }

  function deliver(payload: string) {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(payload) as Envelope;
    } catch {
      app.log.warn('ignored a malformed SSE notification');
      return;
    }
    if (!Array.isArray(envelope.u) || typeof envelope.e !== 'string') return;
    let chunk: string | undefined;
    for (const userId of envelope.u) {
      const set = byUser.get(userId);
      if (!set) continue;
      chunk ??= frame(envelope.e, JSON.stringify(envelope.d));
      for (const stream of set) write(stream, chunk);
    }
  }

  const unlisten: Unlisten = await app.database.listen(SSE_CHANNEL, deliver);
  // While the listener is down, announcements from every process are missed: once it is back, each
  // open stream is told to `resync`, and the browser refetches its unread count, chats and messages.
  app.database.watchListener({
    onDown: (error) => app.log.warn({ err: error }, 'live-update listener lost its connection; reconnecting'),
    onUp: (downForMs) => {
      app.log.info({ downForMs, streams: total }, 'live-update listener is back; open streams resync');
      const chunk = frame('resync', JSON.stringify({ reason: 'listener_reconnected' }));
      for (const set of byUser.values()) for (const stream of set) write(stream, chunk);
    },
  });

  // Every stream hears a comment line once per heartbeatMs, but not all in one tick: with 20,000
  // streams one loop of writes held the event loop for about half a second every period. The
  // streams are spread over HEARTBEAT_SLICES ticks of the period by their id.
  let slice = 0;
  const heartbeat = setInterval(() => {
    slice = (slice + 1) % HEARTBEAT_SLICES;
    for (const set of byUser.values()) {
      for (const stream of set) if (stream.id % HEARTBEAT_SLICES === slice) write(stream, ':\n\n');
    }
  }, heartbeatMs / HEARTBEAT_SLICES);
  heartbeat.unref();

  const hub: SseHub = {
    open(reply, { userId, sessionId }, expiresAt, address) {
      // A new stream of a user at their cap replaces the oldest, so that one does not count.
      const own = byUser.get(userId);
      const replaced =
        own && own.size >= maxStreamsPerUser ? (own.values().next().value as StreamState) : null;
      const fromAddress = (byAddress.get(address) ?? 0) - (replaced?.address === address ? 1 : 0);
      if (!closing && fromAddress >= maxStreamsPerAddress) {
        refused.per_address += 1;
        throw new AppError(429, 'RATE_LIMITED', { headers: { 'retry-after': REFUSAL_RETRY_AFTER_S } });
      }
      if (!closing && total - (replaced ? 1 : 0) >= maxStreams) {
        refused.total += 1;
        throw new AppError(503, 'SERVICE_UNAVAILABLE', { headers: { 'retry-after': REFUSAL_RETRY_AFTER_S } });
      }
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-store, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      res.socket?.setNoDelay(true);
      // A comment right away so proxies and the browser see the stream open.
      res.write(':ok\n\n');

      const stream: StreamState = {
        id: nextId++,
        userId,
        sessionId,
        res,
        address,
        expiryTimer: undefined,
        send(event, data) {
          if (!EVENT_NAME.test(event)) throw new Error(`bad SSE event name ${event}`);
          write(stream, frame(event, JSON.stringify(data)));
        },
        close(reason) {
          if (res.writableEnded || res.destroyed) return remove(stream);
          res.end(frame('close', JSON.stringify({ reason })));
          remove(stream);
        },
      };
      if (closing) {
        stream.close('shutdown');
        return stream;
      }

      let set = byUser.get(userId);
      if (!set) {
        set = new Set();
        byUser.set(userId, set);
      }
      while (set.size >= maxStreamsPerUser) {
        const oldest = set.values().next().value as StreamState;
        oldest.close('too_many_streams');
      }
      set.add(stream);
      total += 1;
      byAddress.set(address, (byAddress.get(address) ?? 0) + 1);

      const delay = Math.max(0, expiresAt - Date.now());
      // setTimeout holds at most ~24.8 days; access tokens live 15 minutes.
      stream.expiryTimer = setTimeout(() => stream.close('token_expired'), Math.min(delay, 2 ** 31 - 1));
      stream.expiryTimer.unref();
      res.on('close', () => remove(stream));
      return stream;
    },

    async publish(userIds, event, data, tx) {
      if (!EVENT_NAME.test(event)) throw new Error(`bad SSE event name ${event}`);
      if (userIds.length === 0) return;
      const payload = JSON.stringify({ u: userIds, e: event, d: data } satisfies Envelope);
      if (Buffer.byteLength(payload) > NOTIFY_MAX_BYTES) {
        throw new Error(`SSE payload of ${Buffer.byteLength(payload)} bytes exceeds the NOTIFY limit`);
      }
      if (tx) await tx.execute(sql`SELECT pg_notify(${SSE_CHANNEL}, ${payload})`);
      else await app.database.notify(SSE_CHANNEL, payload);
    },

    async publishMany(items, event, tx) {
      if (!EVENT_NAME.test(event)) throw new Error(`bad SSE event name ${event}`);
      const payloads = items
        .filter((item) => item.userIds.length > 0)
        .map((item) => JSON.stringify({ u: item.userIds, e: event, d: item.data } satisfies Envelope));
      for (const payload of payloads) {
        if (Buffer.byteLength(payload) > NOTIFY_MAX_BYTES) {
          throw new Error(`SSE payload of ${Buffer.byteLength(payload)} bytes exceeds the NOTIFY limit`);
        }
      }
      if (payloads.length === 0) return;
      // A json (not jsonb) array keeps each payload's text as written, within the size checked above.
      await tx.execute(sql`SELECT count(pg_notify(${SSE_CHANNEL}, p.value::text))
        FROM json_array_elements(${`[${payloads.join(',')}]`}::json) AS p`);
    },

    announcementSql(userIds, event, data) {
      if (!EVENT_NAME.test(event)) throw new Error(`bad SSE event name ${event}`);
      // The CASE only reaches pg_notify when the payload fits: an oversized one would fail the
      // whole statement, and with it the change it announces.
      return sql`(SELECT CASE WHEN octet_length(envelope.payload) <= ${NOTIFY_MAX_BYTES}
          THEN (SELECT true FROM pg_notify(${SSE_CHANNEL}, envelope.payload))
          ELSE false END
        FROM (SELECT json_build_object('u', ${userIds}, 'e', ${event}::text, 'd', ${data})::text AS payload)
          AS envelope)`;
    },

    closeSession(sessionId, reason) {
      for (const set of [...byUser.values()]) {
        for (const stream of [...set]) if (stream.sessionId === sessionId) stream.close(reason);
      }
    },

    sessions() {
      const seen = new Map<string, { userId: number; sessionId: string }>();
      for (const set of byUser.values()) {
        for (const { userId, sessionId } of set) seen.set(sessionId, { userId, sessionId });
      }
      return [...seen.values()];
    },

    refused,

    count(userId) {
      if (userId === undefined) return total;
      return byUser.get(userId)?.size ?? 0;
    },
  };

  app.decorate('sseHub', hub);

  // Streams never end on their own, so they are closed (with a `close` event) before the server
  // waits for open connections to finish.
  app.addHook('preClose', async () => {
    closing = true;
    clearInterval(heartbeat);
    for (const set of [...byUser.values()]) for (const stream of [...set]) stream.close('shutdown');
  });
  app.addHook('onClose', async () => {
    await unlisten().catch(() => {});
  });
}

export default fp(sseHubPlugin, { name: 'sse-hub', dependencies: ['database'] });
