import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/client';
import { seedLookups, validInput } from '../../../test/opportunity-fixtures';
import { createTestApp, openTestDatabase, TestClient, type TestApp } from '../../../test/test-app';
import { createListing, createUser, type TestUser } from '../../../test/factories';
import { eventually } from '../../../test/eventually';

/**
 * The teaser is rendered once per listing version and kept (teaser-routes.ts): ETag and 304, shared
 * caches only for a public listing, and a change shown by the next request to this app and to a
 * second app on the same database (which hears of it only through NOTIFY).
 */
let database: Database;
let t: TestApp;
let other: TestApp;
let owner: TestUser;
let admin: TestUser;

beforeAll(async () => {
  database = await openTestDatabase();
  t = await createTestApp({}, {}, { database });
  other = await createTestApp({}, {}, { database });
  await seedLookups(t.app);
  owner = await createUser(t.app);
  admin = await createUser(t.app, { role: 'admin' });
});
afterAll(async () => {
  await t?.close();
  await other?.close();
  await database?.close();
});

const teaser = (app: TestApp, id: number, headers: Record<string, string> = {}) =>
  new TestClient(app.app).get(`/api/opportunities/${id}/teaser.pdf`, { headers });

describe('the cached teaser', () => {
  it('answers one ETag for the same listing, and 304 to a client that has it', async () => {
    const id = (await createListing(t.app, owner, { approvedBy: admin })).id;
    const first = await teaser(t, id);
    const second = await teaser(t, id);
    expect(first.statusCode).toBe(200);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
    expect(second.headers.etag).toBe(etag);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(first.headers['cache-control']).toBe(
      'public, max-age=300, s-maxage=60, stale-while-revalidate=300',
    );
    const revalidated = await teaser(t, id, { 'if-none-match': etag });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.rawPayload.length).toBe(0);
  });

  it('never lets a hidden listing teaser out: its owner gets it private, others 404 even once it is cached', async () => {
    const id = (await createListing(t.app, owner)).id;
    const own = await owner.client.get(`/api/opportunities/${id}/teaser.pdf`);
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toBe('private, no-store');
    expect((await teaser(t, id)).statusCode).toBe(404);
    expect((await teaser(t, id, { 'if-none-match': String(own.headers.etag) })).statusCode).toBe(404);
  });

  it('shows an edit, a suspension and an approval on the next request, here and in another app', async () => {
    const id = (await createListing(t.app, owner, { approvedBy: admin })).id;
    const before = String((await teaser(t, id)).headers.etag);
    expect((await teaser(other, id)).statusCode).toBe(200);

    const suspended = await admin.client.post(`/api/admin/opportunities/${id}/suspend`, {
      reason: 'Checking the documents',
    });
    expect(suspended.statusCode).toBe(200);
    expect((await teaser(t, id)).statusCode).toBe(404);
    await eventually(async () => expect((await teaser(other, id)).statusCode).toBe(404));

    expect((await admin.client.post(`/api/admin/opportunities/${id}/reinstate`)).statusCode).toBe(200);
    const edited = await owner.client.put(
      `/api/opportunities/${id}`,
      validInput({ requiredAmount: 990_000 }),
    );
    expect(edited.statusCode).toBe(200);
    expect((await admin.client.post(`/api/admin/opportunities/${id}/approve`)).statusCode).toBe(200);
    const after = await teaser(t, id);
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before);
    await eventually(async () => {
      const there = await teaser(other, id);
      expect(there.statusCode).toBe(200);
      expect(there.headers.etag).not.toBe(before);
    });
  });
});
