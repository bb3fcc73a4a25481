import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createListing, createOffer, createUser, type TestUser } from '../../test/factories';
import { multipart, pdfDocument } from '../../test/file-fixtures';
import { BUSINESS_TYPE, seedLookups, validInput } from '../../test/opportunity-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * Security probe [security-2] item 12 (API.md "Trust and safety"): on a verified-buyers-only listing,
 * new chats and messages in chats opened after the flag was set, from others, answer 403
 * VERIFICATION_REQUIRED; the owner still writes, chats opened before the flag keep working.
 */

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  await seedLookups(t.app);
  admin = await createUser(t.app, { role: 'admin' });
});
afterAll(async () => t.close());

async function verifiedBuyer() {
  const user = await createUser(t.app);
  const body = multipart(
    [{ field: 'file', filename: 'letter.pdf', contentType: 'application/pdf', data: pdfDocument() }],
    { kind: 'proof_of_funds' },
  );
  const sent = await user.client.post('/api/users/me/verification', body.payload, { headers: body.headers });
  const id = sent.json().verification.id as number;
  expect(
    (await admin.client.patch(`/api/admin/verifications/${id}`, { status: 'approved' })).statusCode,
  ).toBe(200);
  return user;
}

const say = (user: TestUser, chatId: number, body = 'Is the price negotiable?') =>
  user.client.post(`/api/chat/${chatId}/messages`, { body });

/** The owner turns the flag on through the edit form; the edit is approved again. */
async function turnOn(owner: TestUser, id: number) {
  expect(
    (await owner.client.put(`/api/opportunities/${id}`, validInput({ verifiedBuyersOnly: true }))).statusCode,
  ).toBe(200);
  await t.app.opportunities.changeStatus(id, { id: admin.id, role: 'admin' }, 'approved');
}

describe('chat on a verified-buyers-only listing', () => {
  it('an unverified user cannot open a chat with the owner; a verified buyer can, and writes', async () => {
    const owner = await createUser(t.app);
    const listing = await createListing(t.app, owner, { approvedBy: admin, verifiedBuyersOnly: true });
    const stranger = await createUser(t.app);
    const refused = await stranger.client.post('/api/chat', { opportunityId: listing.id });
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'VERIFICATION_REQUIRED']);
    expect((await stranger.client.get('/api/chat')).json().chats).toEqual([]);

    const buyer = await verifiedBuyer();
    const opened = await buyer.client.post('/api/chat', { opportunityId: listing.id });
    expect(opened.statusCode).toBe(201);
    expect((await say(buyer, opened.json().chat.id)).statusCode).toBe(201);
  });

  it('in a chat opened after the flag, the unverified side cannot write and the owner can', async () => {
    const owner = await createUser(t.app);
    const listing = await createListing(t.app, owner, { approvedBy: admin });
    const investor = await createUser(t.app);
    await createOffer(t.app, investor, listing.id); // before the flag: allowed
    await turnOn(owner, listing.id);
    // The owner opens the chat with the offer maker after the flag was set.
    const opened = await owner.client.post('/api/chat', { opportunityId: listing.id, userId: investor.id });
    expect(opened.statusCode).toBe(201);
    const chatId = opened.json().chat.id as number;
    expect((await say(owner, chatId, 'Please get verified first.')).statusCode).toBe(201);
    const refused = await say(investor, chatId);
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'VERIFICATION_REQUIRED']);
    const seen = (await investor.client.get(`/api/chat/${chatId}/messages`)).json().messages;
    expect(seen.map((m: { body: string }) => m.body)).toEqual(['Please get verified first.']);
  });

  it('a chat opened before the flag keeps working both ways, and reopening it answers it', async () => {
    const owner = await createUser(t.app);
    const listing = await createListing(t.app, owner, { approvedBy: admin });
    const investor = await createUser(t.app);
    const opened = await investor.client.post('/api/chat', { opportunityId: listing.id });
    expect(opened.statusCode).toBe(201);
    const chatId = opened.json().chat.id as number;
    await turnOn(owner, listing.id);

    expect((await say(investor, chatId)).statusCode).toBe(201);
    expect((await say(owner, chatId, 'Yes, a little.')).statusCode).toBe(201);
    const again = await investor.client.post('/api/chat', { opportunityId: listing.id });
    expect([again.statusCode, again.json().chat.id]).toEqual([200, chatId]);
    // Someone else, after the flag: refused.
    const late = await (await createUser(t.app)).client.post('/api/chat', { opportunityId: listing.id });
    expect([late.statusCode, late.json().code]).toEqual([403, 'VERIFICATION_REQUIRED']);
  });

  it('an advisor chat about the listing is not the owner’s: an unverified user may still ask an advisor', async () => {
    const owner = await createUser(t.app);
    const listing = await createListing(t.app, owner, {
      approvedBy: admin,
      verifiedBuyersOnly: true,
      businessTypeId: BUSINESS_TYPE.retail,
    });
    const advisor = await createUser(t.app, {
      advisor: { bio: 'Retail audits.', experienceYears: 9, businessTypeIds: [BUSINESS_TYPE.retail] },
    });
    const user = await createUser(t.app);
    const opened = await user.client.post('/api/chat', { opportunityId: listing.id, advisorId: advisor.id });
    expect(opened.statusCode).toBe(201);
    expect((await say(user, opened.json().chat.id, 'Is the rent fair?')).statusCode).toBe(201);
    // An advisor who owns the listing is its owner: the listing's rule applies.
    const ownerAdvisor = await createUser(t.app, {
      advisor: { bio: 'Owner and advisor.', experienceYears: 4, businessTypeIds: [BUSINESS_TYPE.retail] },
    });
    const own = await createListing(t.app, ownerAdvisor, { approvedBy: admin, verifiedBuyersOnly: true });
    const viaAdvisor = await user.client.post('/api/chat', {
      opportunityId: own.id,
      advisorId: ownerAdvisor.id,
    });
    expect([viaAdvisor.statusCode, viaAdvisor.json().code]).toEqual([403, 'VERIFICATION_REQUIRED']);
  });
});
