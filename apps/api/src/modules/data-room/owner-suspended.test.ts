import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDataRoom, SECRET_DOC, SECRET_TEXT, type DataRoom } from '../../test/data-room-fixtures';
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
