import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema/mail';
import { renderEmail } from '../../mail/render-email';
import { createTestApp, type TestApp } from '../../test/test-app';

describe('GET /api/dev/mail (MAIL_TRANSPORT=outbox)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('lists outbox messages newest first, whatever their delivery state, filtered by recipient', async () => {
    // The outbox this test reads starts empty, whichever test filled it before (the tests run shuffled).
    await t.app.db.delete(mailOutbox);
    const empty = await t.app.inject({ method: 'GET', url: '/api/dev/mail' });
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ messages: [] });

    const content = renderEmail({ lang: 'ar', subject: 'رمز العرض', heading: 'رمزك', paragraphs: ['1234'] });
    const first = await t.app.mailer.enqueue({ to: 'Buyer@Example.com', ...content });
    await t.app.mailer.processDue();
    const second = await t.app.mailer.enqueue({ to: 'owner@example.com', ...content, subject: 'Second' });
    const third = await t.app.mailer.enqueue({ to: 'buyer@example.com', ...content, subject: 'Third' });
    // Make the order by time unambiguous (rows inserted in one millisecond share it).
    await t.app.db.execute(
      sql`UPDATE mail_outbox SET created_at = created_at - make_interval(secs => 10 * (10000 - id))`,
    );

    const all = await t.app.inject({ method: 'GET', url: '/api/dev/mail' });
    expect(all.headers['cache-control']).toBe('no-store');
    const messages = all.json().messages;
    expect(messages.map((m: { id: number }) => m.id)).toEqual([third, second, first]);
    expect(messages[2]).toEqual({
      id: first,
      to: 'Buyer@Example.com',
      subject: 'رمز العرض',
      text: content.text,
      html: content.html,
      headers: {},
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });

    const buyer = await t.app.inject({
      method: 'GET',
      url: `/api/dev/mail?to=${encodeURIComponent(' buyer@example.com ')}`,
    });
    expect(buyer.json().messages.map((m: { id: number }) => m.id)).toEqual([third, first]);
    const nobody = await t.app.inject({ method: 'GET', url: '/api/dev/mail?to=nobody@example.com' });
    expect(nobody.json()).toEqual({ messages: [] });
  });

  it('lists at most 100 messages', async () => {
    await t.app.db.insert(mailOutbox).values(
      Array.from({ length: 105 }, (_, i) => ({
        to: 'bulk@example.com',
        subject: `s${i}`,
        text: 't',
        html: 'h',
      })),
    );
    const res = await t.app.inject({ method: 'GET', url: '/api/dev/mail?to=bulk@example.com' });
    expect(res.json().messages).toHaveLength(100);
  });

  it('answers 400 for unknown query parameters', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/dev/mail?status=sent',
      headers: { 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Some fields are invalid',
      fields: { status: 'Field not allowed' },
    });
  });
});

describe('GET /api/dev/mail elsewhere', () => {
  it('answers 404 NOT_FOUND when mail really leaves the machine', async () => {
    const t = await createTestApp({ MAIL_TRANSPORT: 'smtp', SMTP_HOST: '127.0.0.1', SMTP_PORT: '2529' });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/dev/mail' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'غير موجود' });
    } finally {
      await t.close();
    }
  });

  it('answers 404 NOT_FOUND in production', async () => {
    const t = await createTestApp({
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(40),
      ALTCHA_HMAC_KEY: 'y'.repeat(40),
      PUBLIC_URL: 'https://safqa.example',
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: '2529',
      SEED_DEMO: 'false',
      CAPTCHA_PROVIDER: 'altcha',
      MAIL_TRANSPORT: '',
    });
    try {
      expect(t.config.mailTransport).toBe('smtp');
      const res = await t.app.inject({ method: 'GET', url: '/api/dev/mail?to=a@example.com' });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    } finally {
      await t.close();
    }
  });
});
