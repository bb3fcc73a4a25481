import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema/mail';
import { offerCodes } from '../../db/schema/offers';
import { opportunities } from '../../db/schema/opportunities';
import { createTestApp, TestClient, type TestApp } from '../../test/test-app';
import { createListing, createUser, type TestUser } from '../../test/factories';

let t: TestApp;
let owner: TestUser;
let investor: TestUser;
let opportunityId: number;
let mailbox = 0;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.app, { language: 'en' });
  investor = await createUser(t.app);
  opportunityId = (await createListing(t.app, owner, { name: 'Coffee roastery', status: 'approved' })).id;
});
afterAll(async () => t.close());

const freshEmail = () => `Investor.${++mailbox}@Example.test`;

const details = {
  name: 'سارة المستثمرة',
  phone: '05 1234 5678',
  reasons: { wantsOffer: true, moreFinancial: true },
  message: 'أرغب في شراء حصة والاطلاع على القوائم المالية',
  amount: 250_000,
};

async function lastMailTo(to: string) {
  const [row] = await t.app.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, to))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  return row;
}

async function requestCode(client: TestClient, email: string, id = opportunityId, lang = 'ar') {
  const res = await client.post(
    `/api/opportunities/${id}/offers/code`,
    { email },
    { headers: { 'accept-language': lang } },
  );
  const mail = res.statusCode === 200 ? await lastMailTo(email.toLowerCase()) : undefined;
  return { res, code: mail ? /(\d{4})$/.exec(mail.subject)![1]! : undefined, mail };
}

/** Moves the newest code of an address into the past, as if time had passed. */
async function age(email: string, seconds: number, expired = false) {
  await t.app.db
    .execute(sql`UPDATE offer_codes SET created_at = created_at - make_interval(secs => ${seconds})
    ${expired ? sql`, expires_at = now() - interval '1 second'` : sql``}
    WHERE lower(email) = ${email.toLowerCase()}`);
}

const offer = (client: TestClient, body: Record<string, unknown>, id = opportunityId) =>
  client.post(`/api/opportunities/${id}/offers`, body);

describe('POST /api/opportunities/{id}/offers/code', () => {
  it('emails a 4-digit code in the request language and stores only its hash', async () => {
    const email = freshEmail();
    const { res, code, mail } = await requestCode(investor.client, email);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: expect.any(String), resendAfter: 60, expiresInMinutes: 10 });
    expect(code).toMatch(/^\d{4}$/);
    expect(mail?.html).toContain('dir="rtl"');
    expect(mail?.text).toContain(code);
    const [row] = await t.app.db.select().from(offerCodes).where(eq(offerCodes.email, email.toLowerCase()));
    expect(row?.codeHash).not.toContain(code);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(10 * 60 * 1000);

    const en = await requestCode(investor.client, freshEmail(), opportunityId, 'en');
    expect(en.mail?.subject).toBe(`Your offer verification code: ${en.code}`);
  });

  it('refuses the owner, hidden or unknown listings, bad addresses and signed-out callers', async () => {
    const own = await requestCode(owner.client, freshEmail());
    expect(own.res.statusCode).toBe(403);
    expect(own.res.json().code).toBe('OWN_OPPORTUNITY');
    const pending = await createListing(t.app, owner);
    expect((await requestCode(investor.client, freshEmail(), pending.id)).res.statusCode).toBe(404);
    expect((await requestCode(investor.client, freshEmail(), 424_242)).res.statusCode).toBe(404);
    const bad = await requestCode(investor.client, 'not an email');
    expect(bad.res.statusCode).toBe(400);
    expect(bad.res.json().fields).toEqual({ email: 'البريد الإلكتروني غير صالح' });
    const extra = await investor.client.post(`/api/opportunities/${opportunityId}/offers/code`, {
      email: freshEmail(),
      code: '1234',
    });
    expect(extra.statusCode).toBe(400);
    expect((await requestCode(new TestClient(t.app), freshEmail())).res.statusCode).toBe(401);
  });

  // sqlmap found these: the form rule let them through and the mailer then refused them (500).
  it.each(['khalid@demo.test\'"<x>', 'a,b@example.com', 'a;b@example.com'])(
    'answers 400 for %j, an address no email can be sent to',
    async (address) => {
      const { res } = await requestCode(investor.client, address);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({ email: 'البريد الإلكتروني غير صالح' });
    },
  );

  it('allows a resend only after 60 seconds, and the new code replaces the old one', async () => {
    const email = freshEmail();
    const first = await requestCode(investor.client, email);
    const tooSoon = await requestCode(investor.client, email);
    expect(tooSoon.res.statusCode).toBe(429);
    expect(tooSoon.res.json()).toMatchObject({ code: 'RATE_LIMITED', retryAfter: expect.any(Number) });
    expect(Number(tooSoon.res.headers['retry-after'])).toBeGreaterThan(50);
    expect(Number(tooSoon.res.headers['retry-after'])).toBeLessThanOrEqual(60);

    await age(email, 61);
    const second = await requestCode(investor.client, email);
    expect(second.res.statusCode).toBe(200);
    const rows = await t.app.db.select().from(offerCodes).where(eq(offerCodes.email, email.toLowerCase()));
    expect(rows.map((r) => r.supersededAt === null)).toEqual([false, true]);
    // The old code no longer works (unless chance made both codes the same).
    if (first.code !== second.code) {
      const old = await offer(investor.client, { ...details, email, code: first.code });
      expect(old.json()).toMatchObject({ code: 'CODE_INVALID', attemptsLeft: 4 });
    }
    const ok = await offer(investor.client, { ...details, email, code: second.code });
    expect(ok.statusCode).toBe(201);
  });

  it('sends at most 5 codes to one address an hour, whoever asks', async () => {
    const email = freshEmail();
    // Two people of this test's own: each user also has an hourly limit, which other tests spend.
    const first = await createUser(t.app);
    const other = await createUser(t.app);
    for (let i = 0; i < 5; i += 1) {
      const { res } = await requestCode(i % 2 ? other.client : first.client, email);
      expect(res.statusCode).toBe(200);
      await age(email, 65);
    }
    const sixth = await requestCode(other.client, email);
    expect(sixth.res.statusCode).toBe(429);
    // The oldest of the five is 5 × 65 s old, so a slot opens in 3600 − 325 seconds.
    expect(Number(sixth.res.headers['retry-after'])).toBeGreaterThan(3600 - 330);
    expect(Number(sixth.res.headers['retry-after'])).toBeLessThanOrEqual(3600 - 325);
    await age(email, 3600);
    expect((await requestCode(other.client, email)).res.statusCode).toBe(200);
  });

  it('sends at most 10 codes an hour for one user, whatever the addresses', async () => {
    const busy = await createUser(t.app);
    for (let i = 0; i < 10; i += 1)
      expect((await requestCode(busy.client, freshEmail())).res.statusCode).toBe(200);
    const eleventh = await requestCode(busy.client, freshEmail());
    expect(eleventh.res.statusCode).toBe(429);
    expect(eleventh.res.json().code).toBe('RATE_LIMITED');
  });
});

describe('POST /api/opportunities/{id}/offers', () => {
  it('stores the offer with the code, counts it, emails the owner, and the code cannot be reused', async () => {
    const email = freshEmail();
    const { code } = await requestCode(investor.client, email);
    const before = await t.app.db
      .select({ n: opportunities.offersCount })
      .from(opportunities)
      .where(eq(opportunities.id, opportunityId));
    const res = await offer(investor.client, { ...details, email, code });
    expect(res.statusCode).toBe(201);
    expect(res.json().offer).toEqual({
      id: expect.any(Number),
      opportunityId,
      userId: investor.id,
      buyerVerified: false,
      name: 'سارة المستثمرة',
      phone: '966512345678',
      email: email.toLowerCase(),
      reasons: { wantsOffer: true, knowRegulations: false, moreFinancial: true, moreOperational: false },
      message: details.message,
      amount: 250_000,
      status: 'new',
      note: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const after = await t.app.db
      .select({ n: opportunities.offersCount })
      .from(opportunities)
      .where(eq(opportunities.id, opportunityId));
    expect(after[0]!.n).toBe(before[0]!.n + 1);
    const ownerMail = await lastMailTo(owner.email);
    expect(ownerMail?.subject).toMatch(/^New offer on “Coffee roastery/);
    expect(ownerMail?.text).toContain('966512345678');
    expect(ownerMail?.text).toContain('I want more financial information');
    expect(ownerMail?.text).toContain('SAR');

    const reused = await offer(investor.client, { ...details, email, code });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({ code: 'CODE_INVALID', message: 'الرمز غير صحيح' });
  });

  it('kills a code after 5 wrong tries, even for the right code afterwards', async () => {
    const email = freshEmail();
    const { code } = await requestCode(investor.client, email);
    const wrong = String((Number(code) + 1) % 10_000).padStart(4, '0');
    for (let left = 4; left >= 0; left -= 1) {
      const res = await offer(investor.client, { ...details, email, code: wrong });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'CODE_INVALID', attemptsLeft: left });
    }
    const right = await offer(investor.client, { ...details, email, code });
    expect(right.statusCode).toBe(400);
    expect(right.json()).toMatchObject({ code: 'CODE_INVALID', attemptsLeft: 0 });
  });

  it('answers CODE_EXPIRED after 10 minutes and CODE_INVALID for another address or listing', async () => {
    const email = freshEmail();
    const { code } = await requestCode(investor.client, email);
    const other = await createListing(t.app, owner, { status: 'approved' });
    expect((await offer(investor.client, { ...details, email, code }, other.id)).json().code).toBe(
      'CODE_INVALID',
    );
    expect((await offer(investor.client, { ...details, email: freshEmail(), code })).json().code).toBe(
      'CODE_INVALID',
    );
    const stranger = await createUser(t.app);
    expect((await offer(stranger.client, { ...details, email, code })).json().code).toBe('CODE_INVALID');
    await age(email, 601, true);
    const expired = await offer(investor.client, { ...details, email, code }, undefined);
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({ code: 'CODE_EXPIRED', message: 'انتهت صلاحية الرمز' });
  });

  it('accepts exactly one of two simultaneous submissions of one code', async () => {
    const email = freshEmail();
    const { code } = await requestCode(investor.client, email);
    const results = await Promise.all([
      offer(investor.client, { ...details, email, code }),
      offer(investor.client, { ...details, email, code }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 400]);
  });

  it('refuses the owner with OWN_OPPORTUNITY and checks every field', async () => {
    const own = await offer(owner.client, { ...details, email: owner.email, code: '1234' });
    expect(own.statusCode).toBe(403);
    expect(own.json().code).toBe('OWN_OPPORTUNITY');

    const res = await offer(investor.client, {
      name: ' ',
      phone: '0612345678',
      reasons: { wantsOffer: false },
      message: 'قصيرة',
      amount: -5,
      email: 'x@',
      code: '12a4',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      name: 'هذا الحقل مطلوب',
      phone: 'رقم الجوال يجب أن يكون سعوديًا مثل 9665XXXXXXXX',
      reasons: 'اختر سببًا واحدًا على الأقل',
      message: 'الرسالة يجب ألا تقل عن 10 أحرف',
      amount: 'يجب أن تكون القيمة أكبر من صفر',
      email: 'البريد الإلكتروني غير صالح',
      code: 'الرمز يتكون من 4 أرقام',
    });
    const sneaky = await offer(investor.client, {
      ...details,
      email: freshEmail(),
      code: '1234',
      status: 'accepted',
    });
    expect(sneaky.statusCode).toBe(400);
    expect(sneaky.json().fields).toHaveProperty('status');
  });
});
