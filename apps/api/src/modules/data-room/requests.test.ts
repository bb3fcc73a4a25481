import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/audit';
import { accessRequests } from '../../db/schema/data-room';
import { notifications } from '../../db/schema/alerts';
import {
  buildDataRoom,
  decideAccess,
  requestAccess,
  uploadPdf,
  type DataRoom,
} from '../../test/data-room-fixtures';
import { validInput } from '../../test/opportunity-fixtures';
import { rowCounts } from '../../test/row-counts';
import { createTestApp, TestClient, type TestApp } from '../../test/test-app';
import { mailsTo } from '../../test/users';
import { createListing, createUser } from '../../test/factories';

let t: TestApp;
let room: DataRoom;

beforeAll(async () => {
  t = await createTestApp();
  room = await buildDataRoom(t.app);
});
afterAll(async () => t.close());

async function notificationsOf(userId: number) {
  return t.app.db.select().from(notifications).where(eq(notifications.userId, userId));
}

describe('asking for access', () => {
  it('creates a pending request, notifies the owner in Arabic and emails them', async () => {
    const member = await createUser(t.app, { username: 'gulf_fund', language: 'en' });
    const res = await requestAccess(
      member.client,
      room.id,
      'We would like to review the payroll before an offer.',
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().request).toMatchObject({
      opportunityId: room.id,
      requester: { id: member.id, username: 'gulf_fund' },
      message: 'We would like to review the payroll before an offer.',
      status: 'pending',
      decidedAt: null,
    });
    const notices = (await notificationsOf(room.owner.id)).filter((n) => n.type === 'access_request');
    expect(notices.at(-1)).toMatchObject({ link: `/opportunities/${room.id}` });
    expect(notices.at(-1)!.bodyAr).toContain('gulf_fund');
    const mails = await mailsTo(t.app, room.owner.email);
    expect(mails[0]!.subject).toContain('طلب اطلاع');
    expect(mails[0]!.text).toContain('We would like to review the payroll before an offer.');
    expect(mails[0]!.text).toContain(`/opportunities/${room.id}`);

    const listed = await room.owner.client.get(
      `/api/opportunities/${room.id}/access-requests?status=pending`,
    );
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data.map((r: { requester: { id: number } }) => r.requester.id)).toContain(member.id);
    expect(listed.json().data.every((r: { status: string }) => r.status === 'pending')).toBe(true);
  });

  it('respects the owner’s accessRequests email switch (the notification centre still gets it)', async () => {
    const owner = await createUser(t.app);
    const admin = { id: room.admin.id, role: 'admin' as const };
    const id = (await createListing(t.app, owner)).id;
    await t.app.opportunities.changeStatus(id, admin, 'approved');
    const settings = await owner.client.put('/api/users/me/notification-settings', {
      email: { offers: true, chat: true, moderation: true, savedSearches: true, accessRequests: false },
    });
    expect(settings.statusCode).toBe(200);
    const member = await createUser(t.app);
    expect((await requestAccess(member.client, id)).statusCode).toBe(201);
    expect((await mailsTo(t.app, owner.email)).filter((m) => m.subject.includes('طلب اطلاع'))).toHaveLength(
      0,
    );
    expect((await notificationsOf(owner.id)).map((n) => n.type)).toContain('access_request');
  });

  it('refuses bad input with 400 and fields, writing nothing', async () => {
    const member = await createUser(t.app);
    const before = await rowCounts(t.app.db);
    const url = `/api/opportunities/${room.id}/access-requests`;
    const cases: Array<[unknown, string]> = [
      [{ message: 'too short', acceptTerms: true }, 'message'],
      [{ message: 'A long enough message here.' }, 'acceptTerms'],
      [{ message: 'A long enough message here.', acceptTerms: false }, 'acceptTerms'],
      [{ message: 'x'.repeat(1001), acceptTerms: true }, 'message'],
      [{ message: 'A long enough message here.', acceptTerms: true, status: 'approved' }, ''],
    ];
    for (const [body, field] of cases) {
      const res = await member.client.post(url, body, { headers: { 'accept-language': 'en' } });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      if (field) expect(Object.keys(res.json().fields)).toContain(field);
    }
    const short = await member.client.post(
      url,
      { message: 'short', acceptTerms: true },
      { headers: { 'accept-language': 'ar' } },
    );
    expect(short.json().fields.message).toBe('الرسالة يجب ألا تقل عن 10 أحرف');
    const terms = await member.client.post(
      url,
      { message: 'A long enough message here.', acceptTerms: false },
      { headers: { 'accept-language': 'en' } },
    );
    expect(terms.json().fields.acceptTerms).toBe('You must accept the confidentiality undertaking');
    expect(await rowCounts(t.app.db)).toEqual(before);
  });

  it('answers 403 OWN_OPPORTUNITY to the owner, 404 for hidden or missing listings, 401 signed out', async () => {
    const before = await rowCounts(t.app.db);
    const own = await requestAccess(room.owner.client, room.id);
    expect(own.statusCode).toBe(403);
    expect(own.json().code).toBe('OWN_OPPORTUNITY');
    const pendingListing = (await createListing(t.app, room.owner)).id;
    const afterListing = await rowCounts(t.app.db);
    expect((await requestAccess(room.other.client, pendingListing)).statusCode).toBe(404);
    expect((await requestAccess(room.other.client, 999_999)).statusCode).toBe(404);
    expect((await requestAccess(new TestClient(t.app), room.id)).statusCode).toBe(401);
    expect(await rowCounts(t.app.db)).toEqual(afterListing);
    expect(before.access_requests).toBe(afterListing.access_requests);
  });

  it('answers a second request 409 ALREADY_REQUESTED, whatever the first one’s status', async () => {
    for (const who of ['pending', 'declined', 'approved', 'revoked'] as const) {
      const before = await rowCounts(t.app.db);
      const again = await requestAccess(room[who].client, room.id);
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('ALREADY_REQUESTED');
      expect(await rowCounts(t.app.db)).toEqual(before);
    }
  });

  it('two requests at once: one 201 and one 409, never a 500', async () => {
    const member = await createUser(t.app);
    const answers = await Promise.all([
      requestAccess(member.client, room.id),
      requestAccess(member.client, room.id),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const rows = await t.app.db
      .select()
      .from(accessRequests)
      .where(eq(accessRequests.requesterId, member.id));
    expect(rows).toHaveLength(1);
  });
});

describe('the owner’s decisions', () => {
  it('approve, decline and revoke notify the requester in their language, by email too', async () => {
    const member = await createUser(t.app, { language: 'en' });
    const id = (await requestAccess(member.client, room.id)).json().request.id as number;
    const approved = await decideAccess(room.owner.client, id, 'approved');
    expect(approved.statusCode).toBe(200);
    expect(approved.json().request).toMatchObject({ id, status: 'approved' });
    expect(approved.json().request.decidedAt).not.toBeNull();
    const revoked = await decideAccess(room.owner.client, id, 'revoked');
    expect(revoked.json().request.status).toBe('revoked');
    const mails = await mailsTo(t.app, member.email);
    expect(mails.map((m) => m.subject.split(':')[0])).toEqual([
      'Your access to the documents was revoked',
      'Your access to the documents was approved',
    ]);
    const notices = await notificationsOf(member.id);
    expect(notices.map((n) => n.type)).toEqual(['access_decision', 'access_decision']);
    const feed = await member.client.get('/api/notifications', { headers: { 'accept-language': 'en' } });
    expect(feed.json().data[0].title).toBe('Your access to the documents was revoked');
    // Each decision is in the audit log, by the owner, with the listing and the requester.
    const audited = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'access_request'), eq(auditLog.targetId, String(id))))
      .orderBy(auditLog.id);
    expect(audited.map((row) => [row.action, row.actorId, row.details])).toEqual([
      [
        'access_request.approved',
        room.owner.id,
        { opportunityId: room.id, requesterId: member.id, from: 'pending' },
      ],
      [
        'access_request.revoked',
        room.owner.id,
        { opportunityId: room.id, requesterId: member.id, from: 'approved' },
      ],
    ]);
  });

  it('follows the transitions: repeat is a no-op, nonsense is 409, nothing changes', async () => {
    const member = await createUser(t.app);
    const id = (await requestAccess(member.client, room.id)).json().request.id as number;
    const before = await rowCounts(t.app.db);
    const revokePending = await decideAccess(room.owner.client, id, 'revoked');
    expect(revokePending.statusCode).toBe(409);
    expect(revokePending.json().code).toBe('INVALID_STATUS_TRANSITION');
    expect(await rowCounts(t.app.db)).toEqual(before);
    expect((await decideAccess(room.owner.client, id, 'declined')).statusCode).toBe(200);
    const notices = (await notificationsOf(member.id)).length;
    const repeated = await decideAccess(room.owner.client, id, 'declined');
    expect(repeated.statusCode).toBe(200);
    expect((await notificationsOf(member.id)).length).toBe(notices);
    expect((await decideAccess(room.owner.client, id, 'revoked')).statusCode).toBe(409);
    // The owner may change their mind about a declined request.
    expect((await decideAccess(room.owner.client, id, 'approved')).json().request.status).toBe('approved');
    const bad = await room.owner.client.patch(`/api/access-requests/${id}`, { status: 'pending' });
    expect(bad.statusCode).toBe(400);
  });

  it('nobody but the listing’s owner decides (403, admins included), and nothing changes', async () => {
    const id = room.requestIds.pending;
    const before = await rowCounts(t.app.db);
    for (const who of ['other', 'pending', 'approved', 'admin'] as const) {
      const res = await decideAccess(room[who].client, id, 'approved');
      expect(res.statusCode).toBe(403);
    }
    // The owner of another listing cannot decide this listing's requests either.
    const stranger = await createUser(t.app);
    await createListing(t.app, stranger);
    const afterListing = await rowCounts(t.app.db);
    expect((await decideAccess(stranger.client, id, 'declined')).statusCode).toBe(403);
    expect((await decideAccess(new TestClient(t.app), id, 'declined')).statusCode).toBe(401);
    expect((await decideAccess(room.owner.client, 999_999, 'declined')).statusCode).toBe(404);
    expect(await rowCounts(t.app.db)).toEqual(afterListing);
    expect(afterListing.notifications).toBe(before.notifications);
    const [row] = await t.app.db.select().from(accessRequests).where(eq(accessRequests.id, id));
    expect(row!.status).toBe('pending');
    expect(row!.decidedAt).toBeNull();
  });

  it('lists requests on a listing for its owner and admins only', async () => {
    const url = `/api/opportunities/${room.id}/access-requests`;
    const asOwner = await room.owner.client.get(`${url}?status=approved`);
    expect(asOwner.json().data.map((r: { requester: { id: number } }) => r.requester.id)).toContain(
      room.approved.id,
    );
    expect((await room.admin.client.get(url)).statusCode).toBe(200);
    expect((await room.other.client.get(url)).statusCode).toBe(403);
    expect((await room.approved.client.get(url)).statusCode).toBe(403);
    expect((await room.owner.client.get(`${url}?status=maybe`)).statusCode).toBe(400);
    expect((await room.owner.client.get('/api/opportunities/999999/access-requests')).statusCode).toBe(404);
  });
});

describe('the profile lists', () => {
  it('“requests I made” with each listing’s card and status; “requests on my listings” for the owner', async () => {
    const mine = await room.declined.client.get('/api/users/me/access-requests');
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data).toHaveLength(1);
    expect(mine.json().data[0]).toMatchObject({
      status: 'declined',
      opportunity: { id: room.id, opportunityName: 'Specialty coffee roastery' },
    });
    expect(mine.json().pagination).toMatchObject({ page: 1, total: 1 });
    const none = await room.other.client.get('/api/users/me/access-requests');
    expect(none.json().data).toEqual([]);

    const received = await room.owner.client.get('/api/users/me/listing-access-requests?pageSize=50');
    expect(received.statusCode).toBe(200);
    const ids = received.json().data.map((r: { id: number }) => r.id);
    for (const id of Object.values(room.requestIds)) expect(ids).toContain(id);
    expect((await room.other.client.get('/api/users/me/listing-access-requests')).json().data).toEqual([]);
  });
});

describe('marking documents confidential', () => {
  it('keeps the flag the owner sends on create and edit; un-marked, members see the document again', async () => {
    const owner = await createUser(t.app);
    const member = await createUser(t.app);
    const admin = { id: room.admin.id, role: 'admin' as const };
    const doc = await uploadPdf(owner.client, 'lease.pdf');
    const created = await owner.client.post(
      '/api/opportunities',
      validInput({ documents: [{ url: doc.url, name: 'Lease.pdf', confidential: true }] }),
    );
    const id = created.json().id as number;
    expect(created.json().documents[0]).toMatchObject({ name: 'Lease.pdf', confidential: true });
    await t.app.opportunities.changeStatus(id, admin, 'approved');
    expect((await member.client.get(`/api/opportunities/${id}`)).json().documents).toEqual([]);

    const ownView = (await owner.client.get(`/api/opportunities/${id}`)).json();
    const edited = await owner.client.put(
      `/api/opportunities/${id}`,
      validInput({ documents: [{ url: ownView.documents[0].url, name: 'Lease.pdf', confidential: false }] }),
    );
    expect(edited.statusCode).toBe(200);
    await t.app.opportunities.changeStatus(id, admin, 'approved');
    const seen = (await member.client.get(`/api/opportunities/${id}`)).json();
    expect(seen.confidentialDocumentsCount).toBe(0);
    expect(seen.documents).toMatchObject([{ name: 'Lease.pdf', confidential: false }]);
    expect((await t.app.inject({ method: 'GET', url: seen.documents[0].url })).statusCode).toBe(200);
  });

  it('treats a document sent without the flag as public (older clients)', async () => {
    const owner = await createUser(t.app);
    const doc = await uploadPdf(owner.client, 'menu.pdf');
    const created = await owner.client.post(
      '/api/opportunities',
      validInput({ documents: [{ url: doc.url, name: 'Menu.pdf' }] }),
    );
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ confidentialDocumentsCount: 0, access: 'owner' });
    expect(created.json().documents).toMatchObject([{ name: 'Menu.pdf', confidential: false }]);
  });
});
