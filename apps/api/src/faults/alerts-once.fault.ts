import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../test/server-process';
import {
  approvedListing,
  caller,
  createDatabase,
  FAULT_ADMIN,
  faultServerEnv,
  newMember,
  signIn,
} from './support';

/**
 * Issue 11: alerts run on app.jobs in every server process. Two processes on one PostgreSQL, both
 * running their job loops, approvals made through both: each matching listing reaches the saved
 * search exactly once (one email, one notification), never to the listing's own owner. Then one
 * process is killed with SIGKILL and the survivor alone keeps alerting.
 */
let database: Awaited<ReturnType<typeof createDatabase>>;
const servers: ServerProcess[] = [];

beforeAll(async () => {
  database = await createDatabase();
  const env = faultServerEnv({ DATABASE_URL: database.url });
  servers.push(await startServerProcess(env, { timeoutMs: 120_000 }));
  servers.push(await startServerProcess(env, { timeoutMs: 120_000 }));
}, 240_000);

afterAll(async () => {
  for (const server of servers) server.child.kill('SIGKILL');
  await database?.drop();
});

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('saved-search alerts with two server processes', () => {
  it('sends each matching listing once, whichever process approved it, and goes on after one dies', async () => {
    const [first, second] = servers.map((server) => server.baseUrl) as [string, string];
    const buyer = await newMember(first, 'alert_buyer');
    const owner = await newMember(second, 'alert_owner');
    const admins = [
      await signIn(first, FAULT_ADMIN.email, FAULT_ADMIN.password),
      await signIn(second, FAULT_ADMIN.email, FAULT_ADMIN.password),
    ];
    const saved = await buyer.post('/api/saved-searches', {
      name: 'Everything',
      query: {},
      frequency: 'instant',
    });
    expect(saved.status).toBe(201);
    // The owner's own search must stay silent about the owner's listings.
    expect(
      (await owner.post('/api/saved-searches', { name: 'Mine', query: {}, frequency: 'instant' })).status,
    ).toBe(201);

    const alerts = async (base: string) => {
      const mail = await (await caller(base)).get(`/api/dev/mail?to=${encodeURIComponent(buyer.email!)}`);
      return (mail.body.messages as { headers: Record<string, string> }[]).filter(
        (m) => m.headers['List-Unsubscribe'],
      );
    };
    const listings: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const ownerOn = await caller(i % 2 ? second : first, owner.token);
      listings.push(await approvedListing(ownerOn, admins[i % 2]!));
    }
    await until('six alerts', async () => ((await alerts(first)).length >= 6 ? true : undefined));
    // Both loops have had several more passes: still exactly one alert per listing.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(await alerts(second)).toHaveLength(6);
    const bell = await buyer.get('/api/notifications?pageSize=50');
    expect(bell.body.unreadCount).toBe(6);
    const links = (bell.body.data as { link: string }[]).map((n) => n.link).sort();
    expect(links).toEqual(listings.map((id) => `/opportunities/${id}`).sort());
    const ownerMail = await (await caller(first)).get(`/api/dev/mail?to=${encodeURIComponent(owner.email!)}`);
    expect(
      (ownerMail.body.messages as { headers: Record<string, string> }[]).filter(
        (m) => m.headers['List-Unsubscribe'],
      ),
    ).toEqual([]);

    // One process dies; the other alone picks up what comes next.
    servers[1]!.child.kill('SIGKILL');
    const survivor = await caller(first, owner.token);
    listings.push(await approvedListing(survivor, admins[0]!));
    await until('the seventh alert', async () => ((await alerts(first)).length === 7 ? true : undefined));
  }, 180_000);
});
