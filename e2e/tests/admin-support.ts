import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { csrfHeaders } from '../support/api';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/env';
import type { Language } from '../support/fixtures';
import { solveHumanCheck } from '../support/human-check';
import { text } from '../support/locales';
import { post, registerOwner, type Session } from './opportunities-support';

/**
 * Helpers of admin-panel.spec.ts: UI texts with their {{placeholders}} filled, an owner with two
 * pending listings of its own (API set-up), the admin's sign-in through the login page, and calls
 * made with the admin's browser session (clean-up).
 */

/** A text of apps/web/src/locales/<language>/<area>.json with its {{name}} placeholders filled. */
export function ui(language: Language, key: string, values: Record<string, string | number> = {}): string {
  return text(language, key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    if (!(name in values)) throw new Error(`no value for {{${name}}} of ${key}`);
    return String(values[name]);
  });
}

export function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Latin letters and digits only: one search word, unique per run and language. */
export function uniqueStamp(language: Language): string {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}${language}`;
}

export interface Listing {
  id: number;
  name: string;
  nameAr: string;
  /** A word that only this listing's names contain (text search). */
  word: string;
}

/** The listing's name as the admin screens and search cards show it in `language`. */
export function nameIn(listing: Listing, language: Language): string {
  return language === 'en' ? listing.name : listing.nameAr;
}

export interface Owner {
  email: string;
  session: Session;
  toReject: Listing;
  toApprove: Listing;
}

function auth(session: Session | string) {
  return { authorization: `Bearer ${typeof session === 'string' ? session : session.accessToken}` };
}

async function createListing(request: APIRequestContext, session: Session, word: string, cityId: number) {
  const listing = {
    name: `Oasis Laundry ${word}`,
    nameAr: `مغسلة الواحة ${word}`,
    type: 'invest',
    description: 'A laundry with two shops and a delivery van, run by its founder for six years.',
    descriptionAr: 'مغسلة لها فرعان وسيارة توصيل، يديرها مؤسسها منذ ست سنوات.',
    businessTypeId: 8,
    regionId: 1,
    cityId,
    facilitySize: 9,
    facilityFoundationDay: '2019-04-01',
    offeredPercentage: 20,
    requiredAmount: 350_000,
    negotiable: true,
    waitForHighestOffer: false,
    ebitda: 120_000,
    yearlySales: 800_000,
    yearlyOperationalCost: 680_000,
    expectedYearProfitPercentage: 15,
    contactPhone: '966551234567',
  };
  const response = await post(request, '/api/opportunities', listing, session.accessToken);
  expect(response.status(), `POST /api/opportunities ${word}`).toBe(201);
  const body = (await response.json()) as { id: number; status: string };
  expect(body.status).toBe('pending');
  return { id: body.id, name: listing.name, nameAr: listing.nameAr, word };
}

/**
 * A new verified owner who reads email in `language`, with two pending listings: one for the admin
 * to reject, one to approve. Their names carry words of their own, so search and the moderation
 * queue can tell them from every other test's.
 */
export async function ownerWithPendingListings(
  request: APIRequestContext,
  language: Language,
): Promise<Owner> {
  const { email, session } = await registerOwner(request, `admin-${language}`);
  const profile = await request.patch('/api/users/me', {
    data: { language },
    headers: { ...(await csrfHeaders(request)), ...auth(session) },
  });
  expect(profile.status(), 'PATCH /api/users/me language').toBe(200);

  const cities = await request.get('/api/admin/lookups/cities?regionId=1');
  expect(cities.status()).toBe(200);
  const cityId = ((await cities.json()) as { data: { id: number }[] }).data[0]!.id;

  const stamp = uniqueStamp(language);
  const toReject = await createListing(request, session, `zr${stamp}`, cityId);
  const toApprove = await createListing(request, session, `za${stamp}`, cityId);
  return { email, session, toReject, toApprove };
}

/** Signs the admin in through the login page, human check included, like a person does. */
export async function signInAsAdmin(page: Page, language: Language): Promise<void> {
  await page.goto('/login');
  await page.getByLabel(text(language, 'auth.shared.email')).fill(ADMIN_EMAIL);
  await page.getByLabel(text(language, 'auth.shared.password'), { exact: true }).fill(ADMIN_PASSWORD);
  await solveHumanCheck(page);
  await page.getByRole('button', { name: text(language, 'auth.login.submit'), exact: true }).click();
}

/** The access token the web app keeps for the signed-in user (API.md "Browser storage keys"). */
export async function sessionToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  if (!token) throw new Error('no access token in localStorage');
  return token;
}

/** DELETE with the CSRF header and a bearer token (clean-up of what a test added to shared lists). */
export async function apiDelete(request: APIRequestContext, url: string, token: string) {
  return request.delete(url, { headers: { ...(await csrfHeaders(request)), ...auth(token) } });
}

export { auth };
