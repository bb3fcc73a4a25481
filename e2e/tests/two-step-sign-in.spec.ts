import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { generate } from 'otplib';
import { expectNoA11yViolations } from '../support/axe';
import { expect, test, waitForApp } from '../support/fixtures';
import { solveHumanCheck } from '../support/human-check';
import { text } from '../support/locales';
import { registerOwner, signedIn } from './opportunities-support';

/**
 * Two-step sign-in with an authenticator app (API.md "Account security"): set up from the Security
 * tab of /profile with the secret the page shows (the test is the authenticator app), keep the
 * recovery codes, sign out, sign in with a code, then with a recovery code.
 */

const PERIOD_MS = 30_000;

/** The code an app shows `stepsBack` steps before now; waits out the last 3 s of a step first. */
async function appCode(secret: string, stepsBack = 0): Promise<string> {
  const intoStep = Date.now() % PERIOD_MS;
  if (intoStep > PERIOD_MS - 3_000) await new Promise((done) => setTimeout(done, PERIOD_MS - intoStep + 50));
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) - (stepsBack * PERIOD_MS) / 1000 });
}

/** What an Arabic phone keyboard types for the same digits. */
const arabicIndic = (digits: string) => digits.replace(/\d/g, (d) => '٠١٢٣٤٥٦٧٨٩'[Number(d)]!);

for (const language of ['ar', 'en'] as const) {
  test.describe(`two-step sign-in (${language})`, () => {
    test.use({ language });
    test.describe.configure({ timeout: 240_000 });
    const t = (key: string) => text(language, key);
    const typed = (code: string) => (language === 'ar' ? arabicIndic(code) : code);

    async function signInWithPassword(page: Page, email: string, password: string) {
      await page.goto('/login');
      await waitForApp(page);
      await page.getByLabel(t('auth.shared.email')).fill(email);
      await page.getByLabel(t('auth.shared.password'), { exact: true }).fill(password);
      await solveHumanCheck(page);
      await page.getByRole('button', { name: t('auth.login.submit'), exact: true }).click();
      await expect(page.getByRole('heading', { name: t('auth.twoStep.title') })).toBeVisible();
    }

    async function signOut(page: Page) {
      await page
        .getByRole('button', { name: t('common.nav.logout') })
        .first()
        .click();
      await expect(page).toHaveURL(/\/login/);
      await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    }

    const signedInNow = (page: Page) =>
      expect.poll(() => page.evaluate(() => Boolean(localStorage.getItem('token')))).toBe(true);

    test('set up from the profile, then sign in with a code and with a recovery code', async ({
      browser,
      request,
      baseURL,
    }) => {
      const owner = await registerOwner(request, `two-step-${language}`);
      const { context, page } = await signedIn(browser, baseURL!, owner.session, language);
      try {
        await page.goto('/profile?tab=security');
        await waitForApp(page);
        await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
        await expect(page.getByText(t('users.twoStep.offBody'))).toBeVisible();
        await page.getByRole('button', { name: t('users.twoStep.setUp') }).click();

        await expect(page.getByRole('img', { name: t('users.twoStep.qrAlt') })).toBeVisible();
        const secret = (await page.getByTestId('totp-secret').getAttribute('data-secret'))!;
        expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
        await expectNoA11yViolations(page);

        // A wrong code is refused and nothing is turned on.
        const codeField = page.getByLabel(t('users.twoStep.codeLabel'));
        const current = await appCode(secret);
        await codeField.fill(String((Number(current) + 500_000) % 1_000_000).padStart(6, '0'));
        await page.getByRole('button', { name: t('users.twoStep.confirm') }).click();
        await expect(page.getByText(t('users.twoStep.wrongCode'))).toBeVisible();

        // The previous step's code confirms, so the current one is still unused for signing in.
        await codeField.fill(typed(await appCode(secret, 1)));
        await page.getByRole('button', { name: t('users.twoStep.confirm') }).click();
        const codes = page.getByTestId('recovery-codes').getByRole('listitem');
        await expect(codes).toHaveCount(10);
        const recoveryCodes = await codes.allInnerTexts();
        await expectNoA11yViolations(page);

        const download = page.waitForEvent('download');
        await page.getByRole('button', { name: t('users.twoStep.download') }).click();
        const file = await download;
        expect(file.suggestedFilename()).toBe('safqa-recovery-codes.txt');
        const saved = await readFile((await file.path())!, 'utf8');
        for (const code of recoveryCodes) expect(saved).toContain(code);

        await page.getByRole('button', { name: t('users.twoStep.codesDone') }).click();
        await expect(page.getByRole('tabpanel').getByText(t('users.twoStep.onTitle'))).toBeVisible();
        await expectNoA11yViolations(page);

        // Signing in now asks for the app's code after the password.
        await signOut(page);
        await signInWithPassword(page, owner.email, owner.password);
        await expectNoA11yViolations(page);
        await page.getByLabel(t('auth.twoStep.codeLabel')).fill(typed(await appCode(secret)));
        await page.getByRole('button', { name: t('auth.twoStep.verify') }).click();
        await signedInNow(page);
        await expect(page).not.toHaveURL(/\/login/);

        // And a recovery code instead of the app's code works once, here on a phone.
        await signOut(page);
        await page.setViewportSize({ width: 390, height: 844 });
        await signInWithPassword(page, owner.email, owner.password);
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
          true,
        );
        await page.getByRole('button', { name: t('auth.twoStep.useRecovery') }).click();
        const recoveryField = page.getByLabel(t('auth.twoStep.recoveryLabel'));
        await expect(recoveryField).toBeFocused();
        await expectNoA11yViolations(page);
        await recoveryField.fill(recoveryCodes[0]!);
        await page.getByRole('button', { name: t('auth.twoStep.verify') }).click();
        await signedInNow(page);
        await expect(page).not.toHaveURL(/\/login/);
        // Back to the desktop layout, where the header shows the sign-out button.
        await page.setViewportSize({ width: 1280, height: 800 });

        await signOut(page);
        await signInWithPassword(page, owner.email, owner.password);
        await page.getByRole('button', { name: t('auth.twoStep.useRecovery') }).click();
        await page.getByLabel(t('auth.twoStep.recoveryLabel')).fill(recoveryCodes[0]!);
        await page.getByRole('button', { name: t('auth.twoStep.verify') }).click();
        await expect(page.getByText(t('auth.twoStep.wrongRecovery'))).toBeVisible();
        await expect(page).toHaveURL(/\/login/);
      } finally {
        await context.close();
      }
    });
  });
}
