import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { text } from '../support/locales';

/**
 * Issue 26: the public pages hydrate in pieces (a Suspense boundary per part), so the app answers
 * (<html data-app-ready>) while most of the page is still server HTML. A tap then must still take
 * effect: React hydrates the part it lands in first. On a phone's CPU (four times slower, through
 * CDP), each tap is made the moment the app answers, while the page's parts are still hydrating.
 */
async function openWhileHydrating(page: Page, address: string) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  // 'commit': the fixture's goto would wait for the app; here the tap races its hydration.
  await page.goto(address, { waitUntil: 'commit' });
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-app-ready'), null, {
    polling: 'raf',
    timeout: 30_000,
  });
}

async function topListingId(page: Page): Promise<number> {
  const top = (await (await page.request.get('/api/opportunities/top')).json()) as {
    opportunities: { id: number }[];
  };
  return top.opportunities[0]!.id;
}

for (const language of ['ar', 'en'] as const) {
  test.describe(`a tap while the page hydrates on a slow phone (${language})`, () => {
    test.use({ language });

    test('a filter on /search', async ({ page }) => {
      await openWhileHydrating(page, '/search');
      const forSale = page
        .getByRole('search')
        .first()
        .getByRole('radio', { name: text(language, 'listings.type.buy') });
      await forSale.click();
      await expect(page).toHaveURL(/[?&]type=buy(&|$)/);
      await expect(forSale).toBeChecked();
    });

    test('the gallery of a listing', async ({ page }) => {
      await openWhileHydrating(page, `/opportunities/${await topListingId(page)}`);
      const gallery = page.getByRole('region', { name: text(language, 'opportunities.detail.gallery') });
      await gallery.getByRole('button', { name: text(language, 'opportunities.detail.nextPicture') }).click();
      // "2 of 5": the template with the numbers left open.
      const [before, between, after] = text(language, 'opportunities.detail.galleryPosition').split(
        /\{\{current\}\}|\{\{total\}\}/,
      );
      const escape = (part = '') => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      await expect(gallery.locator('[aria-roledescription][tabindex="0"]')).toHaveAttribute(
        'aria-label',
        new RegExp(`^${escape(before)}2${escape(between)}\\d+${escape(after)}$`),
      );
    });

    test('"make an offer" on a listing', async ({ page }) => {
      const id = await topListingId(page);
      await openWhileHydrating(page, `/opportunities/${id}`);
      await page.getByRole('link', { name: text(language, 'offers.form.signIn') }).click();
      await expect(page).toHaveURL(/\/login(\?|$)/);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    });
  });
}
