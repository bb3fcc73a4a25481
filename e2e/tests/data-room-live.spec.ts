import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/env';
import { expect, test, waitForApp } from '../support/fixtures';
import { text } from '../support/locales';
import {
  harbourBakery,
  login,
  pdf,
  post,
  publishListing,
  registerOwner,
  signedIn,
} from './opportunities-support';

/**
 * Issue 22, items 2 and 3, on a phone (375 px) in Arabic and English: the owner adds a confidential
 * document to a live listing from the data room card and the listing stays live; an edit sends a
 * listing back to review and its bookmarker still sees it, marked "under review", page and Favorites.
 */

const PHONE = { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true };
const SHOTS = process.env.E2E_SHOTS_DIR;

/** The listing as an anonymous visitor gets it from the API: its HTTP status and `status`. */
async function publicState(request: APIRequestContext, id: number) {
  const res = await request.get(`/api/opportunities/${id}`, { headers: { authorization: '' } });
  return { http: res.status(), status: res.ok() ? ((await res.json()) as { status: string }).status : null };
}

async function put(request: APIRequestContext, url: string, data: unknown, token: string) {
  await request.get('/api/health');
  const cookie = (await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN');
  return request.put(url, {
    data,
    headers: { 'x-xsrf-token': cookie!.value, authorization: `Bearer ${token}` },
  });
}

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** With E2E_SHOTS_DIR set, a picture of the changed screen (or just `part` of it) to look at. */
async function shot(page: Page, name: string, part?: Locator) {
  if (!SHOTS) return;
  if (part) await part.screenshot({ path: `${SHOTS}/${name}.png` });
  else await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

for (const language of ['ar', 'en'] as const) {
  test.describe(`a live listing's data room and its review (${language}, 375 px)`, () => {
    test.describe.configure({ timeout: 180_000 });
    const t = (key: string) => text(language, key);

    test('a confidential document added from the data room card leaves the listing live', async ({
      browser,
      request,
      baseURL,
    }) => {
      const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
      const owner = await registerOwner(request, `live-owner-${language}`, `Owner ${stamp}`);
      const admin = await login(request, ADMIN_EMAIL, ADMIN_PASSWORD);
      const id = await publishListing(
        request,
        harbourBakery(stamp),
        owner.session.accessToken,
        admin.accessToken,
      );
      const { context, page } = await signedIn(browser, baseURL!, owner.session, language, PHONE);
      try {
        await page.goto(`/opportunities/${id}`);
        await waitForApp(page);
        const room = page.getByRole('region', { name: t('data-room.owner.title') });
        const documents = room.getByRole('region', { name: t('data-room.confidential.title') });
        await expect(documents.getByText(t('data-room.confidential.empty'))).toBeVisible();
        await documents.getByLabel(t('data-room.confidential.file'), { exact: true }).setInputFiles({
          name: 'payroll.pdf',
          mimeType: 'application/pdf',
          buffer: pdf('Payroll 2025 confidential'),
        });
        const name = language === 'ar' ? 'كشف الرواتب 2025' : 'Payroll 2025';
        await documents.getByLabel(t('data-room.confidential.name'), { exact: true }).fill(name);
        await documents.getByRole('button', { name: t('data-room.confidential.add'), exact: true }).click();
        const list = documents.getByRole('list', { name: t('data-room.confidential.title') });
        await expect(list.getByText(name)).toBeVisible();
        expect(await pageWidth(page)).toBeLessThanOrEqual(375);
        await shot(page, `data-room-added-${language}`, documents);

        // Still live: a visitor gets it, approved, and the owner's status panel does not say "under review".
        expect(await publicState(request, id)).toEqual({ http: 200, status: 'approved' });
        await page.reload();
        await waitForApp(page);
        await expect(list.getByText(name)).toBeVisible();
        await expect(page.getByText(t('opportunities.owner.statusHelp.pending'))).toHaveCount(0);

        await list
          .getByRole('button', { name: t('data-room.confidential.removeNamed').replace('{{name}}', name) })
          .click();
        await expect(documents.getByText(t('data-room.confidential.empty'))).toBeVisible();
        expect(await publicState(request, id)).toEqual({ http: 200, status: 'approved' });
      } finally {
        await context.close();
      }
    });

    test('a listing under review shows "under review" to its bookmarker, and stays hidden from others', async ({
      browser,
      request,
      baseURL,
    }) => {
      const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
      const owner = await registerOwner(request, `review-owner-${language}`, `Owner ${stamp}`);
      const investor = await registerOwner(request, `review-investor-${language}`, `Fund ${stamp}`);
      const admin = await login(request, ADMIN_EMAIL, ADMIN_PASSWORD);
      const input = harbourBakery(stamp);
      const id = await publishListing(request, input, owner.session.accessToken, admin.accessToken);
      expect(
        (await post(request, `/api/favorites/${id}`, undefined, investor.session.accessToken)).status(),
      ).toBe(204);
      const edited = await put(
        request,
        `/api/opportunities/${id}`,
        { ...input, requiredAmount: 1_100_000 },
        owner.session.accessToken,
      );
      expect(edited.status(), await edited.text()).toBe(200);
      expect(await publicState(request, id)).toEqual({ http: 404, status: null });

      const { context, page } = await signedIn(browser, baseURL!, investor.session, language, PHONE);
      try {
        await page.goto(`/opportunities/${id}`);
        await waitForApp(page);
        const title = language === 'ar' ? input.nameAr : input.name;
        await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
        const notice = page
          .getByRole('status')
          .filter({ hasText: t('opportunities.detail.underReviewBody') });
        await expect(notice.getByText(t('opportunities.detail.underReview'), { exact: true })).toBeVisible();
        expect(await pageWidth(page)).toBeLessThanOrEqual(375);
        await shot(page, `under-review-page-${language}`, notice);

        await page.goto('/favorites');
        await waitForApp(page);
        await expect(page.getByText(t('favorites.underReview'))).toBeVisible();
        await expect(page.getByText(title)).toBeVisible();
        await expect(page.getByText(t('favorites.emptyTitle'))).toHaveCount(0);
        expect(await pageWidth(page)).toBeLessThanOrEqual(375);
        await shot(page, `under-review-favorites-${language}`);
      } finally {
        await context.close();
      }

      const stranger = await signedIn(
        browser,
        baseURL!,
        (await registerOwner(request, `review-stranger-${language}`)).session,
        language,
        PHONE,
      );
      try {
        await stranger.page.goto(`/opportunities/${id}`);
        await waitForApp(stranger.page);
        await expect(stranger.page.getByText(t('opportunities.detail.notFound')).first()).toBeVisible();
      } finally {
        await stranger.context.close();
      }
    });
  });
}
