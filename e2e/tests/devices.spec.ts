import { expectNoA11yViolations } from '../support/axe';
import { expect, test, waitForApp } from '../support/fixtures';
import { text } from '../support/locales';
import { login, registerOwner, signedIn } from './opportunities-support';

/**
 * The Devices tab of /profile (API.md "Account security"): one browser signs another out, and the
 * other is sent to the sign-in page on its next request; "sign out all others" keeps only this one.
 */
for (const language of ['ar', 'en'] as const) {
  test.describe(`devices (${language})`, () => {
    test.describe.configure({ timeout: 180_000 });
    const t = (key: string) => text(language, key);

    test('signs another browser out from the Devices tab, and that browser goes to sign in', async ({
      browser,
      request,
      baseURL,
    }) => {
      const owner = await registerOwner(request, `devices-${language}`);
      const second = await login(request, owner.email, owner.password);
      const first = await signedIn(browser, baseURL!, owner.session, language);
      const other = await signedIn(browser, baseURL!, second, language);
      try {
        await first.page.goto('/profile?tab=devices');
        await waitForApp(first.page);
        await expect(
          first.page.getByRole('heading', { name: t('users.devices.title'), level: 2 }),
        ).toBeVisible();
        const rows = first.page.getByTestId('device-session');
        await expect(rows).toHaveCount(2);
        const current = rows.filter({ hasText: t('users.devices.thisDevice') });
        await expect(current).toHaveCount(1);
        await expect(current.getByRole('button', { name: t('users.devices.signOutOne') })).toHaveCount(0);
        await expect(rows.first()).toContainText(t('users.devices.lastUsed'));
        await expectNoA11yViolations(first.page);

        // The other browser is signed in before it is signed out.
        await other.page.goto('/profile');
        await waitForApp(other.page);
        await expect(other.page).toHaveURL(/\/profile/);

        const theOther = rows.filter({ hasNotText: t('users.devices.thisDevice') });
        await theOther.getByRole('button', { name: t('users.devices.signOutOne') }).click();
        await theOther.getByRole('button', { name: t('users.devices.confirm') }).click();
        await expect(first.page.getByText(t('users.devices.signedOutOne')).first()).toBeVisible();
        await expect(rows).toHaveCount(1);
        await expect(first.page.getByRole('button', { name: t('users.devices.signOutOthers') })).toHaveCount(
          0,
        );

        // Its open event stream is closed by the server, so it is sent to sign in without a click.
        await expect(other.page).toHaveURL(/\/login/);
        await expect(other.page.getByText(t('common.session.revokedBody')).first()).toBeVisible();

        // Two more sign-ins elsewhere, then "sign out all other devices", confirmed.
        await login(request, owner.email, owner.password);
        await login(request, owner.email, owner.password);
        await first.page.reload();
        await waitForApp(first.page);
        await expect(rows).toHaveCount(3);
        await first.page.getByRole('button', { name: t('users.devices.signOutOthers') }).click();
        await expect(first.page.getByText(t('users.devices.confirmOthers'))).toBeVisible();
        await expectNoA11yViolations(first.page);
        await first.page.getByRole('button', { name: t('users.devices.confirmOthersButton') }).click();
        await expect(rows).toHaveCount(1);
        await expect(rows.first()).toContainText(t('users.devices.thisDevice'));
      } finally {
        await first.context.close();
        await other.context.close();
      }
    });
  });
}
