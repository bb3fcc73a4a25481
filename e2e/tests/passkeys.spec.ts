import type { BrowserContext, Page } from '@playwright/test';
import { expectNoA11yViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { text } from '../support/locales';
import { registerOwner, signedIn } from './opportunities-support';

/**
 * Passkeys (API.md "Account security"): added in the profile's Passkeys tab, then used on the login
 * page with no email typed, in Chromium's virtual authenticator (a platform authenticator that holds
 * discoverable credentials and verifies the user). WebAuthn needs the page on a domain, not an IP
 * address: the e2e server's PUBLIC_URL is http://localhost:<port> (playwright.config.ts).
 */
/** `verifiesUser: false` is a security key without PIN or biometrics: the server asks for user verification. */
async function addVirtualAuthenticator(context: BrowserContext, page: Page, verifiesUser = true) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: verifiesUser,
      isUserVerified: verifiesUser,
      automaticPresenceSimulation: true,
    },
  });
  const credentials = async () =>
    (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials;
  return { credentials };
}

for (const language of ['ar', 'en'] as const) {
  test.describe(`passkeys (${language})`, () => {
    test.describe.configure({ timeout: 180_000 });
    const t = (key: string, values: Record<string, string> = {}) =>
      text(language, key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');

    test('adds a passkey in the profile, signs out, and signs back in with it without an email', async ({
      browser,
      request,
      baseURL,
    }) => {
      const username = `passkeys-${language}-owner`;
      const owner = await registerOwner(request, `passkeys-${language}`, username);
      const { context, page } = await signedIn(browser, baseURL!, owner.session, language);
      try {
        const authenticator = await addVirtualAuthenticator(context, page);
        await page.goto('/profile?tab=passkeys');
        await expect(page.getByRole('heading', { name: t('users.passkeys.title'), level: 2 })).toBeVisible();
        await expect(page.getByText(t('users.passkeys.emptyTitle'))).toBeVisible();
        await expectNoA11yViolations(page);

        // The name is required by the same schema as the server's.
        await page.getByRole('button', { name: t('users.passkeys.add') }).click();
        await expect(page.getByLabel(t('users.passkeys.nameLabel'))).toHaveAttribute('aria-invalid', 'true');

        const name = language === 'ar' ? 'حاسوب المكتب' : 'Office laptop';
        await page.getByLabel(t('users.passkeys.nameLabel')).fill(name);
        await page.getByRole('button', { name: t('users.passkeys.add') }).click();
        const rows = page.getByTestId('passkey');
        await expect(rows).toHaveCount(1);
        await expect(rows.first()).toContainText(name);
        await expect(rows.first()).toContainText(t('users.passkeys.neverUsed'));
        expect(await authenticator.credentials()).toHaveLength(1);
        expect((await authenticator.credentials())[0]!.isResidentCredential).toBe(true);
        await expectNoA11yViolations(page);

        // Sign out, then in with the passkey: no email, no password.
        await page
          .getByRole('button', { name: t('common.nav.logout') })
          .first()
          .click();
        await expect(page).toHaveURL(/\/login/);
        const passkeyButton = page.getByRole('button', { name: t('auth.login.passkey.button') });
        await expect(passkeyButton).toBeVisible();
        await expectNoA11yViolations(page);
        await passkeyButton.click();
        await expect(page).not.toHaveURL(/\/login/);
        await expect(page.getByRole('link', { name: username }).first()).toBeVisible();

        // The list says when it was last used, in this language's dates.
        await page.goto('/profile?tab=passkeys');
        await expect(rows.first()).not.toContainText(t('users.passkeys.neverUsed'));
        await expect(rows.first()).toContainText(t('users.passkeys.lastUsedAt'));

        // Removed after a confirmation, it no longer signs in.
        await rows
          .first()
          .getByRole('button', { name: t('users.passkeys.removeLabel', { name }) })
          .click();
        await expect(page.getByText(t('users.passkeys.confirmText'))).toBeVisible();
        await expectNoA11yViolations(page);
        await page.getByRole('button', { name: t('users.passkeys.confirmRemoveLabel', { name }) }).click();
        await expect(page.getByText(t('users.passkeys.emptyTitle'))).toBeVisible();

        await page
          .getByRole('button', { name: t('common.nav.logout') })
          .first()
          .click();
        await expect(page).toHaveURL(/\/login/);
        await page.getByRole('button', { name: t('auth.login.passkey.button') }).click();
        await expect(page.getByText(t('auth.login.passkey.invalid')).first()).toBeVisible();
        await expect(page).toHaveURL(/\/login/);
      } finally {
        await context.close();
      }
    });

    test('refuses an authenticator that cannot verify the user (no PIN or biometrics)', async ({
      browser,
      request,
      baseURL,
    }) => {
      const owner = await registerOwner(request, `passkeys-nouv-${language}`, `passkeys-nouv-${language}`);
      const { context, page } = await signedIn(browser, baseURL!, owner.session, language);
      try {
        const authenticator = await addVirtualAuthenticator(context, page, false);
        await page.goto('/profile?tab=passkeys');
        await page.getByLabel(t('users.passkeys.nameLabel')).fill('Key');
        await page.getByRole('button', { name: t('users.passkeys.add') }).click();
        await expect(page.getByText(t('users.passkeys.addFailedTitle'))).toBeVisible();
        await expect(page.getByTestId('passkey')).toHaveCount(0);
        expect(await authenticator.credentials()).toHaveLength(0);
      } finally {
        await context.close();
      }
    });
  });
}
