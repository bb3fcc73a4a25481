import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFaultProxy, type FaultProxy } from '../test/fault-proxy';
import { multipart, pdfDocument, pngImage } from '../test/file-fixtures';
import { seedLookups, validInput } from '../test/opportunity-fixtures';
import { startS3Server, type S3TestServer } from '../test/s3-server';
import { createTestApp, type TestApp } from '../test/test-app';
import { createS3Storage } from './s3-storage';
import { createUser, type TestUser } from '../test/factories';

/**
 * Issue 20: a bucket that hangs (connection accepted, no reply) or is down. Uploads, public image
 * GETs and document links answer 503 SERVICE_UNAVAILABLE with Retry-After within the client's
 * timeouts (shortened here; the fault suite runs the defaults in a real process), health says the
 * storage is unreachable, /metrics counts the refusals, the admin error log stays clean, and all
 * of it works again once the bucket answers, without a restart.
 */
const METRICS_TOKEN = 'metrics-token-for-s3-outage';
let s3: S3TestServer;
let proxy: FaultProxy;
let t: TestApp;
let owner: TestUser;
let admin: TestUser;

beforeAll(async () => {
  s3 = await startS3Server();
  proxy = await startFaultProxy({ host: '127.0.0.1', port: Number(new URL(s3.endpoint).port) });
  const storage = createS3Storage({
    bucket: s3.bucket,
    region: 'us-east-1',
    endpoint: proxy.url,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
    // Every call meets the fault itself (no shortcut after a failure), each bounded by the timeouts.
    timeouts: { connectMs: 500, idleMs: 600, openMs: 0, probeMs: 500, healthTtlMs: 0 },
  });
  t = await createTestApp({ METRICS_TOKEN }, {}, { storage });
  await seedLookups(t.app);
  owner = await createUser(t.app);
  admin = await createUser(t.app, { role: 'admin' });
});
afterAll(async () => {
  await t?.close();
  await proxy?.close();
  await s3?.close();
});

async function upload(field: 'images' | 'docs', data: Buffer, filename: string, contentType: string) {
  const body = multipart([{ field, filename, contentType, data }]);
  return owner.client.post(`/api/uploads/${field}`, body.payload, { headers: body.headers });
}

async function timed<T>(run: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = performance.now();
  const result = await run();
  return { result, ms: performance.now() - started };
}

const errorLogRows = async () =>
  Number(
    (
      (await t.app.db.execute(sql`SELECT count(*)::int AS n FROM error_logs`)) as unknown as {
        rows: { n: number }[];
      }
    ).rows[0]!.n,
  );

async function storageRefusals(): Promise<number> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  const line = /^dependency_refusals_total\{dependency="storage"\} (\d+)$/m.exec(res.body);
  return Number(line?.[1] ?? Number.NaN);
}

function expectRetryLater(res: { statusCode: number; headers: Record<string, unknown>; json(): unknown }) {
  expect(res.statusCode).toBe(503);
  expect(res.headers['retry-after']).toBe('5');
  expect(res.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: expect.any(String) });
}

describe('a bucket that hangs or is down', () => {
  it('answers 503 with Retry-After in seconds, reports it in health and metrics, and recovers', async () => {
    const picture = await upload('images', await pngImage(800, 600), 'front.png', 'image/png');
    const doc = await upload('docs', pdfDocument('accounts'), 'accounts.pdf', 'application/pdf');
    expect(picture.statusCode).toBe(201);
    expect(doc.statusCode).toBe(201);
    const imageUrl = picture.json().files[0].url as string;
    const created = await owner.client.post(
      '/api/opportunities',
      validInput({ images: [imageUrl], documents: [{ url: doc.json().files[0].url, name: 'accounts.pdf' }] }),
    );
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;
    await t.app.opportunities.changeStatus(id, admin, 'approved');
    const link = (await owner.client.get(`/api/opportunities/${id}`)).json().documents[0].url as string;
    expect((await t.app.inject({ method: 'GET', url: link })).statusCode).toBe(302);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json()).toMatchObject({
      status: 'ok',
      storage: 'ok',
    });
    const logsBefore = await errorLogRows();
    const refusedBefore = await storageRefusals();

    await proxy.set('freeze');
    const realUpload = await timed(async () =>
      upload('images', await pngImage(800, 600), 'during.png', 'image/png'),
    );
    expectRetryLater(realUpload.result);
    const image = await timed(() => t.app.inject({ method: 'GET', url: imageUrl }));
    expectRetryLater(image.result);
    const document = await timed(() => t.app.inject({ method: 'GET', url: link }));
    expectRetryLater(document.result);
    expect(document.result.headers.location).toBeUndefined();
    for (const { ms } of [realUpload, image, document]) expect(ms).toBeLessThan(4_000);

    const health = await timed(() => t.app.inject({ method: 'GET', url: '/api/health' }));
    expect(health.result.statusCode).toBe(200);
    expect(health.result.json()).toMatchObject({ status: 'degraded', db: 'ok', storage: 'unreachable' });
    expect(health.ms).toBeLessThan(2_000);

    // Down rather than hung: refused at once, the public image GET included.
    await proxy.set('refuse');
    const refused = await timed(() => t.app.inject({ method: 'GET', url: imageUrl }));
    expectRetryLater(refused.result);
    expect(refused.ms).toBeLessThan(2_000);

    expect(await storageRefusals()).toBe(refusedBefore + 4);
    expect(await errorLogRows(), 'an outage is not a bug').toBe(logsBefore);

    await proxy.set('pass');
    expect((await upload('images', await pngImage(800, 600), 'after.png', 'image/png')).statusCode).toBe(201);
    expect((await t.app.inject({ method: 'GET', url: imageUrl })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: link })).statusCode).toBe(302);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json()).toMatchObject({
      status: 'ok',
      storage: 'ok',
    });
  });
});
