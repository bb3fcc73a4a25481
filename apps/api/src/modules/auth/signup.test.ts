import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, TestClient, type TestApp } from '../../test/test-app';
import { linkIn, mailsTo } from '../../test/users';
import { users, advisorProfiles } from '../../db/schema/users';
import { businessTypes } from '../../db/schema/lookups';
import { emailTokens } from '../../db/schema/auth';
import { hashToken } from '../../lib/tokens';
import { uniqueEmail } from '../../test/factories';

let t: TestApp;
let client: TestClient;
let typeIds: number[];

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://safqa.example' });
  client = new TestClient(t.app);
  const rows = await t.app.db
    .insert(businessTypes)
    .values([
      { nameAr: 'تجارة إلكترونية', nameEn: 'E-commerce' },
      { nameAr: 'تقنية', nameEn: 'Technology' },
    ])
    .returning({ id: businessTypes.id });
  typeIds = rows.map((r) => r.id);
});
afterAll(async () => t.close());

function owner(overrides: Record<string, unknown> = {}): Record<string, unknown> & { email: string } {
  return {
    username: 'سارة',
    email: uniqueEmail('owner'),
    password: 'Str0ng!Pass',
    role: 'owner',
    recaptchaToken: 'ok',
    ...overrides,
  };
}

async function storedUser(email: string) {
  const [row] = await t.app.db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return row;
}

describe('POST /api/auth/signup', () => {
  it('creates an unverified owner and emails an Arabic verification link by default', async () => {
    const body = owner({ phoneNumber: '0551234567' });
    const res = await client.post('/api/auth/signup', body);
    expect(res.statusCode).toBe(201);
    const { userId, message } = res.json();
    expect(message).toMatch(/بريدك/);
    const row = await storedUser(body.email);
    expect(row).toMatchObject({ id: userId, role: 'owner', phoneNumber: '966551234567', language: 'ar' });
    expect(row!.emailVerifiedAt).toBeNull();
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);

    const [mail] = await mailsTo(t.app, body.email);
    expect(mail!.subject).toBe('أكّد بريدك الإلكتروني في صفقة');
    const link = linkIn(mail!, '/verify-email');
    expect(link.origin).toBe('https://safqa.example');
    expect(link.searchParams.get('userId')).toBe(String(userId));
    const token = link.searchParams.get('token')!;
    expect(token.length).toBeGreaterThanOrEqual(43);
    // Only a hash of the token is kept.
    const stored = await t.app.db.select().from(emailTokens).where(eq(emailTokens.userId, userId));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(stored)).not.toContain(token);
    const hours = (stored[0]!.expiresAt.getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
  });

  it('writes the email in English for Accept-Language: en', async () => {
    const body = owner();
    const res = await client.post('/api/auth/signup', body, {
      headers: { 'accept-language': 'en-US,en;q=0.9' },
    });
    expect(res.statusCode).toBe(201);
    const [mail] = await mailsTo(t.app, body.email);
    expect(mail!.subject).toBe('Verify your email for Safqa');
    expect(mail!.text).toContain('https://safqa.example/verify-email?token=');
    expect((await storedUser(body.email))!.language).toBe('en');
  });

  it('accepts a 64+ character password and an Arabic password unchanged', async () => {
    const long = `Aa1!${'x'.repeat(80)}`;
    const arabic = 'كلمةسر1!آمنة';
    for (const password of [long, arabic]) {
      const body = owner({ password });
      expect((await client.post('/api/auth/signup', body)).statusCode).toBe(201);
      await t.app.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.email, body.email));
      const login = await client.post('/api/auth/login', {
        email: body.email,
        password,
        recaptchaToken: 'ok',
      });
      expect(login.statusCode).toBe(200);
      const truncated = await client.post('/api/auth/login', {
        email: body.email,
        password: password.slice(0, -1),
        recaptchaToken: 'ok',
      });
      expect(truncated.statusCode).toBe(401);
    }
  });

  it('stores the advisor profile with its business types', async () => {
    const body = owner({
      isAdvisor: true,
      bio: 'مستشار مالي منذ عشر سنوات',
      experienceYears: 10,
      businessTypeIds: typeIds,
    });
    const res = await client.post('/api/auth/signup', body);
    expect(res.statusCode).toBe(201);
    const row = await storedUser(body.email);
    expect(row!.isAdvisor).toBe(true);
    const [profile] = await t.app.db
      .select()
      .from(advisorProfiles)
      .where(eq(advisorProfiles.userId, row!.id));
    expect(profile).toMatchObject({ bio: 'مستشار مالي منذ عشر سنوات', experienceYears: 10 });
  });

  it('checks the advisor fields only for advisors, with messages in the request language', async () => {
    const res = await client.post(
      '/api/auth/signup',
      owner({ isAdvisor: true, bio: 'short', experienceYears: 0 }),
      {
        headers: { 'accept-language': 'en' },
      },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: {
        bio: 'Bio must be at least 10 characters',
        experienceYears: 'Must be greater than zero',
        businessTypeIds: 'Choose at least one business type',
      },
    });
    const unknownType = await client.post(
      '/api/auth/signup',
      owner({ isAdvisor: true, bio: 'a long enough bio', experienceYears: 3, businessTypeIds: [99999] }),
    );
    expect(unknownType.statusCode).toBe(400);
    expect(unknownType.json().fields.businessTypeIds).toBe('اختيار غير صالح');
  });

  it('answers every rule of SPEC.md section 5 with field messages and stores nothing', async () => {
    const email = uniqueEmail('bad');

    const res = await client.post('/api/auth/signup', {
      username: ' ab ',
      email: 'not an email',
      password: 'alllowercase1!',
      phoneNumber: '12345',
      recaptchaToken: 'ok',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      username: 'اسم المستخدم يجب ألا يقل عن 3 أحرف',
      email: 'البريد الإلكتروني غير صالح',
      password: 'كلمة المرور يجب أن تحتوي على حرف كبير',
      phoneNumber: 'رقم الجوال يجب أن يكون سعوديًا مثل 9665XXXXXXXX',
    });
    const missing = await client.post(
      '/api/auth/signup',
      { email, recaptchaToken: 'ok' },
      {
        headers: { 'accept-language': 'en' },
      },
    );
    expect(missing.json().fields).toMatchObject({
      username: 'This field is required',
      password: expect.any(String),
    });
    expect(await storedUser(email)).toBeUndefined();
  });

  it('refuses role admin and unknown fields (mass assignment) and stores nothing', async () => {
    for (const extra of [{ role: 'admin' }, { isAdmin: true }, { emailVerifiedAt: '2024-01-01' }]) {
      const body = owner(extra);
      const res = await client.post('/api/auth/signup', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      expect(Object.keys(res.json().fields)).toEqual(Object.keys(extra));
      expect(await storedUser(body.email)).toBeUndefined();
    }
    const count = await t.app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(eq(users.role, 'admin'));
    expect(count[0]!.n).toBe(0);
  });

  it('answers 409 EMAIL_EXISTS for an email already registered, whatever its case', async () => {
    const body = owner();
    expect((await client.post('/api/auth/signup', body)).statusCode).toBe(201);
    const again = await client.post('/api/auth/signup', owner({ email: body.email.toUpperCase() }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'EMAIL_EXISTS', message: 'البريد الإلكتروني مسجل مسبقًا' });
  });

  it('needs the human check', async () => {
    const body = owner({ recaptchaToken: undefined });
    const res = await client.post('/api/auth/signup', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('CAPTCHA_REQUIRED');
    expect(await storedUser(body.email)).toBeUndefined();
  });

  it('limits sign-up attempts per email with 429 and Retry-After', async () => {
    const email = uniqueEmail('limit');
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) {
      codes.push((await client.post('/api/auth/signup', owner({ email }))).statusCode);
    }
    expect(codes).toEqual([201, 409, 409, 409, 409, 429]);
    const limited = await client.post('/api/auth/signup', owner({ email }));
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().code).toBe('RATE_LIMITED');
  });
});
