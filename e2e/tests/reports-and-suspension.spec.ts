import type { APIRequestContext, Page } from '@playwright/test';
import { csrfHeaders } from '../support/api';
import { expectNoA11yViolations } from '../support/axe';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/env';
import { expect, test, type Language, contextsClosedAfterEach } from '../support/fixtures';
import { solveHumanCheck } from '../support/human-check';
import { text } from '../support/locales';
import { waitForMail } from '../support/mail';
import { login, post, registerOwner, signedIn, type Session } from './opportunities-support';

/**
 * Trust and safety (issue 24), in both languages: a buyer reports a listing, an admin resolves the
 * report by suspending the listing and the buyer's bell says so; an admin suspends a user whose
 * browser is signed in, that browser is signed out on its next request, and signing in again says
 * the account is suspended.
 */

function plural(language: Language, key: string, count: number): string {
  const category = count === 0 ? 'zero' : new Intl.PluralRules(language).select(count);
  return text(language, `${key}_${category}`).replace('{{count}}', String(count));
}

async function waitForAppReady(page: Page) {
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-app-ready'), null, {
    timeout: 20_000,
  });
}

/** A listing of `owner`, created and approved through the API. */
async function publishedListing(request: APIRequestContext, owner: Session, admin: Session, stamp: string) {
  const listing = {
    name: `Falcon Print Shop ${stamp}`,
    nameAr: `مطبعة الصقر ${stamp}`,
    type: 'invest',
    description: 'A print shop near two universities with steady yearly contracts.',
    descriptionAr: 'مطبعة قرب جامعتين لها عقود سنوية ثابتة.',
    businessTypeId: 8,
    regionId: 1,
    cityId: 1,
    offeredPercentage: 30,
    requiredAmount: 420_000,
    negotiable: false,
    waitForHighestOffer: false,
    ebitda: 110_000,
    yearlySales: 700_000,
    yearlyOperationalCost: 590_000,
    expectedYearProfitPercentage: 12,
    facilitySize: 6,
    facilityFoundationDay: '2018-05-01',
    contactPhone: '0551234567',
    images: [],
    documents: [],
    logo: null,
  };
  const created = await post(request, '/api/opportunities', listing, owner.accessToken);
  expect(created.status(), `create the listing: ${await created.text()}`).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const approved = await post(request, `/api/admin/opportunities/${id}/approve`, {}, admin.accessToken);
  expect(approved.status(), 'approve the listing').toBe(200);
  return { id, name: listing.name, nameAr: listing.nameAr };
}

for (const language of ['ar', 'en'] as const) {
  test.describe(`reports and suspension (${language})`, () => {
    test.use({ language });
    test.describe.configure({ timeout: 180_000 });
    const t = (key: string) => text(language, key);
    const contexts = contextsClosedAfterEach();

    test('report a listing, the admin suspends it, the reporter is notified', async ({
      browser,
      request,
      baseURL,
    }) => {
      const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
      const admin = await login(request, ADMIN_EMAIL, ADMIN_PASSWORD);
      const owner = await registerOwner(request, `report-owner-${language}`, `owner ${stamp}`);
      const reporter = await registerOwner(request, `report-buyer-${language}`, `buyer ${stamp}`);
      // The reporter reads email in the test's language.
      const profile = await request.patch('/api/users/me', {
        data: { language },
        headers: { ...(await csrfHeaders(request)), authorization: `Bearer ${reporter.session.accessToken}` },
      });
      expect(profile.status(), 'PATCH /api/users/me language').toBe(200);
      const listing = await publishedListing(request, owner.session, admin, stamp);
      const title = language === 'ar' ? listing.nameAr : listing.name;
      const { page, context } = await signedIn(browser, baseURL!, reporter.session, language);
      contexts.push(context);
      // What a returning signed-in browser holds (public/boot.js): the server renders the page signed in.
      await context.addCookies([{ name: 'signed_in', value: '1', url: baseURL! }]);

      await test.step('the reporter reports the listing from its page', async () => {
        await page.goto(`/opportunities/${listing.id}`);
        await waitForAppReady(page);
        await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
        await page.getByRole('button', { name: t('safety.report.button.opportunity') }).click();
        const dialog = page.getByRole('dialog', { name: t('safety.report.title.opportunity') });
        await expect(dialog).toBeVisible();
        // Checked in the browser first: nothing chosen, nothing written.
        await dialog.getByRole('button', { name: t('safety.report.submit') }).click();
        await expect(dialog.getByLabel(t('safety.report.details'))).toHaveAttribute('aria-invalid', 'true');
        await expectNoA11yViolations(page);
        await dialog.getByLabel(t('safety.report.reason')).selectOption('fraud');
        await dialog
          .getByLabel(t('safety.report.details'))
          .fill(
            language === 'ar'
              ? 'الأرقام المالية منسوخة من إعلان آخر'
              : 'The figures are copied from another listing',
          );
        await dialog.getByRole('button', { name: t('safety.report.submit') }).click();
        await expect(dialog).toBeHidden();
        await expect(page.getByText(t('safety.report.sent'))).toBeVisible();
        await expect(
          page.getByRole('button', { name: plural(language, 'common.nav.notificationsUnread', 0) }),
        ).toBeVisible();
      });

      await test.step('the admin resolves it by suspending the listing', async () => {
        const adminSide = await signedIn(browser, baseURL!, admin, language);
        contexts.push(adminSide.context);
        const adminPage = adminSide.page;
        await adminPage.goto('/admin');
        await waitForAppReady(adminPage);
        await adminPage
          .getByRole('navigation', { name: t('admin.nav.label') })
          .getByRole('link', { name: t('admin.nav.reports') })
          .click();
        await expect(
          adminPage.getByRole('heading', { level: 1, name: t('admin.reports.title') }),
        ).toBeVisible();
        const card = adminPage.getByRole('article').filter({ hasText: title });
        await expect(card).toBeVisible();
        await expect(card.getByRole('link', { name: title })).toHaveAttribute(
          'href',
          `/admin/opportunities/${listing.id}`,
        );
        await expectNoA11yViolations(adminPage);
        await card.getByRole('button', { name: t('admin.reports.resolve') }).click();
        const dialog = adminPage.getByRole('dialog', { name: t('admin.reports.resolveTitle') });
        await expect(dialog.getByLabel(t('admin.reports.action'))).toHaveValue('suspend_opportunity');
        await dialog
          .getByLabel(t('admin.reports.note'))
          .fill(language === 'ar' ? 'أوقفنا الفرصة' : 'Listing taken down');
        await expectNoA11yViolations(adminPage);
        await dialog.getByRole('button', { name: t('admin.reports.resolve') }).click();
        await expect(dialog).toBeHidden();
        await expect(adminPage.getByText(t('admin.reports.resolvedDone'))).toBeVisible();
        await expect(card).toBeHidden();
      });

      await test.step('the listing is gone for the public, and the reporter is notified', async () => {
        const detail = await request.get(`/api/opportunities/${listing.id}`);
        expect(detail.status()).toBe(404);
        const bell = page.getByRole('button', {
          name: plural(language, 'common.nav.notificationsUnread', 1),
        });
        await expect(bell).toBeVisible({ timeout: 15_000 });
        await bell.click();
        const panel = page.getByRole('dialog');
        await expect(panel.getByRole('heading', { name: t('notifications.title') })).toBeVisible();
        await expect(
          panel.getByText(language === 'ar' ? 'اتخذنا إجراءً بشأن بلاغك' : 'We acted on your report'),
        ).toBeVisible();
        await expectNoA11yViolations(page);
        const mail = await waitForMail(request, reporter.email, (m) =>
          m.subject.includes(language === 'ar' ? 'اتخذنا إجراءً بشأن بلاغك' : 'We acted on your report'),
        );
        expect(mail.html).toContain(`dir="${language === 'ar' ? 'rtl' : 'ltr'}"`);
      });
    });

    test('an admin suspends a user: their open session is signed out, and sign-in says why', async ({
      browser,
      request,
      baseURL,
    }) => {
      const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
      const username = `suspect${stamp}`;
      const admin = await login(request, ADMIN_EMAIL, ADMIN_PASSWORD);
      const user = await registerOwner(request, `suspend-${language}`, username);
      const userSide = await signedIn(browser, baseURL!, user.session, language);
      contexts.push(userSide.context);
      const userPage = userSide.page;
      await userPage.goto('/profile');
      await waitForAppReady(userPage);
      await expect(userPage).toHaveURL(/\/profile/);

      await test.step('the admin suspends the user from the users list', async () => {
        const adminSide = await signedIn(browser, baseURL!, admin, language);
        contexts.push(adminSide.context);
        const adminPage = adminSide.page;
        await adminPage.goto(`/admin/users?q=${username}`);
        await waitForAppReady(adminPage);
        const suspend = adminPage.getByRole('button', { name: `${t('admin.users.suspend')} ${username}` });
        await expect(suspend).toBeVisible();
        await expectNoA11yViolations(adminPage);
        await suspend.click();
        const dialog = adminPage.getByRole('dialog', { name: t('admin.users.suspendTitle') });
        await dialog.getByLabel(t('admin.users.reason')).fill('short');
        await dialog.getByRole('button', { name: t('admin.users.suspend') }).click();
        await expect(dialog.getByLabel(t('admin.users.reason'))).toHaveAttribute('aria-invalid', 'true');
        await expectNoA11yViolations(adminPage);
        await dialog
          .getByLabel(t('admin.users.reason'))
          .fill(language === 'ar' ? 'احتيال متكرر على المشترين' : 'Repeated fraud against buyers');
        await dialog.getByRole('button', { name: t('admin.users.suspend') }).click();
        await expect(dialog).toBeHidden();
        await expect(adminPage.getByText(t('admin.users.statuses.suspended'), { exact: true })).toBeVisible();
        await expect(
          adminPage.getByRole('button', { name: `${t('admin.users.reinstate')} ${username}` }),
        ).toBeVisible();
      });

      await test.step('the user’s next request signs their browser out', async () => {
        await userPage.reload();
        await expect(userPage).toHaveURL(/\/login/, { timeout: 15_000 });
        const mail = await waitForMail(request, user.email, (m) =>
          m.text.includes(language === 'ar' ? 'احتيال متكرر على المشترين' : 'Repeated fraud against buyers'),
        );
        expect(mail.subject.length).toBeGreaterThan(0);
      });

      await test.step('signing in again says the account is suspended', async () => {
        await waitForAppReady(userPage);
        await userPage.getByLabel(t('auth.shared.email')).fill(user.email);
        await userPage.getByLabel(t('auth.shared.password'), { exact: true }).fill(user.password);
        await solveHumanCheck(userPage);
        await userPage.getByRole('button', { name: t('auth.login.submit'), exact: true }).click();
        await expect(userPage.getByText(t('auth.login.errors.suspended'))).toBeVisible();
        await expectNoA11yViolations(userPage);
      });
    });
  });
}
