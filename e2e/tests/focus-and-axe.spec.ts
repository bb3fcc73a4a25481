import { expectAccessible } from '../support/axe';
import { expect, test, waitForApp } from '../support/fixtures';
import { text } from '../support/locales';
import { post, registerOwner, useSession } from './opportunities-support';

/**
 * Keyboard focus and axe after the accessibility list of issue 22 (item 18), in Arabic and English:
 * the offer form's "Next" and "Send code", and opens dialogs
 * on their first field; arrowing through the closed sector select runs no search; Escape closes the
 * phone menu after a language switch; axe (WCAG plus the outline and landmark rules the issue named)
 * on the notification popover, the notifications tab, /favorites and the advisors page. The admin's
 * part (the moved FAQ, the users table on a phone) is admin-faq-focus.spec.ts: it writes the shared FAQ list.
 */

for (const language of ['ar', 'en'] as const) {
  test.describe(`focus and axe (${language})`, () => {
    test.use({ language });
    // Sign-ups with the human check and several pages with axe: slow on a shared two-core machine.
    test.describe.configure({ timeout: 300_000 });
    const t = (key: string) => text(language, key);

    test('phone menu: Escape still closes it after switching the language inside it', async ({ page }) => {
      await page.setViewportSize({ width: 375, height: 800 });
      await page.goto('/');
      await waitForApp(page);
      await page.getByRole('button', { name: t('common.nav.openMenu'), exact: true }).click();
      const other = language === 'ar' ? 'en' : 'ar';
      await page
        .locator('#mobile-menu')
        .getByRole('button', { name: language === 'ar' ? 'English' : 'العربية' })
        .click();
      await expect(page.locator('html')).toHaveAttribute('lang', other);
      await page.keyboard.press('Escape');
      const toggle = page.getByRole('button', { name: text(other, 'common.nav.openMenu'), exact: true });
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(toggle).toBeFocused();
      await expect(page.locator('#mobile-menu')).toBeHidden();
    });

    test('search: arrowing through the closed sector select runs no search until the choice is committed', async ({
      page,
    }) => {
      await page.goto('/search');
      await waitForApp(page);
      const sector = page.getByLabel(t('opportunities.search.businessType'), { exact: true });
      await sector.focus();
      const before = { url: page.url(), history: await page.evaluate(() => history.length) };
      for (let i = 0; i < 3; i += 1) await sector.press('ArrowDown');
      await expect(sector).not.toHaveValue('');
      expect(page.url()).toBe(before.url);
      expect(await page.evaluate(() => history.length)).toBe(before.history);
      await sector.press('Tab');
      await expect(page).toHaveURL(/businessTypeId=\d+/);
      expect(await page.evaluate(() => history.length)).toBe(before.history + 1);
    });

    test("search results: a keyboard user sees the focused card's ring, drawn inside the card that clips", async ({
      page,
    }) => {
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto('/search');
      await waitForApp(page);
      const card = page.locator('main article').first();
      const link = card.getByRole('link').first();
      await link.focus();
      await expect(link).toBeFocused();
      const drawn = await link.evaluate((el) => {
        const ring = getComputedStyle(el, '::after');
        const box = el.closest('article')!;
        return {
          style: ring.outlineStyle,
          width: parseFloat(ring.outlineWidth),
          offset: parseFloat(ring.outlineOffset),
          clips: getComputedStyle(box).overflow === 'hidden',
        };
      });
      expect(drawn.style).toBe('solid');
      expect(drawn.width).toBeGreaterThan(0);
      // The card hides what overflows it (its rounded cover): a ring drawn outside it was invisible.
      expect(drawn.clips).toBe(true);
      expect(drawn.offset + drawn.width).toBeLessThanOrEqual(0);
    });

    test('an investor: offer form focus, the save-search dialog, and axe on notifications, favorites and advisors', async ({
      page,
      context,
      request,
    }) => {
      const investor = await registerOwner(request, `focus-${language}`);
      const listings = (await (await request.get('/api/opportunities?pageSize=1')).json()) as {
        data: Array<{ id: number }>;
      };
      const id = listings.data[0]!.id;
      expect((await post(request, `/api/favorites/${id}`, {}, investor.session.accessToken)).status()).toBe(
        204,
      );
      await useSession(context, investor.session, language);

      // The offer form: the keyboard goes to the code step's email, then to the code once it is sent.
      await page.goto(`/opportunities/${id}`);
      await waitForApp(page);
      const form = page.getByRole('region', { name: t('offers.form.title') });
      await form.getByLabel(t('offers.form.phone'), { exact: true }).fill('0551234567');
      await form.getByRole('checkbox', { name: t('offers.reasons.wantsOffer') }).check();
      await form
        .getByLabel(t('offers.form.message'), { exact: true })
        .fill('I would like to hear more about this business.');
      await form.getByRole('button', { name: t('offers.form.next'), exact: true }).press('Enter');
      await expect(form.getByLabel(t('offers.form.email'), { exact: true })).toBeFocused();
      await form.getByRole('button', { name: t('offers.form.sendCode'), exact: true }).press('Enter');
      await expect(form.getByLabel(t('offers.form.code'), { exact: true })).toBeFocused();

      // The advisors page: no jump from h1 to h3.
      await page.goto(`/opportunities/${id}/advisors`);
      await waitForApp(page);
      await expect(page.getByRole('heading', { level: 1, name: t('advisors.title') })).toBeVisible();
      await expect(page.getByRole('article').first()).toBeVisible();
      await expectAccessible(page);

      // /favorites with a bookmark: its card's h3 sits under an h2.
      await page.goto('/favorites');
      await waitForApp(page);
      await expect(page.getByRole('heading', { level: 3 }).first()).toBeVisible();
      await expectAccessible(page);

      // The desktop notification popover has a name; the notifications tab names no landmark twice.
      // From the keyboard: the header hides while scrolled down and comes back when it takes the focus.
      await page.getByTestId('notification-bell').focus();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('dialog', { name: t('common.nav.notifications') })).toBeVisible();
      await expectAccessible(page);
      await page.keyboard.press('Escape');
      await page.goto('/profile?tab=notifications');
      await waitForApp(page);
      await expect(
        page.getByRole('heading', { level: 2, name: t('notifications.tabTitle'), exact: true }),
      ).toBeVisible();
      await expectAccessible(page);

      // A dialog opens on its first field, not its close button.
      await page.goto('/search');
      await waitForApp(page);
      await page.getByRole('button', { name: t('saved-searches.save'), exact: true }).click();
      const dialog = page.getByRole('dialog', { name: t('saved-searches.saveTitle') });
      await expect(dialog.getByLabel(t('saved-searches.name'), { exact: true })).toBeFocused();
    });
  });
}
