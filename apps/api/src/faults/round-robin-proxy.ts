import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small load balancer for the fault suite: each request (event streams included) goes to the next
 * backend in turn, no sticky sessions, as a round-robin balancer in front of several processes would.
 */
export interface RoundRobinProxy {
  baseUrl: string;
  /** Which backend each request went to, in order (its base URL). */
  routed: string[];
  close(): Promise<void>;
}

export async function startRoundRobinProxy(backends: string[]): Promise<RoundRobinProxy> {
  let next = 0;
  const routed: string[] = [];
  const server = http.createServer((request, response) => {
    const target = new URL(request.url ?? '/', backends[next++ % backends.length]);
    routed.push(target.origin);
    const upstream = http.request(
      target,
      { method: request.method, headers: { ...request.headers, host: target.host } },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => {
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
    response.on('close', () => upstream.destroy());
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    routed,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
