import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createListing, createOffer, createUser, type TestUser } from '../../test/factories';
import { multipart, pdfDocument } from '../../test/file-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.app, { role: 'admin' });
});
afterAll(async () => t.close());

/** A user an admin approved as a verified buyer through the routes. */
async function verifiedBuyer() {
  const user = await createUser(t.app);
  const body = multipart(
    [{ field: 'file', filename: 'letter.pdf', contentType: 'application/pdf', data: pdfDocument() }],
    { kind: 'proof_of_funds' },
  );
  const sent = await user.client.post('/api/users/me/verification', body.payload, { headers: body.headers });
  const id = sent.json().verification.id as number;
  const decided = await admin.client.patch(`/api/admin/verifications/${id}`, { status: 'approved' });
  expect(decided.statusCode).toBe(200);
  return user;
}

const askAccess = (user: TestUser, id: number) =>
  user.client.post(`/api/opportunities/${id}/access-requests`, {
    message: 'We are a fund looking at food businesses.',
    acceptTerms: true,
  });

describe('a verified-buyers-only listing', () => {
  it('keeps the switch (default off) and shows it on the listing', async () => {
    const owner = await createUser(t.app);
    const plain = await createListing(t.app, owner, { approvedBy: admin });
    const only = await createListing(t.app, owner, { approvedBy: admin, verifiedBuyersOnly: true });
    expect((await t.app.inject({ url: `/api/opportunities/${plain.id}` })).json().verifiedBuyersOnly).toBe(
      false,
    );
    expect((await t.app.inject({ url: `/api/opportunities/${only.id}` })).json().verifiedBuyersOnly).toBe(
      true,
    );
  });

  it('refuses offers and access requests from unverified users with 403 VERIFICATION_REQUIRED', async () => {
    const owner = await createUser(t.app);
    const listing = await createListing(t.app, owner, { approvedBy: admin, verifiedBuyersOnly: true });
    const user = await createUser(t.app);
    const code = await user.client.post(`/api/opportunities/${listing.id}/offers/code`, {
      email: 'unverified@example.com',
    });
    expect([code.statusCode, code.json().code]).toEqual([403, 'VERIFICATION_REQUIRED']);
    const access = await askAccess(user, listing.id);
    expect([access.statusCode, access.json().code]).toEqual([403, 'VERIFICATION_REQUIRED']);
  });

  it('lets a verified buyer offer and ask, and the owner sees the badge on both and in the chat', async () => {
    const owner = await createUser(t.app);
    const listing = await createListing(t.app, owner, { approvedBy: admin, verifiedBuyersOnly: true });
    const buyer = await verifiedBuyer();
    await createOffer(t.app, buyer, listing.id);
    expect((await askAccess(buyer, listing.id)).statusCode).toBe(201);

    const offers = (await owner.client.get(`/api/opportunities/${listing.id}/offers`)).json().data;
    expect(offers).toEqual([expect.objectContaining({ userId: buyer.id, buyerVerified: true })]);
    const requests = (await owner.client.get(`/api/opportunities/${listing.id}/access-requests`)).json().data;
    expect(requests[0].requester).toEqual({ id: buyer.id, username: buyer.username, buyerVerified: true });

    const chat = await buyer.client.post('/api/chat', { opportunityId: listing.id });
    expect(chat.json().chat.otherUser.buyerVerified).toBe(false);
    const ownerChats = (await owner.client.get('/api/chat')).json().chats;
    expect(ownerChats[0].otherUser).toMatchObject({ id: buyer.id, buyerVerified: true });
  });

  it('an unverified user’s offer on an ordinary listing carries no badge', async () => {
    const owner = await createUser(t.app);
    const listing = await createListing(t.app, owner, { approvedBy: admin });
    const user = await createUser(t.app);
    await createOffer(t.app, user, listing.id);
    const offers = (await owner.client.get(`/api/opportunities/${listing.id}/offers`)).json().data;
    expect(offers[0].buyerVerified).toBe(false);
  });
});
