import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../test/server-process';
import {
  FAULT_ADMIN,
  approvedListing,
  createDatabase,
  faultServerEnv,
  newMember,
  signIn,
  storedCurrent,
  waitFor,
} from './support';

/**
 * Issue 20: public pages and teasers are rendered once and kept in each process. Two server processes
 * on one PostgreSQL: whatever changes through one of them, or straight in the database, the other's
 * next page and teaser show it (NOTIFY from the triggers of migration 0013), within the moment a
 * notification takes to arrive.
 */
let database: Awaited<ReturnType<typeof createDatabase>>;
const servers: ServerProcess[] = [];
const CRAWLER = { 'user-agent': 'facebookexternalhit/1.1', accept: '*/*' };
const METRICS_TOKEN = 'fault-suite-metrics-token-0123456789';
let env: Record<string, string>;
/** How long a notification may take to reach the other process. */
const NOTIFY_MS = 2000;

beforeAll(async () => {
  database = await createDatabase();
  env = faultServerEnv({
    DATABASE_URL: database.url,
    PUBLIC_URL: 'https://safqa.example',
    METRICS_TOKEN,
  });
  servers.push(await startServerProcess(env, { timeoutMs: 120_000 }));
  servers.push(await startServerProcess(env, { timeoutMs: 120_000 }));
}, 300_000);

afterAll(async () => {
  for (const server of servers) server.child.kill('SIGKILL');
  await database?.drop();
});

async function page(baseUrl: string, path: string) {
  const res = await fetch(`${baseUrl}${path}`, { headers: CRAWLER });
  return { status: res.status, etag: res.headers.get('etag'), body: await res.text() };
}
const amountOf = (html: string) => /"requiredAmount":(\d+)/.exec(html)?.[1];

/** A process's page counters (/metrics): renders on request and pages read from the shared store. */
async function pageCounts(baseUrl: string) {
  const text = await (
    await fetch(`${baseUrl}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
  ).text();
  const value = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1]);
  return {
    onRequest: value('page_renders_total\\{by="on_request"\\}'),
    fromStore: value('pages_from_store_total'),
  };
}

describe('cached pages and teasers across two processes', () => {
  it('show a suspension, a reinstatement, a price written in SQL and a new FAQ on the other process', async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const admin = await signIn(a.baseUrl, FAULT_ADMIN.email, FAULT_ADMIN.password);
    const owner = await newMember(a.baseUrl, 'page-owner');
    const id = await approvedListing(owner, admin, { requiredAmount: 710_000 });
    const url = `/opportunities/${id}?lang=en`;
    const teaserUrl = `/api/opportunities/${id}/teaser.pdf`;

    // B renders and keeps the page and the teaser.
    const first = await page(b.baseUrl, url);
    expect(first.status).toBe(200);
    expect(amountOf(first.body)).toBe('710000');
    expect((await page(b.baseUrl, url)).etag).toBe(first.etag);
    const teaser = await page(b.baseUrl, teaserUrl);
    expect(teaser.status).toBe(200);

    expect(
      (await admin.post(`/api/admin/opportunities/${id}/suspend`, { reason: 'Checked by the fault suite' }))
        .status,
    ).toBe(200);
    await waitFor(
      'B to drop the suspended page',
      async () => (await page(b.baseUrl, url)).status === 404,
      NOTIFY_MS,
    );
    await waitFor(
      'B to drop the suspended teaser',
      async () => (await page(b.baseUrl, teaserUrl)).status === 404,
      NOTIFY_MS,
    );

    expect((await admin.post(`/api/admin/opportunities/${id}/reinstate`)).status).toBe(200);
    await waitFor(
      'B to show the reinstated page',
      async () => (await page(b.baseUrl, url)).status === 200,
      NOTIFY_MS,
    );

    // A price written by neither process (psql, a script): the trigger announces it to both.
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    await client.query('UPDATE opportunities SET required_amount = 720000 WHERE id = $1', [id]);
    await client.end();
    for (const server of [a, b]) {
      await waitFor(
        'the new price',
        async () => amountOf((await page(server.baseUrl, url)).body) === '720000',
        NOTIFY_MS,
      );
    }
    const newTeaser = await page(b.baseUrl, teaserUrl);
    expect(newTeaser.status).toBe(200);
    expect(newTeaser.etag).not.toBe(teaser.etag);

    expect((await page(b.baseUrl, '/faq?lang=en')).body).not.toContain('Does the other process know?');
    const faq = await admin.post('/api/admin/faqs', {
      questionAr: 'هل تعرف العملية الأخرى؟',
      answerAr: 'نعم، فورًا.',
      questionEn: 'Does the other process know?',
      answerEn: 'Yes, at once.',
    });
    expect(faq.status).toBe(201);
    await waitFor(
      'B to show the new FAQ',
      async () => (await page(b.baseUrl, '/faq?lang=en')).body.includes('Does the other process know?'),
      NOTIFY_MS,
    );
  });
});

describe('pages stored for every process', () => {
  it('are read by a process started after the one that rendered them was killed', async () => {
    const [a] = servers as [ServerProcess];
    const admin = await signIn(a.baseUrl, FAULT_ADMIN.email, FAULT_ADMIN.password);
    const owner = await newMember(a.baseUrl, 'stored-owner');
    // A third process renders ahead (as may the others: they all hear the approval), then dies.
    const renderer = await startServerProcess(env, { timeoutMs: 120_000 });
    servers.push(renderer);
    const id = await approvedListing(owner, admin, { requiredAmount: 730_000 });
    await waitFor('the page rendered ahead', () => storedCurrent(database.url, id), 10_000);
    renderer.child.kill('SIGKILL');

    const fresh = await startServerProcess(env, { timeoutMs: 120_000 });
    servers.push(fresh);
    const before = await pageCounts(fresh.baseUrl);
    const url = `/opportunities/${id}?lang=ar`;
    const served = await page(fresh.baseUrl, url);
    expect(served.status).toBe(200);
    expect(amountOf(served.body)).toBe('730000');
    const after = await pageCounts(fresh.baseUrl);
    expect(after.onRequest).toBe(before.onRequest);
    expect(after.fromStore).toBe(before.fromStore + 1);
    // Every process sends the same bytes under the same tag (a CDN or browser revalidates across them).
    expect((await page(a.baseUrl, url)).etag).toBe(served.etag);

    // A change written by neither process: the stored page is stale at once, the new one rendered ahead.
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    await client.query('UPDATE opportunities SET required_amount = 740000 WHERE id = $1', [id]);
    await client.end();
    await waitFor(
      'the new price from the fresh process',
      async () => amountOf((await page(fresh.baseUrl, url)).body) === '740000',
      NOTIFY_MS,
    );
    await waitFor('the new version rendered ahead', () => storedCurrent(database.url, id), 10_000);
  });
});
