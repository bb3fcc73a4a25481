import type { Page } from '@playwright/test';
import { expectNoA11yViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { text } from '../support/locales';

/**
 * A tab open while a deploy happens (issue 38): every API answer names the server's build
 * (`X-App-Build`), the page names its own (`<meta name="safqa-build">`). Here the server's answers are
 * given another build's name, as after a deploy; the tab offers a reload and never reloads by itself,
 * so what the visitor was typing stays, and a reload with unsaved text asks again first.
 */
const NEXT_BUILD = 'next-build-1';

/** From now on every API answer says the server runs another build. */
async function deployHappens(page: Page) {
  await page.route('**/api/**', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, headers: { ...response.headers(), 'x-app-build': NEXT_BUILD } });
  });
}

/** The visitor comes back to the tab: the app asks the server which build it runs. */
const tabShownAgain = (page: Page) =>
  page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));

const markDocument = (page: Page) =>
  page.evaluate(() => {
    (window as unknown as { sameDocument: boolean }).sameDocument = true;
  });
const sameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true);

for (const language of ['ar', 'en'] as const) {
  test.describe(`a new build while a form is being typed (${language})`, () => {
    test.use({ language });
    const noticeSaying = (page: Page, key: string) =>
      page.getByRole('status').filter({ hasText: text(language, `common.newBuild.${key}`) });
    const notice = (page: Page) => noticeSaying(page, 'available');
    const message = (page: Page) => page.getByLabel(text(language, 'contact.message'));

    test('offers a reload, keeps the typed text, and asks before losing it', async ({ page }) => {
      // The first API answer (the CSRF cookie's) names the build the page came from: nothing to offer.
      const firstAnswer = page.waitForResponse((response) => response.url().endsWith('/api/health'));
      await page.goto('/contact');
      await expect(page.locator('html')).toHaveAttribute('data-app-ready', '');
      const ownBuild = await page.locator('meta[name="safqa-build"]').getAttribute('content');
      expect(ownBuild).toMatch(/^[\w-]{8,}$/);
      expect((await firstAnswer).headers()['x-app-build']).toBe(ownBuild);
      await markDocument(page);
      const typed = language === 'ar' ? 'أود الاستفسار عن بيع حصة في مشروعي' : 'I would like to sell a stake';
      await message(page).fill(typed);
      await expect(notice(page)).toHaveCount(0);

      await deployHappens(page);
      await tabShownAgain(page);
      await expect(notice(page)).toBeVisible();
      await expect(message(page)).toHaveValue(typed);
      expect(await sameDocument(page)).toBe(true);
      await expectNoA11yViolations(page);

      // The text would be lost: the first click says so, and nothing reloads.
      await notice(page)
        .getByRole('button', { name: text(language, 'common.newBuild.reload'), exact: true })
        .click();
      await expect(noticeSaying(page, 'unsaved')).toBeVisible();
      await expect(message(page)).toHaveValue(typed);
      expect(await sameDocument(page)).toBe(true);
      await expectNoA11yViolations(page);

      // Only the visitor's second word reloads.
      await page.unrouteAll({ behavior: 'wait' });
      await page.getByRole('button', { name: text(language, 'common.newBuild.reloadAnyway') }).click();
      await expect.poll(() => sameDocument(page).catch(() => true)).toBe(false);
      await expect(page.locator('html')).toHaveAttribute('data-app-ready', '');
    });

    test('Later hides the notice, and the page goes on as it was', async ({ page }) => {
      await page.goto('/contact');
      await expect(page.locator('html')).toHaveAttribute('data-app-ready', '');
      await markDocument(page);
      await message(page).fill('…');
      await deployHappens(page);
      await page.evaluate(() => window.dispatchEvent(new Event('focus')));
      await expect(notice(page)).toBeVisible();
      await notice(page)
        .getByRole('button', { name: text(language, 'common.newBuild.later') })
        .click();
      await expect(notice(page)).toHaveCount(0);
      await expect(message(page)).toHaveValue('…');
      expect(await sameDocument(page)).toBe(true);
    });
  });
}
