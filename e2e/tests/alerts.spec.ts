import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoA11yViolations } from '../support/axe';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/env';
import { expect, test, type Language, contextsClosedAfterEach } from '../support/fixtures';
import { text } from '../support/locales';
import { linkIn, waitForMail } from '../support/mail';
import { login, post, registerOwner, signedIn, type Session } from './opportunities-support';

/**
 * Issue 11 end to end, in Arabic and in English: a buyer saves a search on /search; an owner's
 * matching listing is approved by an admin; the alert email reaches /dev/mail and the buyer's bell
 * rises without a reload; the notification opens the listing; the saved search shows its new match
 * in the profile; the email's unsubscribe link works without signing in.
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

/** The owner's listing, created through the API (pending review). */
async function pendingListing(request: APIRequestContext, owner: Session, stamp: string, language: Language) {
  const listing = {
    name: `Harbour Bakery ${stamp}`,
    nameAr: `مخبز الميناء ${stamp}`,
    type: 'invest',
    description: 'A family bakery in north Riyadh with wholesale contracts to three hotels.',
    descriptionAr: 'مخبز عائلي في شمال الرياض له عقود توريد مع ثلاثة فنادق.',
    businessTypeId: 8,
    regionId: 1,
    cityId: 1,
    offeredPercentage: 25,
    requiredAmount: 350_000,
    negotiable: true,
    waitForHighestOffer: false,
    ebitda: 120_000,
    yearlySales: 800_000,
    yearlyOperationalCost: 500_000,
    expectedYearProfitPercentage: 14,
    facilitySize: 8,
    facilityFoundationDay: '2017-02-01',
    contactPhone: '0551234567',
    images: [],
    documents: [],
    logo: null,
  };
  const created = await post(request, '/api/opportunities', listing, owner.accessToken);
  expect(created.status(), `create the listing: ${await created.text()}`).toBe(201);
  const { id } = (await created.json()) as { id: number };
  return { id, title: language === 'ar' ? listing.nameAr : listing.name };
}

for (const language of ['ar', 'en'] as const) {
  test.describe(`saved searches, alerts and the bell (${language})`, () => {
    test.use({ language });
    test.describe.configure({ timeout: 180_000 });
    const t = (key: string) => text(language, key);
    const contexts = contextsClosedAfterEach();

    test('a visitor who wants to save a search is sent to sign in and back', async ({ page }) => {
      await page.goto('/search?q=bakery&regionId=2&sort=newest&page=1');
      await page.getByRole('link', { name: t('saved-searches.signInToSave') }).click();
      await expect(page).toHaveURL(/\/login\?redirect=/);
      const target = new URL(page.url()).searchParams.get('redirect');
      expect(target).toBe('/search?q=bakery&regionId=2&sort=newest&page=1');
    });

    test('save a search, get the alert by email and on the bell, open it, unsubscribe', async ({
      browser,
      request,
      baseURL,
    }) => {
      const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
      const buyer = await registerOwner(request, `alerts-buyer-${language}`, `buyer ${stamp}`);
      const owner = await registerOwner(request, `alerts-owner-${language}`, `owner ${stamp}`);
      const { page, context } = await signedIn(browser, baseURL!, buyer.session, language);
      contexts.push(context);
      const searchName = language === 'ar' ? `مخابز الرياض ${stamp}` : `Riyadh bakeries ${stamp}`;

      await test.step('save the search from /search', async () => {
        const stream = page.waitForResponse(
          (response) => new URL(response.url()).pathname === '/api/chat/stream',
        );
        await page.goto(`/search?q=${stamp}&regionId=1&sort=newest&page=1`);
        await waitForAppReady(page);
        expect((await stream).status()).toBe(200);
        await page.evaluate(() => Object.assign(window, { e2eSameDocument: true }));
        const bell = page.getByRole('button', {
          name: plural(language, 'common.nav.notificationsUnread', 0),
        });
        await expect(bell).toBeVisible();

        await page.getByRole('button', { name: t('saved-searches.save') }).click();
        const dialog = page.getByRole('dialog', { name: t('saved-searches.saveTitle') });
        // The name is suggested from the filters; emptied, it is required.
        const name = dialog.getByLabel(t('saved-searches.name'));
        await expect(name).not.toHaveValue('');
        await name.fill('');
        await dialog.getByRole('button', { name: t('saved-searches.submit') }).click();
        await expect(name).toHaveAttribute('aria-invalid', 'true');
        await name.fill(searchName);
        await expect(
          dialog.getByRole('radio', { name: t('saved-searches.frequencies.instant') }),
        ).toBeChecked();
        await expectNoA11yViolations(page);
        await dialog.getByRole('button', { name: t('saved-searches.submit') }).click();
        await expect(dialog).toBeHidden();
        await expect(page.getByText(t('saved-searches.saved').replace('{{name}}', searchName))).toBeVisible();
      });

      const listing = await pendingListing(request, owner.session, stamp, language);

      await test.step('an admin approves the matching listing in the admin panel', async () => {
        const admin = await login(request, ADMIN_EMAIL, ADMIN_PASSWORD);
        const adminSide = await signedIn(browser, baseURL!, admin, language);
        contexts.push(adminSide.context);
        await adminSide.page.goto(`/admin/opportunities/${listing.id}`);
        await waitForAppReady(adminSide.page);
        const decisions = adminSide.page.getByRole('region', { name: t('admin.review.decisions') });
        await decisions.getByRole('button', { name: t('admin.moderation.approve'), exact: true }).click();
        await expect(decisions.getByRole('button', { name: t('admin.moderation.suspend') })).toBeVisible();
      });

      await test.step('the alert email is in /dev/mail', async () => {
        const mail = await waitForMail(request, buyer.email, (m) => m.subject.includes(searchName), 60_000);
        expect(mail.html).toContain(`dir="${language === 'ar' ? 'rtl' : 'ltr'}"`);
        const mailPage = await context.newPage();
        await mailPage.goto(`/dev/mail?to=${encodeURIComponent(buyer.email)}`);
        await expect(mailPage.getByText(mail.subject).first()).toBeVisible();
        await mailPage.close();
      });

      await test.step('the bell rises without a reload, and its notification opens the listing', async () => {
        const bell = page.getByRole('button', {
          name: plural(language, 'common.nav.notificationsUnread', 1),
        });
        await expect(bell).toBeVisible({ timeout: 15_000 });
        const same = await page.evaluate(
          () => (window as { e2eSameDocument?: boolean }).e2eSameDocument === true,
        );
        expect(same, 'the page was not reloaded').toBe(true);
        await bell.click();
        const panel = page.getByRole('dialog');
        await expect(panel.getByRole('heading', { name: t('notifications.title') })).toBeVisible();
        await expectNoA11yViolations(page);
        await panel.getByRole('link', { name: new RegExp(listing.title) }).click();
        await expect(page).toHaveURL(new RegExp(`/opportunities/${listing.id}$`));
        await expect(page.getByRole('heading', { level: 1, name: listing.title })).toBeVisible();
        await expect(
          page.getByRole('button', { name: plural(language, 'common.nav.notificationsUnread', 0) }),
        ).toBeVisible();
      });

      await test.step('the profile lists the search with its new match', async () => {
        await page.goto('/profile?tab=saved-searches');
        await waitForAppReady(page);
        const row = page.getByTestId('saved-search').filter({ hasText: searchName });
        await expect(row).toBeVisible();
        await expect(row.getByTestId('new-matches')).toHaveText(
          text(language, `saved-searches.newMatches_${new Intl.PluralRules(language).select(1)}`).replace(
            '{{formatted}}',
            '1',
          ),
        );
        await expectNoA11yViolations(page);
        await page.goto('/profile?tab=notifications');
        await waitForAppReady(page);
        await expect(page.getByTestId('notification-item').first()).toContainText(listing.title);
        await expectNoA11yViolations(page);
      });

      await test.step('the unsubscribe link works without signing in', async () => {
        const mail = await waitForMail(request, buyer.email, (m) => m.subject.includes(searchName));
        const link = linkIn(mail, `${baseURL}/saved-searches/unsubscribe`);
        const visitor = await browser.newContext();
        contexts.push(visitor);
        const visitorPage = await visitor.newPage();
        await visitorPage.goto(link);
        await expect(
          visitorPage.getByText(t('saved-searches.unsubscribe.done'), { exact: true }),
        ).toBeVisible();
        await expectNoA11yViolations(visitorPage);
        const list = await request.get('/api/saved-searches', {
          headers: { authorization: `Bearer ${buyer.session.accessToken}` },
        });
        const searches = (await list.json()) as { data: Array<{ name: string; frequency: string }> };
        expect(searches.data.find((s) => s.name === searchName)?.frequency).toBe('off');
      });
    });
  });
}
