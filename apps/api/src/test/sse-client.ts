import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

/** A minimal EventSource for tests and the benchmark: parses frames, queues events, counts comments. */
export interface SseEvent {
  event: string;
  data: unknown;
  receivedAt: number;
}

export interface SseConnection {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The JSON body when the server refused the stream (status other than 200). */
  body: unknown;
  events: SseEvent[];
  comments: number;
  /** Resolves when the server ends the connection. */
  ended: Promise<void>;
  isEnded(): boolean;
  /** Waits for the next event (optionally of a name) not consumed yet. */
  next(name?: string, timeoutMs?: number): Promise<SseEvent>;
  /** Resolves once at least `count` comment lines arrived. */
  waitForComments(count: number, timeoutMs?: number): Promise<void>;
  close(): void;
  onEvent?: (event: SseEvent) => void;
}

/** Makes an in-process app reachable over a Unix socket, so tests need no TCP port. */
export async function listenOnSocket(app: FastifyInstance): Promise<string> {
  const socketPath = path.join(mkdtempSync(path.join(tmpdir(), 'safqa-sse-')), 'api.sock');
  await app.listen({ path: socketPath });
  return socketPath;
}

export function openSse(
  url: string,
  options: { agent?: http.Agent; headers?: Record<string, string>; socketPath?: string } = {},
): Promise<SseConnection> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, {
      agent: options.agent,
      socketPath: options.socketPath,
      headers: { accept: 'text/event-stream', ...options.headers },
    });
    request.on('error', reject);
    request.on('response', (response) => {
      const waiters: Array<() => void> = [];
      let ended = false;
      let consumed = 0;
      let buffer = '';
      let resolveEnded!: () => void;
      const connection: SseConnection = {
        status: response.statusCode ?? 0,
        headers: response.headers,
        body: undefined,
        events: [],
        comments: 0,
        ended: new Promise<void>((r) => (resolveEnded = r)),
        isEnded: () => ended,
        next(name, timeoutMs = 5000) {
          return new Promise<SseEvent>((resolveNext, rejectNext) => {
            const check = () => {
              for (let i = consumed; i < connection.events.length; i += 1) {
                const event = connection.events[i]!;
                if (!name || event.event === name) {
                  consumed = i + 1;
                  return event;
                }
              }
              return undefined;
            };
            const found = check();
            if (found) return resolveNext(found);
            const timer = setTimeout(() => {
              waiters.splice(waiters.indexOf(waiter), 1);
              rejectNext(
                new Error(
                  `no ${name ?? 'event'} within ${timeoutMs} ms (got ${JSON.stringify(connection.events)})`,
                ),
              );
            }, timeoutMs);
            const waiter = () => {
              const event = check();
              if (!event) return;
              clearTimeout(timer);
              waiters.splice(waiters.indexOf(waiter), 1);
              resolveNext(event);
            };
            waiters.push(waiter);
          });
        },
        waitForComments(count, timeoutMs = 5000) {
          return new Promise<void>((resolveWait, rejectWait) => {
            const started = Date.now();
            const poll = () => {
              if (connection.comments >= count) return resolveWait();
              if (Date.now() - started > timeoutMs)
                return rejectWait(new Error(`only ${connection.comments} comments`));
              setTimeout(poll, 20);
            };
            poll();
          });
        },
        close() {
          request.destroy();
        },
      };
      const finish = () => {
        if (ended) return;
        ended = true;
        resolveEnded();
        for (const waiter of [...waiters]) waiter();
      };
      response.setEncoding('utf8');
      if (connection.status !== 200) {
        let raw = '';
        response.on('data', (chunk: string) => (raw += chunk));
        response.on('end', () => {
          try {
            connection.body = JSON.parse(raw);
          } catch {
            connection.body = raw;
          }
          finish();
          resolve(connection);
        });
        return;
      }
      response.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          let event = 'message';
          const data: string[] = [];
          let isComment = true;
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) continue;
            isComment = false;
            if (line.startsWith('event: ')) event = line.slice(7);
            else if (line.startsWith('data: ')) data.push(line.slice(6));
          }
          if (isComment) {
            connection.comments += 1;
            continue;
          }
          if (data.length === 0) continue;
          const parsed: SseEvent = {
            event,
            data: JSON.parse(data.join('\n')),
            receivedAt: performance.now(),
          };
          connection.events.push(parsed);
          connection.onEvent?.(parsed);
          for (const waiter of [...waiters]) waiter();
        }
      });
      response.on('end', finish);
      response.on('close', finish);
      resolve(connection);
    });
  });
}
