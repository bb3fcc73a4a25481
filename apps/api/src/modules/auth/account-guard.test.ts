import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, TestClient, type TestApp } from '../../test/test-app';
import { createUser, TEST_PASSWORD, uniqueEmail } from '../../test/factories';
import { mailsTo } from '../../test/users';
import { DEVICE_COOKIE } from './known-devices';

/**
 * API.md "Account security": failed sign-ins counted per account whatever the address, a growing
 * wait past 10 in 15 minutes, the owner emailed once per burst, known devices never held. The clock
 * is Date only (vi.setSystemTime), so waits are moved past, never slept.
 */
let t: TestApp;
let client: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  client = new TestClient(t.app);
});
afterAll(async () => t.close());
afterEach(() => {
  vi.useRealTimers();
});

let nextAddress = 1;
/** A fresh address per call site, so the per-address limits never decide a test here. */
const address = () => `198.18.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`;

function login(email: string, password: string, options: { ip?: string; device?: string } = {}) {
  return client.request({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password, recaptchaToken: 'ok' },
    remoteAddress: options.ip ?? address(),
    headers: { 'accept-language': 'en' },
    ...(options.device ? { cookies: { [DEVICE_COOKIE]: options.device } } : {}),
  });
}

/** Signs in once, and answers the device token the browser was given: from now on a known device. */
async function knownDevice(email: string): Promise<string> {
  const res = await login(email, TEST_PASSWORD);
  expect(res.statusCode).toBe(200);
  const cookie = res.cookies.find((c) => c.name === DEVICE_COOKIE);
  expect(cookie).toBeDefined();
  return cookie!.value;
}

async function fail(email: string, times: number, options: { ip?: string; device?: string } = {}) {
  for (let i = 0; i < times; i++) {
    const res = await login(email, `Wrong!Pass${i}`, options);
    expect(res.statusCode).toBe(401);
  }
}

function freezeClock() {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date());
}
const advance = (seconds: number) => vi.setSystemTime(new Date(Date.now() + seconds * 1000));

const alertsTo = async (email: string) =>
  (await mailsTo(t.app, email)).filter((mail) => /failed sign-ins|محاولات دخول فاشلة/.test(mail.subject));

describe('failed sign-ins per account', () => {
  it('adds up failures from three addresses: the 11th try waits, even with the right password', async () => {
    freezeClock();
    const user = await createUser(t.app);
    await fail(user.email, 4, { ip: '203.0.113.1' });
    await fail(user.email, 3, { ip: '203.0.113.2' });
    await fail(user.email, 3, { ip: '203.0.113.3' });
    for (const password of ['Wrong!Pass99', TEST_PASSWORD]) {
      const held = await login(user.email, password, { ip: '203.0.113.4' });
      expect(held.statusCode).toBe(429);
      expect(held.json().code).toBe('RATE_LIMITED');
      expect(held.headers['retry-after']).toBe('1');
    }
    advance(1);
    expect((await login(user.email, TEST_PASSWORD, { ip: '203.0.113.4' })).statusCode).toBe(200);
  });

  it('makes each further try wait twice as long, at most 60 s, and a try during the wait extends nothing', async () => {
    freezeClock();
    const user = await createUser(t.app);
    await fail(user.email, 10);
    const waits: number[] = [];
    for (let i = 0; i < 9; i++) {
      const held = await login(user.email, 'Wrong!Pass1');
      expect(held.statusCode).toBe(429);
      const wait = Number(held.headers['retry-after']);
      // The body says it too, for the login form's "wait N seconds".
      expect(held.json()).toMatchObject({ code: 'RATE_LIMITED', retryAfter: wait });
      waits.push(wait);
      advance(wait - 1);
      // Still waiting one second before the end, and asking again changes nothing.
      expect((await login(user.email, 'Wrong!Pass1')).headers['retry-after']).toBe('1');
      advance(1);
      expect((await login(user.email, 'Wrong!Pass1')).statusCode).toBe(401);
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 60, 60, 60]);
  });

  it('holds an email with no account exactly as one with an account', async () => {
    freezeClock();
    const ghost = uniqueEmail('ghost');
    await fail(ghost, 10);
    const held = await login(ghost, 'Wrong!Pass1');
    expect(held.statusCode).toBe(429);
    expect(held.headers['retry-after']).toBe('1');
  });

  it('forgets failures older than 15 minutes', async () => {
    freezeClock();
    const user = await createUser(t.app);
    await fail(user.email, 10);
    advance(15 * 60 + 1);
    await fail(user.email, 9);
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(200);
  });
});

describe('known devices during the wait', () => {
  it('lets the right password in from a known device, not from an unknown one', async () => {
    freezeClock();
    const user = await createUser(t.app);
    const device = await knownDevice(user.email);
    await fail(user.email, 10);
    // The attacker keeps at it, each time the wait is over: by now every try waits a minute.
    for (let i = 0; i < 6; i++) {
      advance(60);
      await fail(user.email, 1);
    }
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(429);
    // A copied user agent is no device: only the cookie this account gave is.
    expect((await login(user.email, TEST_PASSWORD, { device: 'x'.repeat(43) })).statusCode).toBe(429);
    const owner = await login(user.email, TEST_PASSWORD, { device });
    expect(owner.statusCode).toBe(200);
    expect(owner.json().user.id).toBe(user.id);
  });

  it('does not open the wait for another account with one account’s device cookie', async () => {
    freezeClock();
    const mine = await createUser(t.app);
    const victim = await createUser(t.app);
    const device = await knownDevice(mine.email);
    await fail(victim.email, 10);
    expect((await login(victim.email, TEST_PASSWORD, { device })).statusCode).toBe(429);
  });

  it('takes the pass away from a known device after 3 wrong passwords in the window', async () => {
    freezeClock();
    const user = await createUser(t.app);
    const device = await knownDevice(user.email);
    await fail(user.email, 10);
    await fail(user.email, 3, { device });
    const held = await login(user.email, TEST_PASSWORD, { device });
    expect(held.statusCode).toBe(429);
  });
});

describe('the owner’s alert', () => {
  it('emails the owner once per burst, in their language', async () => {
    freezeClock();
    const user = await createUser(t.app, { language: 'en' });
    await fail(user.email, 9);
    expect(await alertsTo(user.email)).toHaveLength(0);
    await fail(user.email, 1);
    const [alert] = await alertsTo(user.email);
    expect(alert!.subject).toBe('Repeated failed sign-ins to your Safqa account');
    expect(alert!.text).toContain('/profile?tab=devices');
    for (const wait of [1, 2, 4]) {
      advance(wait);
      await fail(user.email, 1);
    }
    expect(await alertsTo(user.email)).toHaveLength(1);
    // A quiet window ends the burst; the next one is told again.
    advance(15 * 60 + 1);
    await fail(user.email, 10);
    expect(await alertsTo(user.email)).toHaveLength(2);
  });

  it('writes to an Arabic-speaking owner in Arabic', async () => {
    freezeClock();
    const user = await createUser(t.app, { language: 'ar' });
    await fail(user.email, 10);
    const [alert] = await alertsTo(user.email);
    expect(alert!.subject).toBe('محاولات دخول فاشلة متكررة إلى حسابك في صفقة');
  });
});

describe('a second process', () => {
  it('sees the failures counted by the first, and holds the next try', async () => {
    freezeClock();
    const second = await createTestApp({}, {}, { database: t.database });
    try {
      const other = new TestClient(second.app);
      const user = await createUser(t.app);
      await fail(user.email, 10);
      const held = await other.post(
        '/api/auth/login',
        { email: user.email, password: TEST_PASSWORD, recaptchaToken: 'ok' },
        { remoteAddress: address() },
      );
      expect(held.statusCode).toBe(429);
      expect(held.headers['retry-after']).toBe('1');
    } finally {
      await second.close();
    }
  });
});
