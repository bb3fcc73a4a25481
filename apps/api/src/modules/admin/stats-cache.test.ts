import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedLookups } from '../../test/opportunity-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createListing, createUser, type TestUser } from '../../test/factories';

/**
 * The dashboard's figures are computed once per 30 seconds per process, and afresh after the
 * admin's own moderation decisions and role changes (API.md "Admin").
 */

let t: TestApp;
let admin: TestUser;
let owner: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  await seedLookups(t.app);
  admin = await createUser(t.app, { role: 'admin' });
  owner = await createUser(t.app);
});
afterAll(async () => t.close());

const stats = async () => {
  const res = await admin.client.get('/api/admin/stats');
  expect(res.statusCode).toBe(200);
  return res.json();
};

describe('GET /api/admin/stats cache', () => {
  it('reuses the figures until a moderation decision or a role change', async () => {
    const listing = await createListing(t.app, owner);
    const [first, concurrent] = await Promise.all([stats(), stats()]);
    expect(concurrent).toEqual(first);
    expect(first.users).toEqual({ total: 2, admins: 1, advisors: 0 });
    expect(first.opportunities).toMatchObject({ pending: 1, approved: 0 });

    // A sign-up alone waits for the next computation.
    const newcomer = await createUser(t.app);
    expect((await stats()).users.total).toBe(2);

    const approved = await admin.client.post(`/api/admin/opportunities/${listing.id}/approve`, {});
    expect(approved.statusCode).toBe(200);
    const afterModeration = await stats();
    expect(afterModeration.users.total).toBe(3);
    expect(afterModeration.opportunities).toMatchObject({ total: 1, pending: 0, approved: 1 });

    const promoted = await admin.client.patch(`/api/admin/users/${newcomer.id}`, { role: 'admin' });
    expect(promoted.statusCode).toBe(200);
    expect((await stats()).users.admins).toBe(2);
  });
});
