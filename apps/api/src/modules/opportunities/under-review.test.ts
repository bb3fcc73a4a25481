import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildDataRoom, type DataRoom } from '../../test/data-room-fixtures';
import { seedLookups, validInput } from '../../test/opportunity-fixtures';
import { createTestApp, TestClient, type TestApp } from '../../test/test-app';
import { createOffer, createUser, type TestUser } from '../../test/factories';

/**
 * A live listing sent back to review by an edit stays visible, marked pending, to the people already
 * involved (its bookmarkers, offer makers and approved data-room requesters) and to nobody else.
 */

let t: TestApp;
let room: DataRoom;
let offerMaker: TestUser;

const detail = (client: TestClient) => client.get(`/api/opportunities/${room.id}`);

async function favorites(client: TestClient) {
  const res = await client.get('/api/favorites');
  expect(res.statusCode).toBe(200);
  return res.json().data as { id: number; underReview: boolean }[];
}

beforeAll(async () => {
  t = await createTestApp();
  await seedLookups(t.app);
});
// A fresh room per test: one test suspends the listing, which the others must not see.
beforeEach(async () => {
  room = await buildDataRoom(t.app, { seed: false });
  offerMaker = await createUser(t.app, { language: 'en' });
  expect((await room.other.client.post(`/api/favorites/${room.id}`)).statusCode).toBe(204);
  await createOffer(t.app, offerMaker, room.id);
  expect((await favorites(room.other.client)).find((c) => c.id === room.id)?.underReview).toBe(false);
  // The owner edits something public: back to review.
  const edited = await room.owner.client.put(
    `/api/opportunities/${room.id}`,
    validInput({ name: 'Edited name' }),
  );
  expect(edited.statusCode).toBe(200);
  expect(edited.json().status).toBe('pending');
});
afterAll(async () => t.close());

describe('a listing back under review', () => {
  it('its bookmarker still sees the page, with status pending, and Favorites lists it as under review', async () => {
    const res = await detail(room.other.client);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'pending', isFavorite: true, name: 'Edited name' });
    expect(res.json()).not.toHaveProperty('rejectionReason');
    const card = (await favorites(room.other.client)).find((c) => c.id === room.id);
    expect(card).toMatchObject({ underReview: true });
  });

  it('an offer maker and an approved data-room requester still see it', async () => {
    for (const who of [offerMaker, room.approved]) {
      const res = await detail(who.client);
      expect(res.statusCode).toBe(200);
      expect(res.json().status).toBe('pending');
    }
  });

  it('anyone else gets 404: a stranger, a pending, declined or revoked requester, a visitor', async () => {
    const stranger = await createUser(t.app);
    for (const client of [
      stranger.client,
      room.pending.client,
      room.declined.client,
      room.revoked.client,
      new TestClient(t.app),
    ]) {
      const res = await detail(client);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    }
    expect((await t.app.inject({ method: 'GET', url: `/opportunities/${room.id}` })).statusCode).toBe(404);
  });

  it('a never-approved listing and a suspended one stay hidden even from a bookmarker', async () => {
    const fresh = await room.owner.client.post('/api/opportunities', validInput());
    const freshId = fresh.json().id as number;
    expect((await room.other.client.post(`/api/favorites/${freshId}`)).statusCode).toBe(404);
    expect((await room.other.client.get(`/api/opportunities/${freshId}`)).statusCode).toBe(404);

    const admin = { id: room.admin.id, role: 'admin' as const };
    await t.app.opportunities.changeStatus(room.id, admin, 'approved');
    await t.app.opportunities.changeStatus(room.id, admin, 'suspended', 'Reported by several members.');
    expect((await detail(room.other.client)).statusCode).toBe(404);
    expect((await favorites(room.other.client)).find((c) => c.id === room.id)).toBeUndefined();
  });
});
