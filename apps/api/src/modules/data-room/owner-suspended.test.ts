import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDataRoom, SECRET_DOC, SECRET_TEXT, type DataRoom } from '../../test/data-room-fixtures';
import { createListing, createUser } from '../../test/factories';
import { validInput } from '../../test/opportunity-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * Security probe [security-2] item 6: a confidential-document link must not outlive the owner's
 * suspension. The listing is then hidden from everyone, and its links answer as a hidden listing's.
 */

let t: TestApp;
let room: DataRoom;

beforeAll(async () => {
  t = await createTestApp();
  room = await buildDataRoom(t.app);
});
afterAll(async () => t.close());

const download = (url: string) => t.app.inject({ method: 'GET', url });
const setOwnerStatus = (status: 'suspended' | 'active') =>
  room.admin.client.patch(`/api/admin/users/${room.owner.id}`, {
    status,
    ...(status === 'suspended' ? { reason: 'Fraud reports confirmed by the team.' } : {}),
  });

describe("a confidential document of a suspended owner's listing", () => {
  it('a link issued before the suspension answers 403 after it, and no new link is issued', async () => {
    const detail = (await room.approved.client.get(`/api/opportunities/${room.id}`)).json();
    const link = (detail.documents as { name: string; url: string }[]).find(
      (d) => d.name === SECRET_DOC,
    )!.url;
    expect((await download(link)).statusCode).toBe(200);

    expect((await setOwnerStatus('suspended')).statusCode).toBe(200);
    try {
      const after = await download(link);
      expect(after.statusCode).toBe(403);
      expect(after.body).not.toContain(SECRET_TEXT);
      // The listing (and so every new link) is hidden from the approved requester.
      expect((await room.approved.client.get(`/api/opportunities/${room.id}`)).statusCode).toBe(404);
    } finally {
      expect((await setOwnerStatus('active')).statusCode).toBe(200);
    }
    // Reinstated, the listing is public again and the same link works again.
    expect((await download(link)).statusCode).toBe(200);
  });
});

describe("a suspended owner's listing under review", () => {
  it('is hidden from the people involved too, so it issues them no document link', async () => {
    const owner = await createUser(t.app);
    const listing = await createListing(t.app, owner, { approvedBy: room.admin });
    const fan = await createUser(t.app);
    expect((await fan.client.post(`/api/favorites/${listing.id}`)).statusCode).toBe(204);
    // An edit sends it back to review; those involved (a bookmarker here) still see it.
    expect((await owner.client.put(`/api/opportunities/${listing.id}`, validInput())).statusCode).toBe(200);
    expect((await fan.client.get(`/api/opportunities/${listing.id}`)).statusCode).toBe(200);

    const suspended = await room.admin.client.patch(`/api/admin/users/${owner.id}`, {
      status: 'suspended',
      reason: 'Fraud reports confirmed by the team.',
    });
    expect(suspended.statusCode).toBe(200);
    expect((await fan.client.get(`/api/opportunities/${listing.id}`)).statusCode).toBe(404);
  });
});
