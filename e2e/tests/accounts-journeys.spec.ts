import type { Page } from '@playwright/test';
import { expectNoA11yViolations } from '../support/axe';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/env';
import { expect, test, type Language } from '../support/fixtures';
import { solveHumanCheck } from '../support/human-check';
import { text } from '../support/locales';
import { linkIn, waitForMail } from '../support/mail';

/**
 * The accounts issue end to end, in Arabic and in English, with the real ALTCHA widget: register,
 * open the email, verify, log in, see the username, stay signed in over a reload, log out; forgot
 * password, open the email, reset, log in with the new password; a guarded page visited signed out
 * comes back after login. axe-core checks every account screen on the way.
 */

const PASSWORD = 'Str0ng!Pass';
const NEW_PASSWORD = 'N3w!Passw0rd';

function uniqueEmail(tag: string) {
  return `${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@e2e.safqa.test`;
}

async function register(page: Page, language: Language, account: { username: string; email: string }) {
  await page.goto('/register');
  await expect(
    page.getByRole('heading', { level: 1, name: text(language, 'auth.register.title') }),
  ).toBeVisible();
  await page.getByLabel(text(language, 'auth.register.username')).fill(account.username);
  await page.getByLabel(text(language, 'auth.shared.email')).fill(account.email);
  await page.getByLabel(text(language, 'auth.shared.password'), { exact: true }).fill(PASSWORD);
  await solveHumanCheck(page);
  await page.getByRole('button', { name: text(language, 'auth.register.submit') }).click();
  await expect(
    page.getByRole('heading', { name: text(language, 'auth.register.verifyCard.title') }),
  ).toBeVisible();
}

async function verifyByEmail(page: Page, language: Language, email: string, baseURL: string) {
  const mail = await waitForMail(page.request, email, (m) => m.text.includes('/verify-email?'));
  await page.goto(linkIn(mail, `${baseURL}/verify-email`));
  await expect(page.getByText(text(language, 'auth.verify.successTitle'), { exact: true })).toBeVisible();
}

async function logIn(page: Page, language: Language, email: string, password: string) {
  await page.getByLabel(text(language, 'auth.shared.email')).fill(email);
  await page.getByLabel(text(language, 'auth.shared.password'), { exact: true }).fill(password);
  await solveHumanCheck(page);
  await page.getByRole('button', { name: text(language, 'auth.login.submit'), exact: true }).click();
}

for (const language of ['ar', 'en'] as const) {
  test.describe(`accounts (${language})`, () => {
    test.use({ language });
    // Each journey solves the proof of work up to three times; a busy machine needs more than a minute.
    test.describe.configure({ timeout: 180_000 });

    test('register, verify by email, log in, stay signed in over a reload, log out', async ({
      page,
      baseURL,
    }) => {
      const account = {
        username: language === 'ar' ? 'مستخدم تجربة' : 'Test user',
        email: uniqueEmail('register'),
      };

      await page.goto('/register');
      await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
      await expectNoA11yViolations(page);
      await register(page, language, account);
      await expectNoA11yViolations(page);

      await verifyByEmail(page, language, account.email, baseURL!);
      await expectNoA11yViolations(page);

      await page.goto('/login');
      await expectNoA11yViolations(page);
      await logIn(page, language, account.email, PASSWORD);
      await expect(page).toHaveURL(/\/$/);
      const profileLink = page.getByRole('link', { name: account.username }).first();
      await expect(profileLink).toBeVisible();

      await page.reload();
      await expect(profileLink).toBeVisible();
      expect(
        await page.evaluate(() =>
          Boolean(localStorage.getItem('token') && localStorage.getItem('refreshToken')),
        ),
      ).toBe(true);

      await page
        .getByRole('button', { name: text(language, 'common.nav.logout') })
        .first()
        .click();
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByRole('link', { name: account.username })).toHaveCount(0);
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    });

    test('forgot password, reset from the email, log in with the new password', async ({ page, baseURL }) => {
      const account = { username: 'reset-user', email: uniqueEmail('reset') };
      await register(page, language, account);
      await verifyByEmail(page, language, account.email, baseURL!);

      await page.goto('/login');
      await page.getByRole('link', { name: text(language, 'auth.login.forgot') }).click();
      await expect(page).toHaveURL(/\/forgot-password$/);
      await expectNoA11yViolations(page);
      await page.getByLabel(text(language, 'auth.shared.email')).fill(account.email);
      await solveHumanCheck(page);
      await page.getByRole('button', { name: text(language, 'auth.forgot.submit') }).click();
      await expect(page.getByText(text(language, 'auth.forgot.success'), { exact: true })).toBeVisible();

      const mail = await waitForMail(page.request, account.email, (m) => m.text.includes('/reset-password?'));
      await page.goto(linkIn(mail, `${baseURL}/reset-password`));
      const field = page.getByLabel(text(language, 'auth.reset.newPassword'), { exact: true });
      await expect(field).toBeVisible();
      await expect(page.getByRole('button', { name: text(language, 'auth.reset.submit') })).toBeEnabled();
      await expectNoA11yViolations(page);
      await field.fill(NEW_PASSWORD);
      await page.getByRole('button', { name: text(language, 'auth.reset.submit') }).click();
      await expect(page.getByText(text(language, 'auth.reset.successTitle'), { exact: true })).toBeVisible();
      await expect(page.getByText(text(language, 'auth.reset.success'), { exact: true })).toBeVisible();
      await expectNoA11yViolations(page);

      // The link works once.
      await page.reload();
      await expect(page.getByRole('link', { name: text(language, 'auth.reset.requestNew') })).toBeVisible();

      await page.goto('/login');
      await logIn(page, language, account.email, NEW_PASSWORD);
      await expect(page.getByRole('link', { name: account.username }).first()).toBeVisible();
    });

    test('the human check shows its tick box, framed and on a white ground, before it is ticked', async ({
      page,
    }) => {
      // The widget's stylesheet colours itself with light-dark(); built for older browsers, those
      // colours only resolve under a color-scheme rule, else the box has no border and no ground.
      await page.goto('/login');
      const box = page.locator('altcha-widget').getByRole('checkbox');
      await expect(box).toBeVisible();
      const style = await box.evaluate((element) => {
        const computed = getComputedStyle(element);
        return {
          border: computed.borderTopStyle,
          width: computed.borderTopWidth,
          ground: computed.backgroundColor,
        };
      });
      expect(style.border).toBe('solid');
      expect(style.width).not.toBe('0px');
      expect(style.ground).not.toBe('rgba(0, 0, 0, 0)');
    });

    test('a guarded page visited signed out comes back after login', async ({ page }) => {
      await page.goto('/profile?tab=security');
      await expect(page).toHaveURL(/\/login\?redirect=/);
      await logIn(page, language, ADMIN_EMAIL, ADMIN_PASSWORD);
      await expect(page).toHaveURL(/\/profile\?tab=security$/);
      await expect(
        page.getByRole('tab', { name: text(language, 'users.tabs.security'), selected: true }),
      ).toBeVisible();
      await expect(page.getByRole('heading', { name: text(language, 'users.security.title') })).toBeVisible();
      await expectNoA11yViolations(page);
      await page.getByRole('tab', { name: text(language, 'users.tabs.personal') }).click();
      await expect(page.getByLabel(text(language, 'users.personal.username'))).toBeVisible();
      await expectNoA11yViolations(page);
    });
  });
}
