import { and, desc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog } from '../../db/schema/audit';
import { mailOutbox } from '../../db/schema/mail';
import { notifications } from '../../db/schema/alerts';
import { users } from '../../db/schema/users';
import { buyerVerifications } from '../../db/schema/verifications';
import { createUser, type TestUser } from '../../test/factories';
import { multipart, pdfDocument, pngImage } from '../../test/file-fixtures';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app';

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.app, { role: 'admin' });
});
afterAll(async () => t.close());
afterEach(() => vi.useRealTimers());

function send(
  client: TestClient,
  data: Buffer,
  fields: Record<string, string> = { kind: 'proof_of_funds' },
  filename = 'bank-letter.pdf',
) {
  const body = multipart([{ field: 'file', filename, contentType: 'application/pdf', data }], fields);
  return client.post('/api/users/me/verification', body.payload, { headers: body.headers });
}

async function pendingOf(user: TestUser) {
  const res = await send(user.client, pdfDocument('bank letter'));
  expect(res.statusCode).toBe(201);
  return res.json().verification.id as number;
}

async function adminRow(id: number) {
  const res = await admin.client.get('/api/admin/verifications?status=&page=1');
  expect(res.statusCode).toBe(200);
  return (res.json().data as Array<{ id: number; file: { url: string } | null }>).find((v) => v.id === id)!;
}

const fileKeyOf = async (id: number) =>
  (await t.app.db.select().from(buyerVerifications).where(eq(buyerVerifications.id, id)))[0]!.fileKey;

describe('POST /api/users/me/verification', () => {
  it('keeps a PDF privately and answers the pending request; a second one waits: 409 ALREADY_PENDING', async () => {
    const user = await createUser(t.app);
    const res = await send(user.client, pdfDocument(), { kind: 'identity', note: 'جواز السفر' });
    expect(res.statusCode).toBe(201);
    expect(res.json().verification).toMatchObject({ kind: 'identity', status: 'pending' });
    const key = await fileKeyOf(res.json().verification.id);
    expect(key).toMatch(/^verifications\/\d{4}\/[a-f0-9]{32}\.pdf$/);
    expect(await t.app.storage.exists('private', key!)).toBe(true);
    expect(await t.app.storage.exists('public', key!)).toBe(false);

    const again = await send(user.client, await pngImage(), { kind: 'proof_of_funds' }, 'x.png');
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ALREADY_PENDING');

    const mine = await user.client.get('/api/users/me/verification');
    expect(mine.json()).toMatchObject({
      buyerVerified: false,
      verifiedAt: null,
      requests: [{ kind: 'identity', status: 'pending', note: 'جواز السفر', rejectionReason: null }],
    });
  });

  it('decides by content, not name: a text file called .pdf is 400 on file and nothing is kept', async () => {
    const user = await createUser(t.app);
    const res = await send(user.client, Buffer.from('just some words, not a PDF at all'), undefined, 'a.pdf');
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty('file');
    expect(
      await t.app.db.select().from(buyerVerifications).where(eq(buyerVerifications.userId, user.id)),
    ).toHaveLength(0);
    // A PNG sent under a .pdf name is fine: its bytes say PNG.
    const png = await send(user.client, await pngImage(), undefined, 'scan.pdf');
    expect(png.statusCode).toBe(201);
  });

  it('refuses a file over 10 MB (413), a wrong kind (400) and anonymous callers (401)', async () => {
    const user = await createUser(t.app);
    const big = Buffer.concat([pdfDocument(), Buffer.alloc(10 * 1024 * 1024 + 1)]);
    expect((await send(user.client, big)).statusCode).toBe(413);
    const kind = await send(user.client, pdfDocument(), { kind: 'passport' });
    expect(kind.statusCode).toBe(400);
    expect(kind.json().fields).toHaveProperty('kind');
    const anonymous = new (user.client.constructor as new (app: unknown) => TestClient)(t.app);
    expect((await send(anonymous, pdfDocument())).statusCode).toBe(401);
  });
});

describe('admin decisions', () => {
  it('approving makes the user a verified buyer, notifies, emails and audits in one go; twice is 409', async () => {
    const user = await createUser(t.app, { language: 'en' });
    const id = await pendingOf(user);
    const res = await admin.client.patch(`/api/admin/verifications/${id}`, { status: 'approved' });
    expect(res.statusCode).toBe(200);
    expect(res.json().verification).toMatchObject({ id, status: 'approved', user: { id: user.id } });

    const mine = (await user.client.get('/api/users/me/verification')).json();
    expect(mine.buyerVerified).toBe(true);
    expect(mine.verifiedAt).not.toBeNull();
    expect((await user.client.get('/api/users/me')).json().buyerVerified).toBe(true);

    const [notice] = await t.app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, user.id), eq(notifications.type, 'verification_decision')));
    expect(notice).toBeDefined();
    const [mail] = await t.app.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, user.email))
      .orderBy(desc(mailOutbox.id));
    expect(mail!.subject).toBe('You are now a verified buyer');
    const [audit] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'verification'), eq(auditLog.targetId, String(id))));
    expect(audit).toMatchObject({ action: 'verification.approved', actorId: admin.id });

    const twice = await admin.client.patch(`/api/admin/verifications/${id}`, {
      status: 'rejected',
      reason: 'Changed my mind about it',
    });
    expect(twice.statusCode).toBe(409);
  });

  it('rejecting needs a reason of 10 to 500 characters, then deletes the file and tells the user why', async () => {
    const user = await createUser(t.app);
    const id = await pendingOf(user);
    const key = (await fileKeyOf(id))!;
    for (const body of [{ status: 'rejected' }, { status: 'rejected', reason: 'short' }]) {
      const res = await admin.client.patch(`/api/admin/verifications/${id}`, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toHaveProperty('reason');
    }
    const long = await admin.client.patch(`/api/admin/verifications/${id}`, {
      status: 'rejected',
      reason: 'x'.repeat(501),
    });
    expect(long.statusCode).toBe(400);

    const link = (await adminRow(id)).file!.url;
    const res = await admin.client.patch(`/api/admin/verifications/${id}`, {
      status: 'rejected',
      reason: 'The statement is older than three months',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().verification.file).toBeNull();
    expect(await fileKeyOf(id)).toBeNull();
    expect(await t.app.storage.exists('private', key)).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: link })).statusCode).toBe(404);
    const mine = (await user.client.get('/api/users/me/verification')).json();
    expect(mine).toMatchObject({
      buyerVerified: false,
      requests: [{ status: 'rejected', rejectionReason: 'The statement is older than three months' }],
    });
  });

  it('a newer approval removes the file of the earlier approved request', async () => {
    const user = await createUser(t.app);
    const first = await pendingOf(user);
    await admin.client.patch(`/api/admin/verifications/${first}`, { status: 'approved' });
    const firstKey = (await fileKeyOf(first))!;
    const second = await pendingOf(user);
    await admin.client.patch(`/api/admin/verifications/${second}`, { status: 'approved' });
    expect(await fileKeyOf(first)).toBeNull();
    expect(await t.app.storage.exists('private', firstKey)).toBe(false);
    expect(await fileKeyOf(second)).not.toBeNull();
  });

  it('only admins list or decide: 401 anonymous, 403 a user; an unknown id is 404', async () => {
    const user = await createUser(t.app);
    const id = await pendingOf(user);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/verifications' })).statusCode).toBe(401);
    expect((await user.client.get('/api/admin/verifications')).statusCode).toBe(403);
    expect(
      (await user.client.patch(`/api/admin/verifications/${id}`, { status: 'approved' })).statusCode,
    ).toBe(403);
    expect(
      (await admin.client.patch('/api/admin/verifications/999999', { status: 'approved' })).statusCode,
    ).toBe(404);
  });
});

describe('GET /api/verification-files/{id}', () => {
  it('serves the admin their one-minute link, as an attachment', async () => {
    const user = await createUser(t.app);
    const id = await pendingOf(user);
    const { file } = await adminRow(id);
    expect(file!.url).toMatch(
      new RegExp(`^/api/verification-files/${id}\\?expires=\\d+&u=${admin.id}&signature=`),
    );
    const res = await t.app.inject({ method: 'GET', url: file!.url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment;/);
    expect(res.rawPayload.equals(pdfDocument('bank letter'))).toBe(true);
  });

  it('refuses anyone else: another id, another user, a forged or an expired link', async () => {
    const user = await createUser(t.app);
    const other = await createUser(t.app);
    const id = await pendingOf(user);
    const otherId = await pendingOf(other);
    const url = new URL((await adminRow(id)).file!.url, 'http://x');
    const get = (path: string) => t.app.inject({ method: 'GET', url: path });
    const q = url.searchParams;
    // The link of one request does not open another's file.
    expect((await get(`/api/verification-files/${otherId}?${q}`)).statusCode).toBe(403);
    // Nor can it be handed to another user: the user is signed.
    const moved = new URLSearchParams(q);
    moved.set('u', String(other.id));
    expect((await get(`/api/verification-files/${id}?${moved}`)).statusCode).toBe(403);
    const forged = new URLSearchParams(q);
    forged.set('signature', 'A'.repeat(43));
    expect((await get(`/api/verification-files/${id}?${forged}`)).statusCode).toBe(403);
    expect((await get(`/api/verification-files/${id}`)).statusCode).toBe(400);
    // Users have no route to another user's file.
    expect((await other.client.get('/api/admin/verifications')).statusCode).toBe(403);
    expect(JSON.stringify((await other.client.get('/api/users/me/verification')).json())).not.toContain(
      'verification-files',
    );
    // A minute later the link is dead.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61_000 });
    expect((await get(url.pathname + url.search)).statusCode).toBe(403);
  });

  it('stops serving an admin link once its admin is no longer an admin', async () => {
    const user = await createUser(t.app);
    const formerAdmin = await createUser(t.app, { role: 'admin' });
    const id = await pendingOf(user);
    const res = await formerAdmin.client.get('/api/admin/verifications?status=pending');
    const link = (res.json().data as Array<{ id: number; file: { url: string } }>).find((v) => v.id === id)!;
    await t.app.db.update(users).set({ role: 'owner' }).where(eq(users.id, formerAdmin.id));
    expect((await t.app.inject({ method: 'GET', url: link.file.url })).statusCode).toBe(403);
  });
});
