import { text } from '../support/locales';
import { expect, test } from '../support/fixtures';

const SHOTS = process.env.E2E_SHOTS_DIR;

/**
 * /search on a 375 px phone (issue 22 item 12): the long filter panel closes after a search so the
 * results are in view, and a page past the last one says so and leads back instead of "no matching
 * opportunities" under a count. The demo seed (SEED_DEMO) has approved listings to page through.
 */
for (const language of ['ar', 'en'] as const) {
  test.describe(language, () => {
    test.use({ language, viewport: { width: 375, height: 740 } });

    test('the filter panel closes after a search and the results are in view', async ({ page }) => {
      await page.goto('/search');
      const toggle = page.getByText(text(language, 'opportunities.search.filters'), { exact: true });
      await toggle.click();
      const searchbox = page.getByRole('searchbox', { name: text(language, 'opportunities.search.text') });
      await expect(searchbox).toBeVisible();
      const submit = page.getByRole('button', {
        name: text(language, 'opportunities.search.submit'),
        exact: true,
      });
      // The panel is taller than the screen: the Search button is below the fold until scrolled to.
      await submit.scrollIntoViewIfNeeded();
      await submit.click();
      await expect(searchbox).toBeHidden();
      await expect(toggle).toBeFocused();
      const firstCard = page.getByRole('region').getByRole('listitem').first();
      await expect(firstCard).toBeInViewport();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/search-after-search-${language}.png` });
    });

    test('a page past the last one says so and leads back to the last page', async ({ page }) => {
      // Past the last page yet inside the first 10,000 results (deeper is PAGE_TOO_DEEP).
      await page.goto('/search?sort=newest&page=500');
      await expect(page.getByText(text(language, 'opportunities.search.pastEndTitle'))).toBeVisible();
      await expect(page.getByText(text(language, 'opportunities.search.emptyTitle'))).toHaveCount(0);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/search-past-end-${language}.png` });
      await page.getByRole('link', { name: text(language, 'opportunities.search.lastPage') }).click();
      await expect(page).toHaveURL(/[?&]page=(\d+)/);
      const last = Number(new URL(page.url()).searchParams.get('page'));
      expect(last).toBeGreaterThan(1);
      await expect(page.getByRole('region').getByRole('listitem').first()).toBeVisible();
      const pager = page.getByRole('navigation', { name: text(language, 'listings.pagination.label') });
      await expect(pager).toBeVisible();
      await expect(page.getByText(text(language, 'opportunities.search.pastEndTitle'))).toHaveCount(0);
    });
  });
}
