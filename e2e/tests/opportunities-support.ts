import { crc32, deflateSync } from 'node:zlib';
import {
  expect,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';

/**
 * Helpers of the opportunities e2e specs: API sign-up and sign-in as the web app does them (CSRF
 * header, human check solved like the ALTCHA widget), files built in memory, and axe.
 */

export const ADMIN = {
  email: process.env.E2E_ADMIN_EMAIL ?? 'admin@e2e.safqa.test',
  password: process.env.E2E_ADMIN_PASSWORD ?? 'E2e-Admin-Passw0rd!',
};

async function csrf(request: APIRequestContext): Promise<Record<string, string>> {
  let cookie = (await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN');
  if (!cookie) {
    await request.get('/api/health');
    cookie = (await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN');
  }
  if (!cookie) throw new Error('GET /api/health did not set XSRF-TOKEN');
  return { 'x-xsrf-token': cookie.value };
}

export async function post(request: APIRequestContext, url: string, data: unknown, token?: string) {
  const headers = { ...(await csrf(request)), ...(token ? { authorization: `Bearer ${token}` } : {}) };
  return request.post(url, { data, headers });
}

/** The human check's answer, computed like the widget does (any non-empty token passes with CAPTCHA_PROVIDER=off). */
async function humanCheck(request: APIRequestContext): Promise<string> {
  const response = await request.get('/api/captcha/challenge');
  expect(response.ok(), 'GET /api/captcha/challenge').toBe(true);
  const challenge = (await response.json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 60_000 });
  if (!solution) throw new Error('could not solve the human check');
  return Buffer.from(
    JSON.stringify({
      challenge: { parameters: challenge.parameters, signature: challenge.signature },
      solution,
    }),
  ).toString('base64');
}

export interface Session {
  accessToken: string;
  refreshToken: string;
}

export async function login(request: APIRequestContext, email: string, password: string): Promise<Session> {
  const response = await post(request, '/api/auth/login', {
    email,
    password,
    recaptchaToken: await humanCheck(request),
  });
  expect(response.status(), `login ${email}`).toBe(200);
  const body = (await response.json()) as Session;
  return { accessToken: body.accessToken, refreshToken: body.refreshToken };
}

/** A new owner account, verified through the link in its email (development mail catcher). */
export async function registerOwner(request: APIRequestContext, label: string, username = `owner-${label}`) {
  const email = `e2e-opp-${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`;
  const password = 'E2e-Owner-Passw0rd!';
  const signup = await post(request, '/api/auth/signup', {
    username,
    email,
    password,
    role: 'owner',
    recaptchaToken: await humanCheck(request),
  });
  expect(signup.status(), 'signup').toBe(201);
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const mail = (await (await request.get(`/api/dev/mail?to=${encodeURIComponent(email)}`)).json()) as {
          messages: Array<{ text: string }>;
        };
        link = mail.messages.flatMap((m) => m.text.match(/https?:\/\/\S+verify-email\S+/g) ?? [])[0];
        return Boolean(link);
      },
      { message: 'the verification email' },
    )
    .toBe(true);
  const verify = new URL(link!);
  const verified = await request.get(`/api/auth/verify-email${verify.search}`);
  expect(verified.status(), 'verify email').toBe(200);
  return { email, password, session: await login(request, email, password) };
}

/** The data room specs' listing, a sale with figures, named by `stamp`; as the API takes it. */
export function harbourBakery(stamp: string) {
  return {
    name: `Harbour Bakery ${stamp}`,
    nameAr: `مخبز الميناء ${stamp}`,
    type: 'buy',
    description: 'A Riyadh bakery with wholesale contracts for three hotels and a busy counter.',
    descriptionAr: 'مخبز في الرياض لديه عقود توريد مع ثلاثة فنادق وزبائن يوميون.',
    businessTypeId: 8,
    regionId: 1,
    cityId: 1,
    offeredPercentage: 100,
    requiredAmount: 1_200_000,
    negotiable: false,
    waitForHighestOffer: false,
    ebitda: 260_000,
    yearlySales: 1_900_000,
    yearlyOperationalCost: 1_400_000,
    expectedYearProfitPercentage: 14,
    facilitySize: 14,
    facilityFoundationDay: '2016-09-01',
    contactPhone: '0551234567',
    images: [],
    documents: [],
    logo: null,
  };
}

/** Creates `listing` as its owner through the API and has an admin approve it; answers its id. */
export async function publishListing(
  request: APIRequestContext,
  listing: object,
  ownerToken: string,
  adminToken: string,
) {
  const created = await post(request, '/api/opportunities', listing, ownerToken);
  expect(created.status(), `create the listing through the API: ${await created.text()}`).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const approved = await post(request, `/api/admin/opportunities/${id}/approve`, {}, adminToken);
  expect(approved.status(), 'approve through the admin API').toBe(200);
  return id;
}

/** Signs the browser in (the web app reads the tokens from localStorage) and sets the language. */
export async function useSession(context: BrowserContext, session: Session | null, language: 'ar' | 'en') {
  // What a returning visitor's browser holds: public/boot.js keeps these cookies equal to the stored
  // language and session, so the server renders the first page as it will look after hydration.
  await context.addCookies(
    [{ name: 'lang', value: language }, ...(session ? [{ name: 'signed_in', value: '1' }] : [])].map(
      (cookie) => ({ ...cookie, url: process.env.E2E_BASE_URL! }),
    ),
  );
  await context.addInitScript(
    ([tokens, lng]) => {
      localStorage.setItem('language', lng);
      if (tokens) {
        localStorage.setItem('token', tokens.accessToken);
        localStorage.setItem('refreshToken', tokens.refreshToken);
      } else {
        localStorage.removeItem('token');
        localStorage.removeItem('refreshToken');
      }
    },
    [session, language] as const,
  );
}

/**
 * A browser context of its own, signed in (API.md "Browser storage keys") and in `language`, with the
 * language cookie a returning browser holds. Stored once, not on every page load as `useSession`
 * does, so a session the app refreshes or ends in the browser stays so.
 */
export async function signedIn(
  browser: Browser,
  baseURL: string,
  session: Session,
  language: 'ar' | 'en',
  options: BrowserContextOptions = {},
) {
  const { hostname, origin } = new URL(baseURL);
  const context = await browser.newContext({
    ...options,
    storageState: {
      cookies: [
        {
          name: 'lang',
          value: language,
          domain: hostname,
          path: '/',
          expires: -1,
          httpOnly: false,
          secure: false,
          sameSite: 'Lax',
        },
      ],
      origins: [
        {
          origin,
          localStorage: [
            { name: 'language', value: language },
            { name: 'token', value: session.accessToken },
            { name: 'refreshToken', value: session.refreshToken },
          ],
        },
      ],
    },
  });
  return { context, page: await context.newPage() };
}

/** A real PNG of one colour (the server decides image types by content). */
export function png(width: number, height: number, rgb: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A minimal valid one-page PDF. */
export function pdf(text: string): Buffer {
  const stream = `BT /F1 12 Tf 10 100 Td (${text}) Tj ET`;
  return Buffer.from(
    `%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R >> endobj\n4 0 obj << /Length ${stream.length} >> stream\n${stream}\nendstream endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
    'latin1',
  );
}

/** Drops a file on an element the way a browser does (a DataTransfer with the file). */
export async function dropFile(
  page: Page,
  selector: string,
  file: { name: string; mimeType: string; buffer: Buffer },
) {
  const dataTransfer = await page.evaluateHandle(
    ({ name, mimeType, base64 }) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([bytes], name, { type: mimeType }));
      return transfer;
    },
    { name: file.name, mimeType: file.mimeType, base64: file.buffer.toString('base64') },
  );
  await page.dispatchEvent(selector, 'dragenter', { dataTransfer });
  await page.dispatchEvent(selector, 'drop', { dataTransfer });
}

/** axe-core, WCAG 2.0 A/AA and 2.1 AA, on the page as it is. */
export async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
  expect(
    violations.map((v) => `${v.id}: ${v.help} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    `axe on ${page.url()}`,
  ).toEqual([]);
}
