import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createListing, createUser, type TestUser } from '../../test/factories';
import { BUSINESS_TYPE, seedLookups } from '../../test/opportunity-fixtures';
import { rowCounts } from '../../test/row-counts';

/** POST /api/chat with advisorId (issue 22 item 7): a user writes to an advisor about a listing. */

let t: TestApp;
let owner: TestUser;
let admin: TestUser;
let listingId: number;
const profile = {
  bio: 'Fifteen years of retail audits.',
  experienceYears: 15,
  businessTypeIds: [] as number[],
};

const advisorUser = (username?: string) =>
  createUser(t.app, {
    ...(username ? { username } : {}),
    advisor: { ...profile, businessTypeIds: [BUSINESS_TYPE.retail] },
  });

beforeAll(async () => {
  t = await createTestApp();
  await seedLookups(t.app);
  admin = await createUser(t.app, { role: 'admin' });
  owner = await createUser(t.app);
  listingId = (await createListing(t.app, owner, { approvedBy: admin })).id;
});
afterAll(async () => t.close());

describe('POST /api/chat with advisorId', () => {
  it('opens one chat per pair and listing, marked as an advisor chat, in which both write and read', async () => {
    const advisor = await advisorUser('retail_advisor');
    const investor = await createUser(t.app, { username: 'asks_advisor' });
    const first = await investor.client.post('/api/chat', {
      opportunityId: listingId,
      advisorId: advisor.id,
    });
    expect(first.statusCode).toBe(201);
    const chat = first.json().chat;
    expect(chat).toMatchObject({
      kind: 'advisor',
      opportunity: { id: listingId },
      otherUser: { id: advisor.id, username: 'retail_advisor' },
    });
    const again = await investor.client.post('/api/chat', {
      opportunityId: listingId,
      advisorId: advisor.id,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().chat.id).toBe(chat.id);

    expect(
      (await investor.client.post(`/api/chat/${chat.id}/messages`, { body: 'Is the rent fair?' })).statusCode,
    ).toBe(201);
    const advisorSide = (await advisor.client.get('/api/chat')).json().chats;
    expect(advisorSide).toEqual([
      expect.objectContaining({
        id: chat.id,
        // The advisor is not told the asker is an advisor: the chat is, for them, someone asking advice.
        kind: 'advisee',
        unreadCount: 1,
        otherUser: expect.objectContaining({ id: investor.id, username: 'asks_advisor' }),
      }),
    ]);
    // The advisor writing back about the same listing reaches the same chat, not a second one.
    const fromAdvisor = await advisor.client.post('/api/chat', {
      opportunityId: listingId,
      advisorId: investor.id,
    });
    expect(fromAdvisor.statusCode).toBe(404); // the investor is no advisor
    const reply = await advisor.client.post(`/api/chat/${chat.id}/messages`, { body: 'Send me the lease.' });
    expect(reply.statusCode).toBe(201);
    const seen = (await investor.client.get(`/api/chat/${chat.id}/messages`)).json().messages;
    expect(seen.map((m: { body: string }) => m.body)).toEqual(['Is the rent fair?', 'Send me the lease.']);

    // The listing's owner takes no part: neither in the list nor in the chat.
    expect((await owner.client.get(`/api/chat/${chat.id}`)).statusCode).toBe(403);
    const ownerChats = (await owner.client.get('/api/chat')).json().chats as { id: number }[];
    expect(ownerChats.map((c) => c.id)).not.toContain(chat.id);
  });

  it('lets the owner consult an advisor about their own listing, even before it is public', async () => {
    const advisor = await advisorUser();
    const pending = (await createListing(t.app, owner)).id;
    const res = await owner.client.post('/api/chat', { opportunityId: pending, advisorId: advisor.id });
    expect(res.statusCode).toBe(201);
    expect(res.json().chat).toMatchObject({ kind: 'advisor', otherUser: { id: advisor.id } });
    // Two advisors who consult each other about a listing share one chat, whoever wrote first.
    const other = await advisorUser();
    const ab = await advisor.client.post('/api/chat', { opportunityId: listingId, advisorId: other.id });
    const ba = await other.client.post('/api/chat', { opportunityId: listingId, advisorId: advisor.id });
    expect([ab.statusCode, ba.statusCode]).toEqual([201, 200]);
    expect(ba.json().chat.id).toBe(ab.json().chat.id);
  });

  it('gives an advisor who owns the listing the listing chat, and does not count advisor chats as inquiries', async () => {
    const advisorOwner = await advisorUser();
    const own = (await createListing(t.app, advisorOwner, { approvedBy: admin })).id;
    const investor = await createUser(t.app);
    const res = await investor.client.post('/api/chat', { opportunityId: own, advisorId: advisorOwner.id });
    expect(res.statusCode).toBe(201);
    expect(res.json().chat).toMatchObject({ kind: 'listing', otherUser: { id: advisorOwner.id } });
    const direct = await investor.client.post('/api/chat', { opportunityId: own });
    expect(direct.json().chat.id).toBe(res.json().chat.id);

    const consulted = await advisorUser();
    expect(
      (await advisorOwner.client.post('/api/chat', { opportunityId: own, advisorId: consulted.id }))
        .statusCode,
    ).toBe(201);
    const insights = (await advisorOwner.client.get(`/api/opportunities/${own}/insights?days=7`)).json();
    expect(insights.totals.chats).toBe(1);
  });

  it('refuses a user the advisor blocked (403 BLOCKED), and opens again once unblocked', async () => {
    const advisor = await advisorUser();
    const pest = await createUser(t.app);
    expect((await advisor.client.post(`/api/users/${pest.id}/block`, {})).statusCode).toBe(204);
    const refused = await pest.client.post('/api/chat', { opportunityId: listingId, advisorId: advisor.id });
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'BLOCKED']);
    expect((await advisor.client.delete(`/api/users/${pest.id}/block`)).statusCode).toBe(204);
    const opened = await pest.client.post('/api/chat', { opportunityId: listingId, advisorId: advisor.id });
    expect(opened.statusCode).toBe(201);
  });

  it('neither lists nor opens a chat with a suspended advisor', async () => {
    const advisor = await advisorUser();
    const investor = await createUser(t.app);
    const listed = async () =>
      (
        (
          await investor.client.get(
            `/api/opportunities/${listingId}/advisors?sort=newest&businessTypeId=${BUSINESS_TYPE.retail}`,
          )
        ).json().data as {
          id: number;
        }[]
      ).map((a) => a.id);
    expect(await listed()).toContain(advisor.id);
    const suspended = await admin.client.patch(`/api/admin/users/${advisor.id}`, {
      status: 'suspended',
      reason: 'Asked investors for fees outside the platform.',
    });
    expect(suspended.statusCode).toBe(200);
    expect(await listed()).not.toContain(advisor.id);
    const res = await investor.client.post('/api/chat', { opportunityId: listingId, advisorId: advisor.id });
    expect([res.statusCode, res.json().code]).toEqual([404, 'NOT_FOUND']);
  });

  it('refuses what must not open a chat, and writes nothing', async () => {
    const advisor = await advisorUser();
    const notAdvisor = await createUser(t.app);
    const unverifiedAdvisor = await createUser(t.app, {
      verified: false,
      advisor: { ...profile, businessTypeIds: [BUSINESS_TYPE.retail] },
    });
    const pending = (await createListing(t.app, owner)).id;
    const stranger = await createUser(t.app);
    const before = await rowCounts(t.app.db);
    const cases: [TestUser, Record<string, unknown>, number, string][] = [
      [stranger, { opportunityId: listingId, advisorId: notAdvisor.id }, 404, 'NOT_FOUND'],
      [stranger, { opportunityId: listingId, advisorId: unverifiedAdvisor.id }, 404, 'NOT_FOUND'],
      [stranger, { opportunityId: listingId, advisorId: 2_000_000 }, 404, 'NOT_FOUND'],
      [stranger, { opportunityId: pending, advisorId: advisor.id }, 404, 'NOT_FOUND'],
      [stranger, { opportunityId: 2_000_000, advisorId: advisor.id }, 404, 'NOT_FOUND'],
      [advisor, { opportunityId: listingId, advisorId: advisor.id }, 403, 'FORBIDDEN'],
      [
        stranger,
        { opportunityId: listingId, advisorId: advisor.id, userId: owner.id },
        400,
        'VALIDATION_FAILED',
      ],
      [stranger, { opportunityId: listingId, advisorId: 'x' }, 400, 'VALIDATION_FAILED'],
    ];
    for (const [user, body, status, code] of cases) {
      const res = await user.client.post('/api/chat', body);
      expect([res.statusCode, res.json().code], JSON.stringify(body)).toEqual([status, code]);
    }
    expect(await rowCounts(t.app.db)).toEqual(before);
  });
});
