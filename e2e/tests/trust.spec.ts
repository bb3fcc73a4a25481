import type { APIRequestContext } from '@playwright/test';
import { expectNoA11yViolations } from '../support/axe';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/env';
import { expect, test, type Language, contextsClosedAfterEach } from '../support/fixtures';
import { text } from '../support/locales';
import { waitForMail } from '../support/mail';
import { escapeRegExp, ui } from './admin-support';
import {
  login,
  pdf,
  post,
  publishListing,
  registerOwner,
  signedIn,
  type Session,
} from './opportunities-support';

/**
 * Trust (issue 24) end to end, in Arabic and in English: a buyer sends a proof of funds, an admin
 * approves it, and the owner of a verified-buyers-only listing sees the badge on that buyer's offer;
 * an owner blocks an investor from their chat, and the investor's next message is refused with the
 * server's BLOCKED message.
 */

/** The BLOCKED message of packages/shared/src/error-messages.ts, as the chat shows it. */
const BLOCKED_MESSAGE: Record<Language, string> = {
  ar: 'لا يمكنك التواصل مع هذا المستخدم أو التعامل مع فرصه',
  en: 'You cannot contact this user or act on their listings',
};
const CODE_SUBJECT = /(\d{4})$/;

function listingInput(stamp: string, verifiedBuyersOnly: boolean) {
  return {
    name: `Trust Bakery ${stamp}`,
    nameAr: `مخبز الثقة ${stamp}`,
    type: 'buy',
    description: 'A neighbourhood bakery with a loyal morning trade and two ovens in good order.',
    descriptionAr: 'مخبز حي له زبائن دائمون في الصباح وفرنان بحالة جيدة.',
    businessTypeId: 8,
    regionId: 1,
    cityId: 1,
    offeredPercentage: 100,
    requiredAmount: 350_000,
    negotiable: false,
    waitForHighestOffer: false,
    verifiedBuyersOnly,
    ebitda: 90_000,
    yearlySales: 500_000,
    yearlyOperationalCost: 380_000,
    expectedYearProfitPercentage: 12,
    facilitySize: 6,
    facilityFoundationDay: '2019-03-01',
    contactPhone: '0551234567',
    images: [],
    documents: [],
    logo: null,
  };
}

async function members(request: APIRequestContext, language: Language, verifiedBuyersOnly: boolean) {
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const ownerName = language === 'ar' ? `مالك ${stamp}` : `Owner ${stamp}`;
  const buyerName = language === 'ar' ? `مشتر ${stamp}` : `Buyer ${stamp}`;
  const owner = await registerOwner(request, `trust-owner-${language}`, ownerName);
  const buyer = await registerOwner(request, `trust-buyer-${language}`, buyerName);
  const admin = await login(request, ADMIN_EMAIL, ADMIN_PASSWORD);
  const listing = listingInput(stamp, verifiedBuyersOnly);
  const id = await publishListing(request, listing, owner.session.accessToken, admin.accessToken);
  return {
    id,
    title: language === 'ar' ? listing.nameAr : listing.name,
    admin,
    owner: { name: ownerName, session: owner.session },
    buyer: { name: buyerName, email: buyer.email, session: buyer.session },
  };
}

/** An offer made through the API, with the code from the mail catcher. */
async function offer(request: APIRequestContext, id: number, email: string, session: Session, name: string) {
  const asked = await post(request, `/api/opportunities/${id}/offers/code`, { email }, session.accessToken);
  expect(asked.status(), `offer code: ${await asked.text()}`).toBe(200);
  const mail = await waitForMail(request, email, (m) => CODE_SUBJECT.test(m.subject));
  const made = await post(
    request,
    `/api/opportunities/${id}/offers`,
    {
      name,
      phone: '0559876543',
      reasons: { wantsOffer: true },
      message: 'I would like to buy the bakery and keep its staff.',
      email,
      code: CODE_SUBJECT.exec(mail.subject)![1],
    },
    session.accessToken,
  );
  expect(made.status(), `offer: ${await made.text()}`).toBe(201);
}

for (const language of ['ar', 'en'] as const) {
  test.describe(`trust: verified buyers and blocks (${language})`, () => {
    test.use({ language });
    test.describe.configure({ timeout: 180_000 });
    const t = (key: string) => text(language, key);
    const contexts = contextsClosedAfterEach();

    test('a proof of funds approved by an admin shows as a badge on the buyer’s offer', async ({
      browser,
      request,
      baseURL,
    }) => {
      const cast = await members(request, language, true);
      const buyerSide = await signedIn(browser, baseURL!, cast.buyer.session, language);
      const adminSide = await signedIn(browser, baseURL!, cast.admin, language);
      const ownerSide = await signedIn(browser, baseURL!, cast.owner.session, language);
      contexts.push(buyerSide.context, adminSide.context, ownerSide.context);

      await test.step('the listing tells the unverified buyer before they try', async () => {
        const page = buyerSide.page;
        await page.goto(`/opportunities/${cast.id}`);
        await expect(page.getByRole('heading', { level: 1, name: cast.title })).toBeVisible();
        await expect(page.getByText(t('safety.trust.verifiedOnlyBody'))).toBeVisible();
        await page.getByRole('link', { name: t('safety.trust.getVerified') }).click();
        await expect(page).toHaveURL(/\/profile\?tab=verification$/);
      });

      await test.step('the buyer sends a proof of funds from the profile', async () => {
        const page = buyerSide.page;
        await expect(
          page.getByRole('heading', { name: t('trust.verification.title'), exact: true }),
        ).toBeVisible();
        await page.getByLabel(t('trust.verification.kind')).selectOption('proof_of_funds');
        await page.getByLabel(t('trust.verification.file'), { exact: true }).setInputFiles({
          name: 'bank-letter.pdf',
          mimeType: 'application/pdf',
          buffer: pdf('Bank letter'),
        });
        await expectNoA11yViolations(page);
        await page.getByRole('button', { name: t('trust.verification.send'), exact: true }).click();
        const request = page.getByTestId('verification-request');
        await expect(request.getByText(t('trust.statuses.pending'), { exact: true })).toBeVisible();
        await expect(page.getByText(t('trust.verification.pendingNote'))).toBeVisible();
      });

      await test.step('an admin approves it in the Verifications tab', async () => {
        const page = adminSide.page;
        await page.goto('/admin/verifications');
        await expect(
          page.getByRole('heading', { level: 1, name: t('admin.verifications.title') }),
        ).toBeVisible();
        const item = page
          .getByTestId('admin-verification')
          .filter({ hasText: new RegExp(escapeRegExp(cast.buyer.name)) });
        await expect(item.getByRole('link', { name: /bank-letter\.pdf/ })).toBeVisible();
        await expectNoA11yViolations(page);
        await item.getByRole('button', { name: t('admin.verifications.approve'), exact: true }).click();
        await expect(page.getByText(t('admin.verifications.approved'))).toBeVisible();
      });

      await test.step('the buyer is verified and offers; the owner sees the badge', async () => {
        const page = buyerSide.page;
        await page.reload();
        await expect(page.getByText(t('safety.trust.verifiedBuyer'), { exact: true }).first()).toBeVisible();
        await offer(request, cast.id, cast.buyer.email, cast.buyer.session, cast.buyer.name);

        const owner = ownerSide.page;
        await owner.goto(`/opportunities/${cast.id}`);
        const card = owner
          .getByRole('article')
          .filter({ has: owner.getByRole('heading', { name: cast.buyer.name }) });
        await expect(card.getByText(t('safety.trust.verifiedBuyer'), { exact: true })).toBeVisible();
        await expectNoA11yViolations(owner);
      });
    });

    test('an owner blocks an investor from the chat; the investor’s next message is refused', async ({
      browser,
      request,
      baseURL,
    }) => {
      const cast = await members(request, language, false);
      const started = await post(
        request,
        '/api/chat',
        { opportunityId: cast.id },
        cast.buyer.session.accessToken,
      );
      expect(started.status()).toBe(201);
      const chatId = ((await started.json()) as { chat: { id: number } }).chat.id;
      const first = language === 'ar' ? 'مرحبًا، هل المخبز متاح؟' : 'Hello, is the bakery available?';
      const sent = await post(
        request,
        `/api/chat/${chatId}/messages`,
        { body: first },
        cast.buyer.session.accessToken,
      );
      expect(sent.status()).toBe(201);

      const ownerSide = await signedIn(browser, baseURL!, cast.owner.session, language);
      const buyerSide = await signedIn(browser, baseURL!, cast.buyer.session, language);
      contexts.push(ownerSide.context, buyerSide.context);

      await test.step('the owner blocks the investor from the chat header', async () => {
        const page = ownerSide.page;
        await page.goto(`/profile/chats/${chatId}`);
        await expect(page.getByRole('heading', { level: 1, name: cast.buyer.name })).toBeVisible();
        await expect(page.getByText(first)).toBeVisible();
        await page.getByRole('button', { name: t('safety.trust.block'), exact: true }).click();
        const dialog = page.getByRole('alertdialog', {
          name: ui(language, 'safety.trust.blockTitle', { name: cast.buyer.name }),
        });
        await expect(dialog).toBeVisible();
        await expectNoA11yViolations(page);
        await dialog.getByRole('button', { name: t('safety.trust.blockConfirm'), exact: true }).click();
        await expect(page).toHaveURL(/\/profile\/chats$/);
        await expect(page.getByRole('link', { name: new RegExp(escapeRegExp(cast.buyer.name)) })).toHaveCount(
          0,
        );
      });

      await test.step('the investor’s next message is refused with the BLOCKED message', async () => {
        const page = buyerSide.page;
        await page.goto(`/profile/chats/${chatId}`);
        const composer = page.getByRole('textbox', { name: t('chat.composerLabel'), exact: true });
        await composer.fill(language === 'ar' ? 'هل أنت هناك؟' : 'Are you there?');
        await page.getByRole('button', { name: t('chat.send'), exact: true }).click();
        const alert = page.getByRole('alert').filter({ hasText: t('chat.sendFailed') });
        await expect(alert).toContainText(BLOCKED_MESSAGE[language]);
        await expectNoA11yViolations(page);
      });

      await test.step('the owner finds the investor under Blocked users and unblocks them', async () => {
        const page = ownerSide.page;
        await page.goto('/profile?tab=blocked-users');
        await expect(page.getByText(cast.buyer.name, { exact: true })).toBeVisible();
        await expectNoA11yViolations(page);
        await page
          .getByRole('button', { name: ui(language, 'trust.blocks.unblockLabel', { name: cast.buyer.name }) })
          .click();
        await expect(page.getByText(t('trust.blocks.emptyTitle'))).toBeVisible();
      });
    });
  });
}
