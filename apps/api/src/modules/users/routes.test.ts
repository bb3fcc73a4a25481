import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, TestClient, type TestApp } from '../../test/test-app';
import { mailsTo, signIn } from '../../test/users';
import { businessTypes } from '../../db/schema/lookups';
import { advisorProfiles, users } from '../../db/schema/users';
import { createUser, TEST_PASSWORD } from '../../test/factories';

let t: TestApp;
let typeIds: number[];
beforeAll(async () => {
  t = await createTestApp();
  const rows = await t.app.db
    .insert(businessTypes)
    .values([
      { nameAr: 'مطاعم', nameEn: 'Food', sortOrder: 2 },
      { nameAr: 'تجزئة', nameEn: 'Retail', sortOrder: 1 },
    ])
    .returning({ id: businessTypes.id });
  typeIds = rows.map((r) => r.id);
});
afterAll(async () => t.close());

describe('GET /api/users/me', () => {
  it('answers the User of API.md', async () => {
    const user = await createUser(t.app, { phoneNumber: '966551234567', language: 'en' });
    const { client } = user;
    const res = await client.get('/api/users/me');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: user.id,
      username: user.username,
      email: user.email,
      phoneNumber: '966551234567',
      role: 'owner',
      isAdvisor: false,
      advisor: null,
      emailVerified: true,
      buyerVerified: false,
      language: 'en',
      status: 'active',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(res.json()).not.toHaveProperty('passwordHash');
  });

  it('answers 401 without a token', async () => {
    const res = await new TestClient(t.app).get('/api/users/me');
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHENTICATED');
  });
});

describe('PATCH /api/users/me', () => {
  it('updates username, phone and language; an empty phone clears it', async () => {
    const { client } = await createUser(t.app, { phoneNumber: '966551234567' });
    const res = await client.patch('/api/users/me', {
      username: '  خالد  ',
      phoneNumber: '+966 50 000 0000',
      language: 'en',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ username: 'خالد', phoneNumber: '966500000000', language: 'en' });
    const cleared = await client.patch('/api/users/me', { phoneNumber: '' });
    expect(cleared.json().phoneNumber).toBeNull();
  });

  it('turns the advisor option on and off, answering business types in lookup order', async () => {
    const user = await createUser(t.app);
    const { client } = user;
    const on = await client.patch('/api/users/me', {
      isAdvisor: true,
      bio: 'خبرة في تقييم المشاريع',
      experienceYears: 7,
      businessTypeIds: typeIds,
    });
    expect(on.statusCode).toBe(200);
    expect(on.json().advisor).toEqual({
      bio: 'خبرة في تقييم المشاريع',
      experienceYears: 7,
      businessTypes: [
        { id: typeIds[1], nameAR: 'تجزئة', nameEN: 'Retail' },
        { id: typeIds[0], nameAR: 'مطاعم', nameEN: 'Food' },
      ],
    });
    // An advisor may edit one advisor field alone.
    const years = await client.patch('/api/users/me', { experienceYears: 8 });
    expect(years.json().advisor).toMatchObject({ experienceYears: 8, bio: 'خبرة في تقييم المشاريع' });
    const tooShort = await client.patch('/api/users/me', { bio: 'قصير' });
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.json().fields.bio).toBe('النبذة يجب ألا تقل عن 10 أحرف');

    const off = await client.patch('/api/users/me', { isAdvisor: false });
    expect(off.json()).toMatchObject({ isAdvisor: false, advisor: null });
    expect(
      await t.app.db.select().from(advisorProfiles).where(eq(advisorProfiles.userId, user.id)),
    ).toHaveLength(0);
  });

  it('needs every advisor field to become an advisor, and existing business types', async () => {
    const { client } = await createUser(t.app);
    const res = await client.patch(
      '/api/users/me',
      { isAdvisor: true },
      { headers: { 'accept-language': 'en' } },
    );
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields).sort()).toEqual(['bio', 'businessTypeIds', 'experienceYears']);
    const unknown = await client.patch('/api/users/me', {
      isAdvisor: true,
      bio: 'a long enough bio',
      experienceYears: 2,
      businessTypeIds: [123456],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields.businessTypeIds).toBeTruthy();
    const notAdvisor = await client.patch('/api/users/me', { bio: 'a long enough bio' });
    expect(notAdvisor.statusCode).toBe(400);
    expect((await client.get('/api/users/me')).json().isAdvisor).toBe(false);
  });

  it('refuses role, email and unknown fields (mass assignment) and changes nothing', async () => {
    const user = await createUser(t.app);
    const { client } = user;
    for (const body of [
      { role: 'admin' },
      { email: 'x@example.com' },
      { username: 'valid', emailVerified: true },
    ]) {
      const res = await client.patch('/api/users/me', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    const [row] = await t.app.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ role: 'owner', email: user.email, username: user.username });
  });
});

describe('POST /api/users/me/password', () => {
  it('needs the current password, keeps this session and ends the others', async () => {
    const user = await createUser(t.app);
    const here = await signIn(t.app, user.email);
    const elsewhere = await signIn(t.app, user.email);
    const wrong = await here.client.post('/api/users/me/password', {
      currentPassword: 'Wrong!Pass1',
      newPassword: 'N3w!Password',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('WRONG_PASSWORD');

    const res = await here.client.post('/api/users/me/password', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'N3w!Password',
    });
    expect(res.statusCode).toBe(200);
    const refresh = (token: string) =>
      here.client.post('/api/auth/refresh', { refreshToken: token }, { token: null });
    expect((await refresh(here.refreshToken)).statusCode).toBe(200);
    expect((await refresh(elsewhere.refreshToken)).statusCode).toBe(401);
    // The notice is the newest mail before signing in again (that browser is new: it gets its own).
    expect((await mailsTo(t.app, user.email))[0]!.subject).toBe('تم تغيير كلمة المرور في صفقة');
    await signIn(t.app, user.email, 'N3w!Password');
  });

  it('checks both fields', async () => {
    const { client } = await createUser(t.app);
    const res = await client.post(
      '/api/users/me/password',
      { newPassword: 'weak' },
      { headers: { 'accept-language': 'en' } },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      currentPassword: 'This field is required',
      newPassword: 'Password must be at least 8 characters',
    });
  });
});

describe('ensureAdmin (npm run admin:create)', () => {
  it('creates a verified admin, then promotes an existing owner and sets the password', async () => {
    const created = await t.app.users.ensureAdmin({ email: 'Boss@Example.com', password: 'Adm1n!Pass' });
    expect(created.created).toBe(true);
    expect(created.user).toMatchObject({ email: 'boss@example.com', role: 'admin' });
    expect(created.user.emailVerifiedAt).not.toBeNull();
    await signIn(t.app, 'boss@example.com', 'Adm1n!Pass');

    const user = await createUser(t.app, { verified: false });
    const promoted = await t.app.users.ensureAdmin({ email: user.email, password: 'Adm1n!Pass2' });
    expect(promoted).toMatchObject({ created: false, user: { id: user.id, role: 'admin' } });
    const login = await signIn(t.app, user.email, 'Adm1n!Pass2');
    expect((await login.client.get('/api/users/me')).json().role).toBe('admin');
  });
});
