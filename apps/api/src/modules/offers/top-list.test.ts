import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createListing, createOffer, createUser } from '../../test/factories';
import { createTestApp, TestClient, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function topIds(): Promise<number[]> {
  const res = await new TestClient(t.app).get('/api/opportunities/top');
  expect(res.statusCode).toBe(200);
  return (res.json() as { opportunities: { id: number }[] }).opportunities.map((o) => o.id);
}

describe('an offer and the top list', () => {
  it('moves the listing up at once, though the list is cached for 30 seconds', async () => {
    const owner = await createUser(t.app);
    const investor = await createUser(t.app);
    const older = await createListing(t.app, owner, { status: 'approved' });
    const newer = await createListing(t.app, owner, { status: 'approved' });
    // Same engagement: the newer listing ranks first, and the list is now cached.
    const before = await topIds();
    expect(before.indexOf(newer.id)).toBeLessThan(before.indexOf(older.id));
    expect(before).toContain(older.id);

    await createOffer(t.app, investor, older.id);

    const after = await topIds();
    expect(after.indexOf(older.id)).toBeGreaterThanOrEqual(0);
    expect(after.indexOf(older.id)).toBeLessThan(after.indexOf(newer.id));
  });
});
