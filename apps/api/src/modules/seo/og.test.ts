import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedLookups, validInput } from '../../test/opportunity-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createListing, createUser, type TestUser } from '../../test/factories';

let t: TestApp;
let owner: TestUser;
let admin: TestUser;
let approvedId: number;
let pendingId: number;

beforeAll(async () => {
  t = await createTestApp();
  await seedLookups(t.app);
  owner = await createUser(t.app);
  admin = await createUser(t.app, { role: 'admin' });
  approvedId = (await createListing(t.app, owner, { approvedBy: admin })).id;
  pendingId = (await createListing(t.app, owner)).id;
});
afterAll(async () => t?.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { accept: '*/*', ...headers } });

describe('GET /og/opportunities/{id}.png', () => {
  it('draws a 1200x630 PNG of a public listing, cached for crawlers', async () => {
    const res = await get(`/og/opportunities/${approvedId}.png`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 1200, height: 630 });
    // The drawing is not blank: the names and facts make it far from one colour.
    const stats = await sharp(res.rawPayload).stats();
    expect(stats.channels[0]!.stdev).toBeGreaterThan(20);

    const again = await get(`/og/opportunities/${approvedId}.png`);
    expect(again.rawPayload.equals(res.rawPayload)).toBe(true);
    const notModified = await get(`/og/opportunities/${approvedId}.png`, {
      'if-none-match': String(res.headers.etag),
    });
    expect(notModified.statusCode).toBe(304);
  });

  it('makes a new image after the listing changes', async () => {
    const before = await get(`/og/opportunities/${approvedId}.png`);
    const edit = await owner.client.put(
      `/api/opportunities/${approvedId}`,
      validInput({ nameAr: 'اسم جديد تماماً للفرصة' }),
    );
    expect(edit.statusCode).toBe(200);
    // An edit sends the listing back to review: no preview until it is public again.
    expect((await get(`/og/opportunities/${approvedId}.png`)).statusCode).toBe(404);
    await t.app.opportunities.changeStatus(approvedId, { id: admin.id, role: 'admin' }, 'approved');
    const after = await get(`/og/opportunities/${approvedId}.png`);
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.rawPayload.equals(before.rawPayload)).toBe(false);
  });

  it('draws hostile text as text', async () => {
    const id = (
      await createListing(t.app, owner, {
        name: '</svg><script>alert(1)</script> "quoted" & more',
        nameAr: 'متجر \u202Egnp.exe <img src=x onerror=alert(2)>',
        approvedBy: admin,
      })
    ).id;
    const res = await get(`/og/opportunities/${id}.png`);
    expect(res.statusCode).toBe(200);
    expect((await sharp(res.rawPayload).metadata()).width).toBe(1200);
  });

  it.each([
    ['a pending listing', () => `/og/opportunities/${pendingId}.png`],
    ['an unknown listing', () => '/og/opportunities/987654.png'],
    ['an id that is not a number', () => '/og/opportunities/abc.png'],
    ['a huge id', () => '/og/opportunities/99999999999999999999.png'],
    ['a zero id', () => '/og/opportunities/0.png'],
  ])('answers 404 with the error body for %s', async (_label, url) => {
    const res = await get(url());
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});
