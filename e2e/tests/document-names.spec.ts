import type { APIRequestContext } from '@playwright/test';
import { expectNoA11yViolations } from '../support/axe';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/env';
import { expect, test, contextsClosedAfterEach, waitForApp, type Language } from '../support/fixtures';
import { glyphBoxes } from '../support/glyphs';
import { text } from '../support/locales';
import {
  harbourBakery,
  login,
  pdf,
  post,
  publishListing,
  registerOwner,
  signedIn,
  type Session,
} from './opportunities-support';

/**
 * A document named "القوائم المالية 2025.pdf" on a phone, in both languages ([polish-2]): the name
 * reads in its order (never "pdf.2025"), the investor's download is saved under that name (not the
 * uploaded file's), and once the owner revokes access the old link opened again shows a page that
 * says so, with a way back to the listing, instead of raw JSON.
 */

const GIVEN_NAME = 'القوائم المالية 2025.pdf';
const UPLOADED_AS = 'scan-0042.pdf';
const PHONE = { viewport: { width: 375, height: 800 }, isMobile: true, hasTouch: true };

async function xsrf(request: APIRequestContext) {
  await request.get('/api/health');
  return (await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')!.value;
}

/** A listing with one confidential PDF uploaded as UPLOADED_AS and named GIVEN_NAME, an approved investor. */
async function setUp(request: APIRequestContext, language: Language) {
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const owner = await registerOwner(request, `names-owner-${language}`, `names-owner-${stamp}`);
  const investor = await registerOwner(request, `names-investor-${language}`, `names-investor-${stamp}`);
  const admin = await login(request, ADMIN_EMAIL, ADMIN_PASSWORD);
  const uploaded = await request.post('/api/uploads/docs', {
    headers: { authorization: `Bearer ${owner.session.accessToken}`, 'x-xsrf-token': await xsrf(request) },
    multipart: { docs: { name: UPLOADED_AS, mimeType: 'application/pdf', buffer: pdf('Statements 2025') } },
  });
  expect(uploaded.status(), 'upload the PDF').toBe(201);
  const { url } = ((await uploaded.json()) as { files: { url: string }[] }).files[0]!;
  const listing = { ...harbourBakery(stamp), documents: [{ url, name: GIVEN_NAME, confidential: true }] };
  const id = await publishListing(request, listing, owner.session.accessToken, admin.accessToken);
  const asked = await post(
    request,
    `/api/opportunities/${id}/access-requests`,
    { message: 'We would like to read the financial statements.', acceptTerms: true },
    investor.session.accessToken,
  );
  expect(asked.status(), 'request access').toBe(201);
  const requestId = ((await asked.json()) as { request: { id: number } }).request.id;
  const decide = async (status: 'approved' | 'revoked') => {
    const res = await request.patch(`/api/access-requests/${requestId}`, {
      data: { status },
      headers: {
        authorization: `Bearer ${owner.session.accessToken}`,
        'x-xsrf-token': await xsrf(request),
      },
    });
    expect(res.status(), `${status} the request`).toBe(200);
  };
  await decide('approved');
  return {
    id,
    title: language === 'ar' ? listing.nameAr : listing.name,
    investor: investor.session as Session,
    revoke: () => decide('revoked'),
  };
}

for (const language of ['ar', 'en'] as const) {
  test.describe(`document names and links (${language})`, () => {
    test.use({ language });
    test.describe.configure({ timeout: 120_000 });
    const t = (key: string) => text(language, key);
    const contexts = contextsClosedAfterEach();

    test('the name reads in order, downloads under its name, and a revoked link says so with a way back', async ({
      browser,
      request,
      baseURL,
    }) => {
      const cast = await setUp(request, language);
      const { context, page } = await signedIn(browser, baseURL!, cast.investor, language, {
        ...PHONE,
        acceptDownloads: true,
      });
      contexts.push(context);

      await page.goto(`/opportunities/${cast.id}`);
      await waitForApp(page);
      await expect(page.getByRole('heading', { level: 1, name: cast.title })).toBeVisible();
      const name = page.getByText(GIVEN_NAME, { exact: true });
      await expect(name).toBeVisible();
      // The name is right-to-left whatever the page: its Arabic words on the right, then "2025.pdf"
      // as one left-to-right run, the year before the extension (not "pdf.2025").
      const boxes = await glyphBoxes(name, { year: '2025', extension: '.pdf', arabic: 'القوائم' });
      expect(boxes.year.right, '"2025" is drawn before ".pdf"').toBeLessThanOrEqual(
        boxes.extension.left + 0.5,
      );
      expect(boxes.extension.right, '"2025.pdf" is left of the Arabic words').toBeLessThanOrEqual(
        boxes.arabic.left + 0.5,
      );
      await expectNoA11yViolations(page);

      const link = page.getByRole('link', {
        name: t('opportunities.detail.download').replace('{{name}}', GIVEN_NAME),
      });
      const href = await link.getAttribute('href');
      expect(href).toMatch(/^\/api\/files\//);
      const downloading = page.waitForEvent('download');
      await link.click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe(GIVEN_NAME);

      await cast.revoke();
      // The old link, opened again later (a bookmark, an old tab).
      const response = await page.goto(href!);
      expect(response?.status()).toBe(403);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
      await expect(
        page.getByRole('heading', {
          level: 1,
          name:
            language === 'ar' ? 'لم يعد هذا الرابط يفتح المستند' : 'This link no longer opens the document',
        }),
      ).toBeVisible();
      await expect(
        page.getByText(
          language === 'ar'
            ? 'سحب المالك صلاحية وصولك إلى هذا المستند'
            : 'The owner revoked your access to this document',
        ),
      ).toBeVisible();
      await expect(page.getByText('"code"')).toHaveCount(0);
      await expectNoA11yViolations(page);
      await page
        .getByRole('link', { name: language === 'ar' ? 'العودة إلى الإعلان' : 'Back to the listing' })
        .click();
      await expect(page).toHaveURL(new RegExp(`/opportunities/${cast.id}$`));
      await expect(page.getByRole('heading', { level: 1, name: cast.title })).toBeVisible();
      await expect(page.getByRole('region', { name: t('data-room.panel.title') })).toBeVisible();
    });
  });
}
