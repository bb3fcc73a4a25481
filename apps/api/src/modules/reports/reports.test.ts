import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/audit';
import { mailOutbox } from '../../db/schema/mail';
import { reports } from '../../db/schema/reports';
import { createAdminWorld, createListing, createUser, type TestUser } from '../../test/factories';
import { rowCounts } from '../../test/row-counts';
import type { TestApp, TestClient } from '../../test/test-app';

let t: TestApp;
let admin: TestUser;
let anonymous: TestClient;

beforeAll(async () => ({ t, admin, anonymous } = await createAdminWorld()));
afterAll(async () => t.close());

const DETAILS = 'The phone number belongs to another business entirely.';

async function world() {
  const owner = await createUser(t.app, { language: 'en' });
  const reporter = await createUser(t.app, { language: 'en' });
  const listing = await createListing(t.app, owner, { approvedBy: admin });
  return { owner, reporter, listing };
}

/** A chat between `investor` and the owner of `listingId`, with one message from each. */
async function chatWith(investor: TestUser, owner: TestUser, listingId: number) {
  const chat = (await investor.client.post('/api/chat', { opportunityId: listingId })).json().chat;
  const fromOwner = (
    await owner.client.post(`/api/chat/${chat.id}/messages`, { body: 'Pay the deposit outside Safqa' })
  ).json().message;
  const fromInvestor = (
    await investor.client.post(`/api/chat/${chat.id}/messages`, { body: 'Why outside?' })
  ).json().message;
  return {
    chatId: chat.id as number,
    fromOwner: fromOwner.id as number,
    fromInvestor: fromInvestor.id as number,
  };
}

const report = (as: TestUser, body: Record<string, unknown>) => as.client.post('/api/reports', body);
const decide = (id: number, body: Record<string, unknown>, as = admin) =>
  as.client.patch(`/api/admin/reports/${id}`, body);

describe('POST /api/reports', () => {
  it('answers 401 signed out before validating anything', async () => {
    const res = await anonymous.post('/api/reports', { nonsense: true });
    expect(res.statusCode).toBe(401);
  });

  it('answers 400 for an unknown field, a bad enum or short details, writing nothing', async () => {
    const { reporter, listing } = await world();
    const base = { targetType: 'opportunity', targetId: listing.id, reason: 'fraud', details: DETAILS };
    const before = await rowCounts(t.app.db);
    for (const body of [
      { ...base, extra: 1 },
      { ...base, targetType: 'offer' },
      { ...base, reason: 'boring' },
      { ...base, details: 'short' },
      { ...base, details: 'x'.repeat(1001) },
      { ...base, targetId: '01' },
    ]) {
      const res = await report(reporter, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    expect(await rowCounts(t.app.db)).toEqual(before);
  });

  it('answers 404 for a target that does not exist or the reporter cannot see', async () => {
    const { owner, reporter } = await world();
    const hidden = await createListing(t.app, owner);
    const outsider = await createUser(t.app);
    const listing = await createListing(t.app, owner, { approvedBy: admin });
    const { fromOwner } = await chatWith(reporter, owner, listing.id);
    for (const [targetType, targetId] of [
      ['opportunity', 2_000_000],
      ['opportunity', hidden.id],
      ['user', 2_000_000],
      ['message', 9_000_000],
    ] as const) {
      const res = await report(reporter, { targetType, targetId, reason: 'spam', details: DETAILS });
      expect(res.statusCode, `${targetType} ${targetId}`).toBe(404);
    }
    const notInChat = await report(outsider, {
      targetType: 'message',
      targetId: fromOwner,
      reason: 'spam',
      details: DETAILS,
    });
    expect(notInChat.statusCode).toBe(404);
  });

  it('answers 403 FORBIDDEN for one’s own listing, account or message', async () => {
    const { owner, reporter, listing } = await world();
    const { fromInvestor } = await chatWith(reporter, owner, listing.id);
    for (const [as, targetType, targetId] of [
      [owner, 'opportunity', listing.id],
      [owner, 'user', owner.id],
      [reporter, 'message', fromInvestor],
    ] as const) {
      const res = await report(as, { targetType, targetId, reason: 'other', details: DETAILS });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
  });

  it('stores one open report per reporter and target: 409 ALREADY_REPORTED, allowed again once decided', async () => {
    const { reporter, listing } = await world();
    const body = { targetType: 'opportunity', targetId: listing.id, reason: 'fraud', details: DETAILS };
    const first = await report(reporter, body);
    expect(first.statusCode).toBe(201);
    expect(first.json().report).toMatchObject({
      status: 'open',
      action: null,
      targetId: listing.id,
      reason: 'fraud',
    });
    const second = await report(reporter, { ...body, reason: 'spam' });
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('ALREADY_REPORTED');
    // Someone else may report the same listing.
    const other = await createUser(t.app);
    expect((await report(other, body)).statusCode).toBe(201);
    expect((await decide(first.json().report.id, { status: 'dismissed' })).statusCode).toBe(200);
    expect((await report(reporter, body)).statusCode).toBe(201);
  });

  it('holds the rule in the database, not only in the check', async () => {
    const { reporter, listing } = await world();
    const row = {
      reporterId: reporter.id,
      targetType: 'opportunity' as const,
      targetId: listing.id,
      reason: 'spam' as const,
      details: DETAILS,
    };
    await t.app.db.insert(reports).values(row);
    await expect(t.app.db.insert(reports).values(row)).rejects.toThrow();
  });
});

describe('admin reports', () => {
  it('is for admins only', async () => {
    const user = await createUser(t.app);
    expect((await anonymous.get('/api/admin/reports')).statusCode).toBe(401);
    expect((await user.client.get('/api/admin/reports')).statusCode).toBe(403);
    expect((await decide(1, { status: 'dismissed' }, user)).statusCode).toBe(403);
    expect((await admin.client.get('/api/admin/reports?status=closed')).statusCode).toBe(400);
  });

  it('lists open reports with a summary of each target', async () => {
    const { owner, reporter, listing } = await world();
    const { fromOwner } = await chatWith(reporter, owner, listing.id);
    for (const [targetType, targetId] of [
      ['opportunity', listing.id],
      ['user', owner.id],
      ['message', fromOwner],
    ] as const) {
      expect(
        (await report(reporter, { targetType, targetId, reason: 'fraud', details: DETAILS })).statusCode,
      ).toBe(201);
    }
    const body = (await admin.client.get('/api/admin/reports?status=open&pageSize=50')).json();
    const mine = body.data.filter((r: { reporter: { id: number } }) => r.reporter.id === reporter.id);
    expect(mine.map((r: { targetType: string }) => r.targetType)).toEqual(['opportunity', 'user', 'message']);
    expect(mine[0].target.opportunity).toEqual({
      id: listing.id,
      title: listing.name,
      titleAr: listing.nameAr,
      status: 'approved',
    });
    expect(mine[1].target.user).toEqual({ id: owner.id, username: owner.username, status: 'active' });
    expect(mine[2].target.message).toMatchObject({
      id: fromOwner,
      excerpt: 'Pay the deposit outside Safqa',
      removed: false,
      sender: { id: owner.id, username: owner.username },
      opportunity: { id: listing.id, title: listing.name },
    });
    expect(body.pagination.total).toBeGreaterThanOrEqual(3);
  });

  it('refuses an action that does not fit the target (400) and a decided report (409)', async () => {
    const { reporter, listing } = await world();
    const id = (
      await report(reporter, {
        targetType: 'opportunity',
        targetId: listing.id,
        reason: 'spam',
        details: DETAILS,
      })
    ).json().report.id;
    for (const body of [
      { status: 'resolved', action: 'remove_message' },
      { status: 'resolved', action: 'suspend_user', note: 'A reason long enough' },
      { status: 'dismissed', action: 'suspend_opportunity' },
      { status: 'open' },
      { status: 'resolved', surprise: true },
    ]) {
      const res = await decide(id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await decide(id, { status: 'resolved', action: 'none', note: 'Looked fine' })).statusCode).toBe(
      200,
    );
    const again = await decide(id, { status: 'dismissed' });
    expect(again.statusCode).toBe(409);
    expect((await decide(2_000_000, { status: 'dismissed' })).statusCode).toBe(404);
  });

  it('suspend_opportunity suspends the listing, audits, and notifies the reporter (bell and email)', async () => {
    const { reporter, listing } = await world();
    const id = (
      await report(reporter, {
        targetType: 'opportunity',
        targetId: listing.id,
        reason: 'fraud',
        details: DETAILS,
      })
    ).json().report.id;
    const res = await decide(id, { status: 'resolved', action: 'suspend_opportunity', note: 'Fake figures' });
    expect(res.statusCode).toBe(200);
    expect(res.json().report).toMatchObject({
      status: 'resolved',
      action: 'suspend_opportunity',
      note: 'Fake figures',
    });
    expect((await anonymous.get(`/api/opportunities/${listing.id}`)).statusCode).toBe(404);
    expect((await admin.client.get(`/api/opportunities/${listing.id}`)).json().status).toBe('suspended');

    const audits = await t.app.db.select().from(auditLog).where(eq(auditLog.actorId, admin.id));
    expect(audits).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: 'report.resolve', targetType: 'report', targetId: String(id) }),
        expect.objectContaining({ action: 'opportunity.suspend', targetId: String(listing.id) }),
      ]),
    );
    const bell = (
      await reporter.client.get('/api/notifications', { headers: { 'accept-language': 'en' } })
    ).json();
    expect(bell.data[0]).toMatchObject({
      title: 'We acted on your report',
      link: `/opportunities/${listing.id}`,
    });
    const [mail] = await t.app.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, reporter.email))
      .orderBy(desc(mailOutbox.id))
      .limit(1);
    expect(mail!.subject).toBe('We acted on your report');
  });

  it('suspend_user suspends the account (a note of 10+ characters is its reason)', async () => {
    const { owner, reporter } = await world();
    const id = (
      await report(reporter, { targetType: 'user', targetId: owner.id, reason: 'fraud', details: DETAILS })
    ).json().report.id;
    const short = await decide(id, { status: 'resolved', action: 'suspend_user', note: 'bad' });
    expect(short.statusCode).toBe(400);
    expect(short.json().fields).toHaveProperty('note');
    const res = await decide(id, {
      status: 'resolved',
      action: 'suspend_user',
      note: 'Scamming several buyers',
    });
    expect(res.statusCode).toBe(200);
    expect((await owner.client.get('/api/users/me')).statusCode).toBe(401);
    const [row] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.suspend'), eq(auditLog.targetId, String(owner.id))));
    expect(row!.details).toMatchObject({ reason: 'Scamming several buyers', reportId: id });
    const bell = (
      await reporter.client.get('/api/notifications', { headers: { 'accept-language': 'en' } })
    ).json();
    expect(bell.data[0].title).toBe('We acted on your report');
  });

  it('remove_message shows both parties "removed" instead of the text', async () => {
    const { owner, reporter, listing } = await world();
    const { chatId, fromOwner } = await chatWith(reporter, owner, listing.id);
    const id = (
      await report(reporter, {
        targetType: 'message',
        targetId: fromOwner,
        reason: 'inappropriate',
        details: DETAILS,
      })
    ).json().report.id;
    expect((await decide(id, { status: 'resolved', action: 'remove_message' })).statusCode).toBe(200);
    for (const party of [owner, reporter]) {
      const messages = (await party.client.get(`/api/chat/${chatId}/messages`)).json().messages;
      const removed = messages.find((m: { id: number }) => m.id === fromOwner);
      expect(removed).toMatchObject({ removed: true, body: '' });
      expect(messages.find((m: { id: number }) => m.id !== fromOwner)).toMatchObject({ removed: false });
    }
    const bell = (
      await reporter.client.get('/api/notifications', { headers: { 'accept-language': 'en' } })
    ).json();
    expect(bell.data[0].title).toBe('We acted on your report');
  });

  it('a dismissal notifies the reporter too', async () => {
    const { owner, reporter } = await world();
    const id = (
      await report(reporter, { targetType: 'user', targetId: owner.id, reason: 'other', details: DETAILS })
    ).json().report.id;
    expect((await decide(id, { status: 'dismissed', note: 'Nothing wrong found' })).statusCode).toBe(200);
    const bell = (
      await reporter.client.get('/api/notifications', { headers: { 'accept-language': 'ar' } })
    ).json();
    expect(bell.data[0]).toMatchObject({ title: 'أُغلق بلاغك' });
    expect(bell.data[0].body).toContain('Nothing wrong found');
    const listed = (await admin.client.get('/api/admin/reports?status=dismissed&pageSize=50')).json();
    expect(listed.data.find((r: { id: number }) => r.id === id)).toMatchObject({
      status: 'dismissed',
      decidedBy: { id: admin.id },
    });
  });
});
