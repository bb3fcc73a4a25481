import { expect, test } from '../support/fixtures';
import { text } from '../support/locales';

/**
 * A dialog fetched on demand (lib/use-dialog-on-demand.ts) when the network drops: the listing stays
 * on screen, a toast says what happened, and once the connection is back the same button opens it.
 * The request for the dialog's code is really cut (aborted in the browser), not mocked in the app.
 */
for (const language of ['ar', 'en'] as const) {
  test.describe(`a dialog fetched on demand (${language})`, () => {
    test.use({ language });

    test('survives a cut connection and opens once it is back', async ({ page, request }) => {
      const top = (await (await request.get('/api/opportunities/top')).json()) as {
        opportunities: { id: number; opportunityName: string; opportunityNameAr: string }[];
      };
      const listing = top.opportunities[0]!;
      await page.goto(`/opportunities/${listing.id}`);
      await expect(page.locator('html')).toHaveAttribute('data-app-ready', '');
      const dialogCode = '**/assets/whatsapp-dialog-*.js';
      await page.route(dialogCode, (route) => route.abort('internetdisconnected'));

      const button = page.getByRole('button', { name: text(language, 'opportunities.whatsapp.open') });
      await button.click();
      const toast = page
        .getByRole('alert')
        .filter({ hasText: text(language, 'common.onDemand.failedTitle') });
      await expect(toast).toBeVisible();
      await expect(toast.getByRole('button', { name: text(language, 'common.error.reload') })).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        language === 'ar' ? listing.opportunityNameAr : listing.opportunityName,
      );
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(button).toHaveAttribute('aria-expanded', 'false');

      // On a phone the toast sits below the fixed navbar: the menu button stays visible and tappable.
      // (Back at the top, where the navbar that hides on scrolling down shows again.)
      await page.setViewportSize({ width: 375, height: 740 });
      await page.evaluate(() => window.scrollTo(0, 0));
      const menu = page.getByRole('button', { name: text(language, 'common.nav.openMenu'), exact: true });
      await expect(menu).toBeInViewport({ ratio: 1 });
      await expect(toast).toBeInViewport();
      const [menuBox, toastBox] = [await menu.boundingBox(), await toast.boundingBox()];
      expect(menuBox!.y).toBeGreaterThanOrEqual(0);
      expect(toastBox!.y).toBeGreaterThanOrEqual(menuBox!.y + menuBox!.height);
      await menu.click({ trial: true });

      await page.unroute(dialogCode);
      await button.click();
      await expect(
        page.getByRole('dialog', { name: text(language, 'opportunities.whatsapp.title') }),
      ).toBeVisible();
    });
  });
}
