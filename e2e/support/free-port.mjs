import { createServer } from 'node:net';

/** @param {number} port */
function isFree(port) {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/**
 * The first port of [from, to] that nobody listens on (this project's share of ports is 3700-3709).
 * @param {number} [from]
 * @param {number} [to]
 * @returns {Promise<number>}
 */
export async function freePort(from = 3700, to = 3709) {
  for (let port = from; port <= to; port += 1) {
    if (await isFree(port)) return port;
  }
  throw new Error(`No free port in ${from}-${to}; set E2E_PORT or E2E_BASE_URL.`);
}
