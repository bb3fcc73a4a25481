import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { contactMessages } from '../../db/schema/content';
import { mailOutbox } from '../../db/schema/mail';
import { createUser } from '../../test/factories';
import { createTestApp, TestClient, type TestApp } from '../../test/test-app';

const valid = {
  name: 'سارة العتيبي',
  email: 'Sara@Example.com',
  message: '  أرغب في الاستفسار عن بيع متجري.  ',
};

describe('POST /api/contact (recipients: admin accounts)', () => {
  let t: TestApp;
  let client: TestClient;
  beforeAll(async () => {
    t = await createTestApp();
    client = new TestClient(t.app);
    await createUser(t.app, {
      username: 'admin-ar',
      email: 'admin-ar@safqa.test',
      role: 'admin',
      language: 'ar',
      verified: false,
    });
    await createUser(t.app, { username: 'owner', email: 'owner@safqa.test', verified: false });
    await createUser(t.app, {
      username: 'admin-en',
      email: 'admin-en@safqa.test',
      role: 'admin',
      language: 'en',
      verified: false,
    });
  });
  afterAll(async () => t.close());
  beforeEach(async () => {
    await t.app.db.delete(contactMessages);
    await t.app.db.delete(mailOutbox);
  });

  it('stores the message with the request language and queues an email to every admin', async () => {
    const res = await client.post('/api/contact', valid);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: 'تم إرسال رسالتك بنجاح، وسنتواصل معك قريبًا.' });

    const stored = await t.app.db.select().from(contactMessages);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      name: 'سارة العتيبي',
      email: 'sara@example.com',
      message: 'أرغب في الاستفسار عن بيع متجري.',
      language: 'ar',
    });

    const mails = await t.app.db.select().from(mailOutbox).orderBy(mailOutbox.to);
    expect(mails.map((m) => [m.to, m.replyTo, m.status])).toEqual([
      ['admin-ar@safqa.test', 'sara@example.com', 'pending'],
      ['admin-en@safqa.test', 'sara@example.com', 'pending'],
    ]);
    const [arabic, english] = mails;
    expect(arabic?.subject).toBe('رسالة تواصل جديدة من سارة العتيبي');
    expect(arabic?.html).toContain('dir="rtl"');
    expect(arabic?.text).toContain('لغة المرسل: العربية');
    expect(arabic?.text).toContain('أرغب في الاستفسار عن بيع متجري.');
    expect(english?.subject).toBe('New contact message from سارة العتيبي');
    expect(english?.html).toContain('dir="ltr"');
    expect(english?.text).toContain("Sender's language: Arabic");
  });

  it('answers in English and records English as the language when asked in English', async () => {
    const res = await client.post('/api/contact', valid, {
      headers: { 'accept-language': 'en-US,en;q=0.9' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: 'Your message has been sent. We will get back to you soon.' });
    const [stored] = await t.app.db.select().from(contactMessages);
    expect(stored?.language).toBe('en');
  });

  it('keeps a script in the text verbatim but escapes it in the HTML email', async () => {
    const hostile = {
      name: '<img src=x onerror=alert(1)>',
      email: 'evil@example.com',
      message: '<script>alert("x")</script>\nthanks',
    };
    expect((await client.post('/api/contact', hostile)).statusCode).toBe(201);
    const [stored] = await t.app.db.select().from(contactMessages);
    expect(stored?.message).toBe('<script>alert("x")</script>\nthanks');
    expect(stored?.name).toBe('<img src=x onerror=alert(1)>');
    const mails = await t.app.db.select().from(mailOutbox);
    expect(mails).toHaveLength(2);
    for (const mail of mails) {
      expect(mail.html).not.toContain('<script>');
      expect(mail.html).not.toContain('<img');
      expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;<br>thanks');
      expect(mail.text).toContain('<script>alert("x")</script>\nthanks');
    }
  });

  it('answers 400 with fields for empty or invalid values, and stores nothing', async () => {
    const cases: [unknown, string[]][] = [
      [{ name: '   ', email: 'not-an-email', message: '' }, ['email', 'message', 'name']],
      [{}, ['email', 'message', 'name']],
      [{ ...valid, name: 'n'.repeat(101) }, ['name']],
      [{ ...valid, message: 'm'.repeat(5001) }, ['message']],
      [{ ...valid, email: 'a b@example.com' }, ['email']],
      [{ ...valid, name: 42 }, ['name']],
    ];
    for (const [body, fields] of cases) {
      const res = await client.post('/api/contact', body, { headers: { 'accept-language': 'en' } });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      expect(Object.keys(res.json().fields).sort()).toEqual(fields);
    }
    const empty = await client.post('/api/contact', { ...valid, message: '  ' });
    expect(empty.json().fields).toEqual({ message: 'هذا الحقل مطلوب' });
    expect(await t.app.db.select().from(contactMessages)).toHaveLength(0);
    expect(await t.app.db.select().from(mailOutbox)).toHaveLength(0);
  });

  // sqlmap found this: the form rule let the address through and the mailer then refused it (500).
  it('answers 400 for a reply address with quotes or angle brackets, and stores nothing', async () => {
    const res = await client.post('/api/contact', { ...valid, email: 'sara@example.com\'"<x>' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields)).toEqual(['email']);
    expect(await t.app.db.select().from(contactMessages)).toHaveLength(0);
  });

  it('accepts the longest allowed values', async () => {
    const res = await client.post('/api/contact', {
      ...valid,
      name: 'n'.repeat(100),
      message: 'm'.repeat(5000),
    });
    expect(res.statusCode).toBe(201);
  });

  it('answers 400 for unknown fields and for bodies that are not an object', async () => {
    const extra = await client.post(
      '/api/contact',
      { ...valid, isAdmin: true },
      { headers: { 'accept-language': 'en' } },
    );
    expect(extra.statusCode).toBe(400);
    expect(extra.json().fields).toEqual({ isAdmin: 'Field not allowed' });
    for (const body of [[valid], 'hello', null]) {
      const res = await client.post('/api/contact', JSON.stringify(body), {
        headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    const broken = await client.post('/api/contact', '{"name": ', {
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.statusCode).toBe(400);
    expect(await t.app.db.select().from(contactMessages)).toHaveLength(0);
  });

  it('needs the CSRF header like every unsafe call', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/contact', payload: valid });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('CSRF_FAILED');
  });
});

describe('POST /api/contact with CONTACT_EMAIL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ CONTACT_EMAIL: 'team@safqa.test, sales@safqa.test' });
    await createUser(t.app, { username: 'admin', email: 'admin@safqa.test', role: 'admin', verified: false });
  });
  afterAll(async () => t.close());

  it('emails the configured addresses instead of the admins', async () => {
    const res = await new TestClient(t.app).post('/api/contact', valid);
    expect(res.statusCode).toBe(201);
    const mails = await t.app.db.select().from(mailOutbox).orderBy(mailOutbox.id);
    expect(mails.map((m) => m.to)).toEqual(['team@safqa.test', 'sales@safqa.test']);
  });
});

describe('POST /api/contact with nobody to tell', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('still stores the message for the admin panel', async () => {
    const res = await new TestClient(t.app).post('/api/contact', valid);
    expect(res.statusCode).toBe(201);
    expect(await t.app.db.select().from(contactMessages)).toHaveLength(1);
    expect(await t.app.db.select().from(mailOutbox)).toHaveLength(0);
  });
});
