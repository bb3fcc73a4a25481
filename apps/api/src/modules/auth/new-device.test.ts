import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { knownDevices } from '../../db/schema/known-devices';
import { createTestApp, TestClient, type TestApp } from '../../test/test-app';
import { createUser, TEST_PASSWORD } from '../../test/factories';
import { linkIn, mailsTo, type CaughtMail } from '../../test/users';
import { DEVICE_COOKIE } from './known-devices';

let t: TestApp;
let client: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  client = new TestClient(t.app);
});
afterAll(async () => t.close());

const FIREFOX_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI_ON_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** Signs in as a browser does: with its device cookie when it has one; answers the cookie it keeps. */
async function signInFrom(
  email: string,
  browser: { device?: string; userAgent: string; ip: string },
): Promise<string> {
  const res = await client.request({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: TEST_PASSWORD, recaptchaToken: 'ok' },
    remoteAddress: browser.ip,
    headers: { 'user-agent': browser.userAgent, 'accept-language': 'en' },
    ...(browser.device ? { cookies: { [DEVICE_COOKIE]: browser.device } } : {}),
  });
  expect(res.statusCode).toBe(200);
  return res.cookies.find((c) => c.name === DEVICE_COOKIE)?.value ?? browser.device!;
}

const newDeviceMails = async (email: string): Promise<CaughtMail[]> =>
  (await mailsTo(t.app, email)).filter((mail) => /New sign-in|جهاز جديد/.test(mail.subject));

describe('new-device email', () => {
  it('is not sent for the account’s first device, nor for a device it knows', async () => {
    const user = await createUser(t.app, { language: 'en' });
    const laptop = await signInFrom(user.email, { userAgent: FIREFOX_ON_WINDOWS, ip: '203.0.113.20' });
    await signInFrom(user.email, { device: laptop, userAgent: FIREFOX_ON_WINDOWS, ip: '203.0.113.21' });
    expect(await newDeviceMails(user.email)).toHaveLength(0);
  });

  it('is sent once per new device, with device, time, address and a link to the Devices tab', async () => {
    const user = await createUser(t.app, { language: 'en' });
    await signInFrom(user.email, { userAgent: FIREFOX_ON_WINDOWS, ip: '203.0.113.30' });
    const phone = await signInFrom(user.email, { userAgent: SAFARI_ON_IPHONE, ip: '198.51.100.31' });
    await signInFrom(user.email, { device: phone, userAgent: SAFARI_ON_IPHONE, ip: '198.51.100.32' });
    const mails = await newDeviceMails(user.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.subject).toBe('New sign-in to your Safqa account');
    expect(mail!.text).toContain('Device: Safari on iPhone');
    expect(mail!.text).toContain('Address: 198.51.100.31');
    expect(mail!.text).toMatch(/Time: \d{1,2} [A-Z][a-z]+ \d{4} at \d{2}:\d{2} GMT\+3/);
    const link = linkIn(mail!, '/profile');
    expect(link.searchParams.get('tab')).toBe('devices');
    // A third browser is new again.
    await signInFrom(user.email, { userAgent: FIREFOX_ON_WINDOWS, ip: '198.51.100.33' });
    expect(await newDeviceMails(user.email)).toHaveLength(2);
  });

  it('is written in the user’s language, whatever the language of the sign-in request', async () => {
    const user = await createUser(t.app, { language: 'ar' });
    await signInFrom(user.email, { userAgent: FIREFOX_ON_WINDOWS, ip: '203.0.113.40' });
    await signInFrom(user.email, { userAgent: SAFARI_ON_IPHONE, ip: '203.0.113.41' });
    const [mail] = await newDeviceMails(user.email);
    expect(mail!.subject).toBe('تسجيل دخول من جهاز جديد إلى حسابك في صفقة');
    expect(mail!.text).toContain('الجهاز: Safari على iPhone');
    expect(mail!.text).toContain('العنوان: 203.0.113.41');
    expect(mail!.text).toMatch(/الوقت: \d{1,2} \S+ \d{4}/);
  });

  it('treats a device known to another account as new to this one', async () => {
    const mine = await createUser(t.app, { language: 'en' });
    const theirs = await createUser(t.app, { language: 'en' });
    await signInFrom(theirs.email, { userAgent: FIREFOX_ON_WINDOWS, ip: '203.0.113.50' });
    const shared = await signInFrom(mine.email, { userAgent: SAFARI_ON_IPHONE, ip: '203.0.113.51' });
    await signInFrom(theirs.email, { device: shared, userAgent: SAFARI_ON_IPHONE, ip: '203.0.113.51' });
    expect(await newDeviceMails(theirs.email)).toHaveLength(1);
    expect(await newDeviceMails(mine.email)).toHaveLength(0);
  });
});

describe('devices not seen for longer than their cookie lives', () => {
  it('are forgotten, so the next sign-in from one is announced again', async () => {
    const user = await createUser(t.app, { language: 'en' });
    const old = await signInFrom(user.email, { userAgent: FIREFOX_ON_WINDOWS, ip: '203.0.113.60' });
    await t.app.db
      .update(knownDevices)
      .set({ lastSeenAt: new Date(Date.now() - 401 * 24 * 60 * 60 * 1000) })
      .where(eq(knownDevices.userId, user.id));
    await signInFrom(user.email, { userAgent: SAFARI_ON_IPHONE, ip: '203.0.113.61' });
    expect(await newDeviceMails(user.email)).toHaveLength(1);
    await signInFrom(user.email, { device: old, userAgent: FIREFOX_ON_WINDOWS, ip: '203.0.113.60' });
    expect(await newDeviceMails(user.email)).toHaveLength(2);
  });
});
