import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/** One answer as read off the wire. */
export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * A TCP client that writes exactly what it is told, when it is told: for what browsers never send
 * (slow, stalled, malformed or oversized requests) against a real listening server.
 */
export interface RawConnection {
  socket: net.Socket;
  /** Resolves once connected. */
  ready: Promise<void>;
  write(data: string | Buffer): void;
  /** Everything received so far. */
  received(): Buffer;
  /** Resolves with ms since connecting once the server closes (or resets) the connection. */
  closed: Promise<number>;
  isClosed(): boolean;
  /** The first complete answer received (by Content-Length), waiting up to timeoutMs. */
  answer(timeoutMs?: number): Promise<RawAnswer>;
  destroy(): void;
}

export function parseAnswer(raw: Buffer): RawAnswer | null {
  const end = raw.indexOf('\r\n\r\n');
  if (end < 0) return null;
  const [statusLine, ...lines] = raw.subarray(0, end).toString('latin1').split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const length = Number(headers['content-length'] ?? 0);
  const body = raw.subarray(end + 4);
  if (body.length < length) return null;
  return {
    status: Number(/^HTTP\/1\.1 (\d{3})/.exec(statusLine ?? '')?.[1] ?? 0),
    headers,
    body: body.subarray(0, length).toString('utf8'),
  };
}

export function rawConnect(port: number, localAddress = '127.0.0.1'): RawConnection {
  const socket = net.connect({ port, host: '127.0.0.1', localAddress });
  const started = Date.now();
  const chunks: Buffer[] = [];
  let isClosed = false;
  socket.on('data', (chunk) => chunks.push(chunk));
  socket.on('error', () => {});
  const closed = new Promise<number>((resolve) =>
    socket.on('close', () => {
      isClosed = true;
      resolve(Date.now() - started);
    }),
  );
  const received = () => Buffer.concat(chunks);
  return {
    socket,
    ready: new Promise((resolve) => socket.once('connect', () => resolve())),
    write: (data) => {
      if (!socket.destroyed) socket.write(data);
    },
    received,
    closed,
    isClosed: () => isClosed,
    async answer(timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const parsed = parseAnswer(received());
        if (parsed) return parsed;
        if (isClosed || Date.now() > deadline) {
          throw new Error(
            `no complete answer (closed: ${isClosed}): ${JSON.stringify(received().toString())}`,
          );
        }
        await sleep(10);
      }
    },
    destroy: () => socket.destroy(),
  };
}

/** Writes `data` in pieces of `chunkBytes`, one every `everyMs`, unless the server closed first. */
export async function trickle(
  connection: RawConnection,
  data: Buffer | string,
  chunkBytes: number,
  everyMs: number,
): Promise<void> {
  const bytes = Buffer.isBuffer(data) ? data : Buffer.from(data);
  for (let at = 0; at < bytes.length; at += chunkBytes) {
    if (connection.isClosed()) return;
    connection.write(bytes.subarray(at, at + chunkBytes));
    if (at + chunkBytes < bytes.length) await sleep(everyMs);
  }
}
