import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSse, type SseConnection } from '../test/sse-client';
import { startServerProcess, type ServerProcess } from '../test/server-process';
import { FAULT_ADMIN, caller, createDatabase, faultServerEnv, newMember, signIn } from './support';

/**
 * Issue 10: a deploy sends SIGTERM to a server under load. Requests it has already received finish
 * with their real answer, every open event stream is told `close` (so browsers reconnect to another
 * process at once instead of waiting for a dead socket), and the process exits 0 within 10 s.
 * Writes it acknowledged are all there for the next process.
 */
const ADMIN = FAULT_ADMIN;
let database: Awaited<ReturnType<typeof createDatabase>>;
let env: Record<string, string>;
const servers: ServerProcess[] = [];
const streams: SseConnection[] = [];

beforeAll(async () => {
  database = await createDatabase();
  env = faultServerEnv({ DATABASE_URL: database.url });
}, 60_000);

afterAll(async () => {
  for (const stream of streams) stream.close();
  for (const server of servers) server.child.kill('SIGKILL');
  await database?.drop();
});

/** How many requests to `path` the server has logged as received so far. */
function received(server: ServerProcess, path: string): number {
  return server
    .output()
    .split('\n')
    .filter((line) => line.includes('"incoming request"') && line.includes(`"url":"${path}"`)).length;
}

describe('SIGTERM under load', () => {
  it('finishes the requests in flight, tells every stream to close, keeps every acknowledged write and exits 0 within 10 s', async () => {
    const server = await startServerProcess(env, { timeoutMs: 120_000 });
    servers.push(server);
    const members = await Promise.all([newMember(server.baseUrl, 'a'), newMember(server.baseUrl, 'b')]);
    for (const member of members) {
      const stream = await openSse(`${server.baseUrl}/api/chat/stream?token=${member.token}`);
      expect(stream.status).toBe(200);
      streams.push(stream);
    }
    const visitor = await caller(server.baseUrl);

    // Sign-ins are slow on purpose (password hashing): they are still running when the signal lands.
    // Log lines leave in batches within 100 ms (lib/batched-log-stream.ts): let the earlier ones arrive.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const before = received(server, '/api/auth/login');
    const signIns = Array.from({ length: 8 }, () =>
      visitor.post('/api/auth/login', { ...ADMIN, recaptchaToken: 'fault-suite' }).then(
        (res) => ({ status: res.status, token: res.body.accessToken }),
        (error: unknown) => ({ status: 0, token: String(error) }),
      ),
    );
    // Contact messages keep arriving during the whole shutdown; only answered ones count.
    const writes: Promise<number>[] = [];
    let writing = true;
    const writer = (async () => {
      for (let i = 0; writing; i++) {
        writes.push(
          visitor
            .post('/api/contact', {
              name: `زائر ${i}`,
              email: `v${i}@example.test`,
              message: `رسالة أثناء الإيقاف ${i}`,
            })
            .then((res) => res.status)
            .catch(() => 0),
        );
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    const deadline = Date.now() + 10_000;
    while (received(server, '/api/auth/login') - before < 8 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(received(server, '/api/auth/login') - before, 'all sign-ins reached the server').toBe(8);

    const signalAt = Date.now();
    server.child.kill('SIGTERM');
    const code = await server.stop();
    const exitedAfter = Date.now() - signalAt;
    writing = false;
    await writer;

    expect(code).toBe(0);
    expect(exitedAfter).toBeLessThan(10_000);
    for (const result of await Promise.all(signIns)) {
      expect(result.status, 'a sign-in in flight got its real answer').toBe(200);
      expect(typeof result.token).toBe('string');
    }
    for (const stream of streams) {
      const closed = await stream.next('close', 1_000);
      expect(closed.receivedAt - signalAt).toBeLessThan(10_000);
      await stream.ended;
    }

    // Each write was either answered 201 and kept, or refused (503 or no connection) and not claimed.
    const statuses = await Promise.all(writes);
    expect(statuses.every((status) => status === 201 || status === 503 || status === 0)).toBe(true);
    const acknowledged = statuses.filter((status) => status === 201).length;
    expect(acknowledged).toBeGreaterThan(0);
    const next = await startServerProcess(env, { timeoutMs: 120_000 });
    servers.push(next);
    const admin = await signIn(next.baseUrl, ADMIN.email, ADMIN.password);
    const stored = await admin.get('/api/admin/contact-messages?pageSize=1');
    expect((stored.body.pagination as { total: number }).total).toBe(acknowledged);
    expect(await next.stop()).toBe(0);
  });
});
