import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createListing, createOffer, createUser, type TestUser } from '../../test/factories';

let t: TestApp;
let owner: TestUser;
let investor: TestUser;
let bystander: TestUser;
let otherOwner: TestUser;
let opportunityId: number;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.app, { username: 'owner_starts' });
  investor = await createUser(t.app, { username: 'offer_maker' });
  bystander = await createUser(t.app);
  otherOwner = await createUser(t.app);
  opportunityId = (await createListing(t.app, owner, { status: 'approved' })).id;
  await createOffer(t.app, investor, opportunityId);
});
afterAll(async () => t.close());

describe('POST /api/chat with userId (the owner messages an offer maker)', () => {
  it('opens the chat with someone who made an offer, the same one the investor would open', async () => {
    const res = await owner.client.post('/api/chat', { opportunityId, userId: investor.id });
    expect(res.statusCode).toBe(201);
    const chat = res.json().chat;
    expect(chat).toMatchObject({
      opportunity: { id: opportunityId },
      otherUser: { id: investor.id, username: 'offer_maker' },
    });
    expect((await owner.client.post('/api/chat', { opportunityId, userId: investor.id })).statusCode).toBe(
      200,
    );

    const fromInvestor = await investor.client.post('/api/chat', { opportunityId });
    expect(fromInvestor.statusCode).toBe(200);
    expect(fromInvestor.json().chat).toMatchObject({ id: chat.id, otherUser: { id: owner.id } });
    const sent = await owner.client.post(`/api/chat/${chat.id}/messages`, { body: 'About your offer' });
    expect(sent.statusCode).toBe(201);
    const seen = (await investor.client.get(`/api/chat/${chat.id}/messages`)).json().messages;
    expect(seen.map((m: { body: string }) => m.body)).toEqual(['About your offer']);
  });

  it('refuses a user who made no offer there, the owner themself, and a caller who is not the owner (403)', async () => {
    // Someone of this test's own: other tests give the shared bystander chats and offers.
    const stranger = await createUser(t.app);
    for (const [client, userId] of [
      [owner.client, stranger.id],
      [owner.client, owner.id],
      [otherOwner.client, investor.id],
      [stranger.client, investor.id],
      [investor.client, investor.id],
    ] as const) {
      const res = await client.post('/api/chat', { opportunityId, userId });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
    // An offer on another owner's listing does not open this owner's door.
    const elsewhere = (await createListing(t.app, otherOwner, { status: 'approved' })).id;
    await createOffer(t.app, stranger, elsewhere);
    expect((await owner.client.post('/api/chat', { opportunityId, userId: stranger.id })).statusCode).toBe(
      403,
    );
    expect(
      (await owner.client.post('/api/chat', { opportunityId: elsewhere, userId: stranger.id })).statusCode,
    ).toBe(403);
    const chats = (await stranger.client.get('/api/chat')).json().chats;
    expect(chats).toEqual([]);
  });

  it('answers 404 for a missing listing and 400 for a bad user id', async () => {
    expect(
      (await owner.client.post('/api/chat', { opportunityId: 999_999, userId: investor.id })).statusCode,
    ).toBe(404);
    const bad = await owner.client.post('/api/chat', { opportunityId, userId: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('userId');
  });

  it('still lets the owner reach an offer maker once the listing is suspended', async () => {
    const listing = (await createListing(t.app, owner, { status: 'approved' })).id;
    const made = await createOffer(t.app, bystander, listing);
    expect(made.id).toBeGreaterThan(0);
    await t.app.db.execute(
      (await import('drizzle-orm')).sql`UPDATE opportunities SET status = 'suspended' WHERE id = ${listing}`,
    );
    expect(
      (await owner.client.post('/api/chat', { opportunityId: listing, userId: bystander.id })).statusCode,
    ).toBe(201);
  });
});
