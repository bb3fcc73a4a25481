import { expectAccessible } from '../support/axe';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/env';
import { expect, test, waitForApp } from '../support/fixtures';
import { text } from '../support/locales';
import { login, useSession } from './opportunities-support';

/**
 * The admin's keyboard and axe checks of issue 22 (item 18), in Arabic and English: the focus follows
 * "Move up" on an FAQ to its new place, and the users table on a phone says to swipe. Moving an FAQ
 * sends the whole order, refused when the list changed meanwhile: this file runs in the e2e project
 * of the specs that write the shared FAQ list, one at a time (e2e/playwright.config.ts).
 */

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? '');

for (const language of ['ar', 'en'] as const) {
  test.describe(`admin focus and axe (${language})`, () => {
    test.use({ language });
    test.describe.configure({ timeout: 300_000 });
    const t = (key: string) => text(language, key);

    test('an admin: the moved FAQ keeps the focus; the users table on a phone says to swipe', async ({
      page,
      context,
      request,
    }) => {
      const admin = await login(request, ADMIN_EMAIL, ADMIN_PASSWORD);
      await useSession(context, admin, language);
      await page.goto('/admin/faqs');
      await waitForApp(page);
      const question = (await page
        .getByRole('main')
        .getByRole('heading', { level: 2 })
        .nth(1)
        .textContent())!.trim();
      const up = page.getByRole('button', { name: fill(t('admin.faqs.moveUp'), { question }), exact: true });
      const down = page.getByRole('button', {
        name: fill(t('admin.faqs.moveDown'), { question }),
        exact: true,
      });
      // The list is shown moved at once but says it is busy until the server kept the order, and a
      // move asked meanwhile is ignored (the buttons say so with aria-disabled): wait for it each time.
      const saving = page.getByRole('main').locator('ol[aria-busy="true"]');
      await up.focus();
      await page.keyboard.press('Enter');
      // At the top "up" is disabled: the keyboard is on the same FAQ's "down".
      await expect(page.getByRole('main').getByRole('heading', { level: 2 }).first()).toHaveText(question);
      await expect(down).toBeFocused();
      await expect(saving).toHaveCount(0);
      await page.keyboard.press('Enter');
      await expect(page.getByRole('main').getByRole('heading', { level: 2 }).nth(1)).toHaveText(question);
      await expect(down).toBeFocused();
      await expect(saving).toHaveCount(0);

      await page.setViewportSize({ width: 375, height: 800 });
      await page.goto('/admin/users');
      await waitForApp(page);
      const region = page.getByRole('region', { name: t('admin.users.title'), exact: true });
      await expect(region).toBeVisible();
      await expect(page.getByText(t('admin.scrollHint'))).toBeVisible();
      await region.focus();
      await expect(region).toBeFocused();
      await expectAccessible(page);
      await page.screenshot({
        path: test.info().outputPath(`admin-users-${language}-375.png`),
        fullPage: true,
      });
    });
  });
}
