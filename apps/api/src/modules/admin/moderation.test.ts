import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mailOutbox } from '../../db/schema/mail';
import { opportunities } from '../../db/schema/opportunities';
import { users } from '../../db/schema/users';
import { seedLookups } from '../../test/opportunity-fixtures';
import { rowCounts } from '../../test/row-counts';
import { createTestApp, TestClient, type TestApp } from '../../test/test-app';
import { createListing, createUser, type TestUser } from '../../test/factories';

let t: TestApp;
let admin: TestUser;
let owner: TestUser;
let ownerEmail: string;
let englishOwner: TestUser;
let englishEmail: string;

async function emailOf(user: TestUser) {
  const [row] = await t.app.db.select({ email: users.email }).from(users).where(eq(users.id, user.id));
  return row!.email;
}

async function mailsTo(to: string) {
  return t.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.id));
}

const act = (id: number, action: string, body?: unknown, client = admin.client) =>
  client.post(`/api/admin/opportunities/${id}/${action}`, body);

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://safqa.example' });
  await seedLookups(t.app);
  admin = await createUser(t.app, { role: 'admin', username: 'moderator_mona' });
  owner = await createUser(t.app);
  ownerEmail = await emailOf(owner);
  englishOwner = await createUser(t.app);
  await t.app.db.update(users).set({ language: 'en' }).where(eq(users.id, englishOwner.id));
  englishEmail = await emailOf(englishOwner);
});
afterAll(async () => t.close());

describe('POST /api/admin/opportunities/{id}/approve', () => {
  it('approves a pending listing, records who did it, emails the owner in Arabic and shows it in search', async () => {
    const id = (await createListing(t.app, owner, { name: 'Approve me roastery', nameAr: 'محمصة للموافقة' }))
      .id;
    const res = await act(id, 'approve');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, status: 'approved', rejectionReason: null });

    const history = (await admin.client.get(`/api/admin/opportunities/${id}/history`)).json().data;
    expect(history).toEqual([
      expect.objectContaining({ fromStatus: null, toStatus: 'pending', reason: 'created' }),
      {
        id: expect.any(Number),
        fromStatus: 'pending',
        toStatus: 'approved',
        reason: null,
        changedBy: { id: admin.id, username: 'moderator_mona' },
        createdAt: expect.any(String),
      },
    ]);

    const [mail] = await mailsTo(ownerEmail);
    expect(mail!.subject).toBe('نُشرت فرصتك: محمصة للموافقة');
    expect(mail!.html).toContain('dir="rtl"');
    expect(mail!.text).toContain(`https://safqa.example/opportunities/${id}`);

    const search = (await new TestClient(t.app).get('/api/opportunities?q=Approve')).json();
    expect(search.data.map((c: { id: number }) => c.id)).toContain(id);
  });

  it('refuses to approve an approved listing with 409 and writes nothing', async () => {
    const id = (await createListing(t.app, owner, { approvedBy: admin })).id;
    const before = await rowCounts(t.app.db);
    const res = await act(id, 'approve');
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('INVALID_STATUS_TRANSITION');
    expect(await rowCounts(t.app.db)).toEqual(before);
  });

  it('answers 404 for a listing that does not exist, 400 for an id that is not one', async () => {
    expect((await act(999_999, 'approve')).statusCode).toBe(404);
    expect((await act(999_999, 'reject', { reason: 'A valid reason here' })).statusCode).toBe(404);
    expect(
      (await admin.client.put('/api/admin/opportunities/999999/verified', { isVerified: true })).statusCode,
    ).toBe(404);
    expect((await admin.client.get('/api/admin/opportunities/999999/history')).statusCode).toBe(404);
    expect((await admin.client.post('/api/admin/opportunities/abc/approve')).statusCode).toBe(400);
  });

  it('lets only one of two simultaneous approvals through', async () => {
    const id = (await createListing(t.app, owner)).id;
    const mailsBefore = (await mailsTo(ownerEmail)).length;
    const answers = await Promise.all([act(id, 'approve'), act(id, 'approve')]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const history = (await admin.client.get(`/api/admin/opportunities/${id}/history`)).json().data;
    expect(history.filter((h: { toStatus: string }) => h.toStatus === 'approved')).toHaveLength(1);
    expect(await mailsTo(ownerEmail)).toHaveLength(mailsBefore + 1);
  });

  it('keeps the status when the email cannot be queued: decision and email go together', async () => {
    const id = (await createListing(t.app, owner)).id;
    const before = await rowCounts(t.app.db);
    const spy = vi.spyOn(t.app.mailer, 'enqueue').mockRejectedValueOnce(new Error('outbox down'));
    try {
      expect((await act(id, 'approve')).statusCode).toBe(500);
    } finally {
      spy.mockRestore();
    }
    const [row] = await t.app.db.select().from(opportunities).where(eq(opportunities.id, id));
    expect(row!.status).toBe('pending');
    // Only the error log of the failure was written.
    expect(await rowCounts(t.app.db)).toEqual({ ...before, error_logs: before.error_logs! + 1 });
  });
});

describe('POST /api/admin/opportunities/{id}/reject', () => {
  it.each([
    ['a short reason', { reason: 'Too short' }, 'reason', 'Reason must be at least 10 characters'],
    ['a blank reason', { reason: '          ' }, 'reason', 'Reason must be at least 10 characters'],
    ['no reason', {}, 'reason', 'This field is required'],
    ['a status field', { reason: 'Long enough reason', status: 'approved' }, 'status', 'Field not allowed'],
    [
      'a reason over 1000 characters',
      { reason: 'x'.repeat(1001) },
      'reason',
      'Must be at most 1000 characters',
    ],
  ])('refuses %s with 400 and writes nothing', async (_label, body, field, message) => {
    const id = (await createListing(t.app, owner)).id;
    const before = await rowCounts(t.app.db);
    const res = await admin.client.post(`/api/admin/opportunities/${id}/reject`, body, {
      headers: { 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { [field]: message } });
    expect(await rowCounts(t.app.db)).toEqual(before);
  });

  it('words the reason rule in Arabic by default', async () => {
    const id = (await createListing(t.app, owner)).id;
    const res = await act(id, 'reject', { reason: 'قصير' });
    expect(res.json().fields.reason).toBe('السبب يجب ألا يقل عن 10 أحرف');
  });

  it('rejects with the reason, keeps it for the owner and emails it in the owner’s language (English)', async () => {
    const id = (await createListing(t.app, englishOwner, { name: 'Dates farm', nameAr: 'مزرعة تمور' })).id;
    const reason = '  The licence photo is unreadable; upload a clearer one.  ';
    const res = await act(id, 'reject', { reason });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'rejected', rejectionReason: reason.trim() });

    const mine = (await englishOwner.client.get('/api/users/me/opportunities?status=rejected')).json();
    expect(mine.data[0]).toMatchObject({ id, rejectionReason: reason.trim() });

    const [mail] = await mailsTo(englishEmail);
    expect(mail!.subject).toBe('Your listing was not approved: Dates farm');
    expect(mail!.text).toContain(reason.trim());
    expect(mail!.text).toContain(`https://safqa.example/opportunities/${id}/edit`);
    expect(mail!.html).toContain('dir="ltr"');

    const history = (await admin.client.get(`/api/admin/opportunities/${id}/history`)).json().data;
    expect(history.at(-1)).toMatchObject({
      fromStatus: 'pending',
      toStatus: 'rejected',
      reason: reason.trim(),
    });
    expect((await act(id, 'reject', { reason: 'Rejected twice is no move' })).statusCode).toBe(409);
  });

  it('escapes markup in the reason of the email', async () => {
    const id = (await createListing(t.app, owner)).id;
    await act(id, 'reject', { reason: '<script>alert(1)</script> is not a description' });
    const [mail] = await mailsTo(ownerEmail);
    expect(mail!.html).not.toContain('<script>');
    expect(mail!.html).toContain('&lt;script&gt;');
  });

  it('lets an admin approve a rejected listing after all', async () => {
    const id = (await createListing(t.app, owner)).id;
    await act(id, 'reject', { reason: 'Missing the commercial register' });
    const withFields = await act(id, 'approve', { reason: 'Fine now', isVerified: true });
    expect(withFields.statusCode).toBe(400);
    expect(Object.keys(withFields.json().fields).sort()).toEqual(['isVerified', 'reason']);
    const res = await act(id, 'approve');
    expect(res.json()).toMatchObject({ status: 'approved', rejectionReason: null });
  });
});

describe('suspend and reinstate', () => {
  it('suspends an approved listing with an optional reason, hides it, and reinstates it', async () => {
    const id = (await createListing(t.app, englishOwner, { name: 'Suspend me', approvedBy: admin })).id;
    const suspended = await act(id, 'suspend', { reason: 'Reported by two investors' });
    expect(suspended.json()).toMatchObject({
      status: 'suspended',
      rejectionReason: 'Reported by two investors',
    });
    expect((await new TestClient(t.app).get(`/api/opportunities/${id}`)).statusCode).toBe(404);
    expect((await mailsTo(englishEmail))[0]!.subject).toBe('Your listing is suspended: Suspend me');

    expect((await act(id, 'suspend', {})).statusCode).toBe(409);
    const reinstated = await act(id, 'reinstate');
    expect(reinstated.json()).toMatchObject({ status: 'approved', rejectionReason: null });
    expect((await mailsTo(englishEmail))[0]!.subject).toBe('Your listing is live again: Suspend me');
    expect((await new TestClient(t.app).get(`/api/opportunities/${id}`)).statusCode).toBe(200);
  });

  it('takes a blank suspension reason as none, and refuses suspend and reinstate out of order', async () => {
    const id = (await createListing(t.app, owner, { approvedBy: admin })).id;
    expect((await act(id, 'reinstate')).statusCode).toBe(409);
    expect((await act(id, 'suspend', { reason: '   ' })).json().rejectionReason).toBeNull();
    const another = (await createListing(t.app, owner, { approvedBy: admin })).id;
    // API.md: `reason?`; a suspension posted without any body has no reason.
    const bodiless = await act(another, 'suspend');
    expect(bodiless.statusCode).toBe(200);
    expect(bodiless.json()).toMatchObject({ status: 'suspended', rejectionReason: null });
    const pending = (await createListing(t.app, owner)).id;
    expect((await act(pending, 'suspend', {})).json().code).toBe('INVALID_STATUS_TRANSITION');
    expect((await act(pending, 'reinstate')).statusCode).toBe(409);
  });
});

describe('PUT /api/admin/opportunities/{id}/verified', () => {
  it('sets and clears the badge, which public cards show', async () => {
    const id = (await createListing(t.app, owner, { name: 'Verified bakery', approvedBy: admin })).id;
    const on = await admin.client.put(`/api/admin/opportunities/${id}/verified`, { isVerified: true });
    expect(on.json()).toMatchObject({ id, isVerified: true, status: 'approved' });
    const card = (await new TestClient(t.app).get('/api/opportunities?q=Verified')).json().data[0];
    expect(card).toMatchObject({ id, isVerified: true });
    const off = await admin.client.put(`/api/admin/opportunities/${id}/verified`, { isVerified: false });
    expect(off.json().isVerified).toBe(false);
  });

  it.each([{}, { isVerified: 'yes' }, { isVerified: true, status: 'approved' }])(
    'refuses %j',
    async (body) => {
      const id = (await createListing(t.app, owner)).id;
      const res = await admin.client.put(`/api/admin/opportunities/${id}/verified`, body);
      expect(res.statusCode).toBe(400);
    },
  );
});

describe('GET /api/admin/opportunities', () => {
  it('lists one status with full details (financials, documents, reason) and the count of every tab', async () => {
    const t2 = await createTestApp();
    try {
      await seedLookups(t2.app);
      const boss = await createUser(t2.app, { role: 'admin' });
      const seller = await createUser(t2.app);
      const first = (await createListing(t.app, seller, { name: 'First in line' })).id;
      const second = (await createListing(t.app, seller, { name: 'Second in line' })).id;
      const rejected = (await createListing(t.app, seller)).id;
      await t2.app.opportunities.changeStatus(rejected, boss, 'rejected', 'Not a real business');
      await createListing(t2.app, seller, { approvedBy: boss });

      const pending = (await boss.client.get('/api/admin/opportunities')).json();
      expect(pending.counts).toEqual({ pending: 2, approved: 1, suspended: 0, rejected: 1 });
      expect(pending.data.map((o: { id: number }) => o.id)).toEqual([first, second]);
      expect(pending.data[0]).toMatchObject({
        status: 'pending',
        ebitda: 180_000,
        contactPhone: '966551234567',
        documents: [],
        rejectionReason: null,
        financialsLocked: false,
      });
      expect(pending.pagination).toEqual({
        page: 1,
        pageSize: 12,
        total: 2,
        totalPages: 1,
        nextCursor: null,
      });

      const tab = (await boss.client.get('/api/admin/opportunities?status=rejected')).json();
      expect(tab.data).toEqual([
        expect.objectContaining({ id: rejected, rejectionReason: 'Not a real business' }),
      ]);
      const paged = (
        await boss.client.get('/api/admin/opportunities?status=pending&pageSize=1&page=2')
      ).json();
      expect(paged.data.map((o: { id: number }) => o.id)).toEqual([second]);
      expect(paged.pagination.totalPages).toBe(2);

      expect((await boss.client.get('/api/admin/opportunities?status=deleted')).statusCode).toBe(400);
      expect((await boss.client.get('/api/admin/opportunities?page=0')).statusCode).toBe(400);
    } finally {
      await t2.close();
    }
  });
});
