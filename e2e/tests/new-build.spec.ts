import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { text } from '../support/locales';

/**
 * A tab opened before a deploy asks for a page's code by its old name (app/new-build.ts). The
 * requests are really answered 404 or cut in the browser, not mocked in the app.
 */
const faqCode = '**/assets/faq-page-*.js';

/** Opens `/` and marks the document, so that a reload (a new document) loses the mark. */
async function openHome(page: Page) {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-app-ready', '');
  await page.evaluate(() => {
    (window as unknown as { sameDocument: boolean }).sameDocument = true;
  });
}

/** Answers the first request for `files` with 404, as a server of the new build does; counts those. */
async function goneOnce(page: Page, files: string) {
  const gone = { count: 0 };
  await page.route(files, async (route) => {
    if (gone.count > 0) return route.continue();
    gone.count += 1;
    await route.fulfill({ status: 404, contentType: 'application/json', body: '{}' });
  });
  return gone;
}

const sameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true);

for (const language of ['ar', 'en'] as const) {
  test.describe(`a page whose code a deploy replaced (${language})`, () => {
    test.use({ language });
    const faqLink = (page: Page) =>
      page.getByRole('banner').getByRole('link', { name: text(language, 'common.nav.faq') });
    const faqTitle = (page: Page) =>
      page.getByRole('heading', { level: 1, name: text(language, 'faqs.title') });
    const errorTitle = (page: Page) =>
      page.getByRole('heading', { level: 1, name: text(language, 'common.error.title') });

    test('reloads the address and shows the page, with no error screen', async ({ page }) => {
      await openHome(page);
      const gone = await goneOnce(page, faqCode);

      await faqLink(page).click();
      await expect(faqTitle(page)).toBeVisible();
      await expect(page).toHaveURL(/\/faq$/);
      await expect(page.locator('html')).toHaveAttribute('data-app-ready', '');
      expect(gone.count).toBe(1);
      expect(await sameDocument(page)).toBe(false);
      await expect(errorTitle(page)).toHaveCount(0);
    });

    test('a server-rendered page whose code is gone reloads and comes alive', async ({ page }) => {
      const gone = await goneOnce(page, faqCode);
      await page.goto('/faq');
      await expect(page.locator('html')).toHaveAttribute('data-app-ready', '');
      await expect(faqTitle(page)).toBeVisible();
      expect(gone.count).toBe(1);
      await expect(errorTitle(page)).toHaveCount(0);
    });

    test('a server-rendered page whose app entry is gone reloads and comes alive', async ({ page }) => {
      const gone = await goneOnce(page, '**/assets/index-*.js');
      await page.goto('/faq');
      await expect(page.locator('html')).toHaveAttribute('data-app-ready', '');
      await expect(faqTitle(page)).toBeVisible();
      expect(gone.count).toBe(1);
    });

    test('keeps the error screen, without reloading, when the network is down', async ({ page }) => {
      await openHome(page);
      await page.route(faqCode, (route) => route.abort('internetdisconnected'));
      await page.route('**/api/health', (route) => route.abort('internetdisconnected'));

      await faqLink(page).click();
      await expect(errorTitle(page)).toBeVisible();
      await expect(page.getByRole('button', { name: text(language, 'common.error.reload') })).toBeVisible();
      expect(await sameDocument(page)).toBe(true);
    });

    test('reloads once only when the new build is broken too', async ({ page }) => {
      await openHome(page);
      let documentLoads = 0;
      page.on('request', (request) => {
        if (request.isNavigationRequest() && request.frame() === page.mainFrame()) documentLoads += 1;
      });
      await page.route(faqCode, (route) =>
        route.fulfill({ status: 404, contentType: 'application/json', body: '{}' }),
      );

      await faqLink(page).click();
      await expect(errorTitle(page)).toBeVisible();
      // Without the once-a-minute rule the tab would reload for ever and never show the screen.
      expect(await sameDocument(page)).toBe(false);
      expect(documentLoads).toBe(1);
    });
  });
}
