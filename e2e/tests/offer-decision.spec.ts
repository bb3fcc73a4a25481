import type { APIRequestContext } from '@playwright/test';
import { expectNoA11yViolations } from '../support/axe';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/env';
import { expect, test, type Language, contextsClosedAfterEach } from '../support/fixtures';
import { text } from '../support/locales';
import { waitForMail } from '../support/mail';
import { login, post, publishListing, registerOwner, signedIn } from './opportunities-support';

/**
 * Issue 22 items 5 and 14 at phone width, in Arabic and English: the owner accepts an offer only
 * after a confirmation that says the decision is final, with a note to the investor; the investor then
 * finds, on the listing itself, "you offered X on date", the status and the note instead of a blank
 * form, and the owner opens the chat with that investor from the offer.
 */

const PHONE = { width: 375, height: 740 };
const SHOTS = process.env.E2E_SHOTS_DIR;

async function setUp(request: APIRequestContext, language: Language) {
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const owner = await registerOwner(request, `decide-owner-${language}`, `owner ${stamp}`);
  const investorName = language === 'ar' ? `مستثمر ${stamp}` : `Investor ${stamp}`;
  const investor = await registerOwner(request, `decide-investor-${language}`, investorName);
  const admin = await login(request, ADMIN_EMAIL, ADMIN_PASSWORD);
  const listing = {
    name: `Harbor Bakery ${stamp}`,
    nameAr: `مخبز المرفأ ${stamp}`,
    type: 'invest',
    description: 'A neighbourhood bakery with two ovens and a loyal morning trade.',
    descriptionAr: 'مخبز حي بفرنين وزبائن ثابتين كل صباح.',
    businessTypeId: 8,
    regionId: 1,
    cityId: 1,
    offeredPercentage: 25,
    requiredAmount: 300_000,
    negotiable: true,
    waitForHighestOffer: false,
    ebitda: 90_000,
    yearlySales: 500_000,
    yearlyOperationalCost: 380_000,
    expectedYearProfitPercentage: 14,
    facilitySize: 6,
    facilityFoundationDay: '2019-03-01',
    contactPhone: '0551234567',
    images: [],
    documents: [],
    logo: null,
  };
  const id = await publishListing(request, listing, owner.session.accessToken, admin.accessToken);

  // The offer itself is the subject of offers-chat.spec.ts; here it is made through the API.
  const token = investor.session.accessToken;
  const asked = await post(request, `/api/opportunities/${id}/offers/code`, { email: investor.email }, token);
  expect(asked.status(), 'offer code').toBe(200);
  const mail = await waitForMail(request, investor.email, (m) => /\d{4}$/.test(m.subject));
  const made = await post(
    request,
    `/api/opportunities/${id}/offers`,
    {
      name: investorName,
      phone: '0559876543',
      reasons: { wantsOffer: true },
      message: 'I would like to buy a stake and visit next week.',
      amount: 250_000,
      email: investor.email,
      code: /(\d{4})$/.exec(mail.subject)![1],
    },
    token,
  );
  expect(made.status(), `offer: ${await made.text()}`).toBe(201);
  return { id, title: language === 'ar' ? listing.nameAr : listing.name, owner, investor, investorName };
}

for (const language of ['ar', 'en'] as const) {
  test.describe(`deciding an offer with a note, at phone width (${language})`, () => {
    test.use({ language });
    test.describe.configure({ timeout: 180_000 });
    const t = (key: string) => text(language, key);
    const contexts = contextsClosedAfterEach();

    test('the owner accepts after a confirmation, and the investor sees "you offered X, accepted" and the note', async ({
      browser,
      request,
      baseURL,
    }) => {
      const cast = await setUp(request, language);
      const ownerSide = await signedIn(browser, baseURL!, cast.owner.session, language, { viewport: PHONE });
      const investorSide = await signedIn(browser, baseURL!, cast.investor.session, language, {
        viewport: PHONE,
      });
      contexts.push(ownerSide.context, investorSide.context);
      const ownerPage = ownerSide.page;
      const investorPage = investorSide.page;
      const note =
        language === 'ar'
          ? 'أهلًا بك، نلتقي يوم الأحد في المخبز.'
          : 'Welcome aboard; let us meet at the bakery on Sunday.';

      await test.step('Accept asks first, says the decision is final, and takes a note', async () => {
        await ownerPage.goto(`/opportunities/${cast.id}`);
        const card = ownerPage
          .getByRole('article')
          .filter({ has: ownerPage.getByRole('heading', { name: cast.investorName }) });
        await card.getByRole('button', { name: t('offers.received.accept'), exact: true }).click();
        const dialog = ownerPage.getByRole('alertdialog');
        await expect(dialog).toContainText(
          t('offers.received.confirmBody').replace('{{name}}', cast.investorName),
        );
        const field = dialog.getByLabel(t('offers.received.note'));
        await expect(field).toBeVisible();
        await field.fill(note);
        if (SHOTS) await ownerPage.screenshot({ path: `${SHOTS}/${language}-decision-dialog.png` });
        await expectNoA11yViolations(ownerPage);
        // Nothing is decided before the confirmation.
        await dialog.getByRole('button', { name: t('offers.received.cancel'), exact: true }).click();
        await expect(dialog).toHaveCount(0);
        await expect(card.getByText(t('offers.status.new'), { exact: true })).toBeVisible();

        await card.getByRole('button', { name: t('offers.received.accept'), exact: true }).click();
        await ownerPage.getByRole('alertdialog').getByLabel(t('offers.received.note')).fill(note);
        await ownerPage
          .getByRole('alertdialog')
          .getByRole('button', { name: t('offers.received.confirmAccept') })
          .click();
        await expect(ownerPage.getByRole('alertdialog')).toHaveCount(0);
        await expect(card.getByText(t('offers.status.accepted'), { exact: true })).toBeVisible();
        await expect(card).toContainText(note);
        await expect(
          card.getByRole('button', { name: t('offers.received.accept'), exact: true }),
        ).toHaveCount(0);
        expect(await ownerPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          PHONE.width,
        );
        await card.scrollIntoViewIfNeeded();
        if (SHOTS) await ownerPage.screenshot({ path: `${SHOTS}/${language}-received-decided.png` });
      });

      await test.step('the investor is emailed the note', async () => {
        const mail = await waitForMail(request, cast.investor.email, (m) => m.text.includes(note));
        expect(mail.text).toContain(note);
      });

      await test.step('the listing shows the investor their offer, its status and the note, not a blank form', async () => {
        await investorPage.goto(`/opportunities/${cast.id}`);
        const mine = investorPage.getByRole('region', { name: t('offers.latest.title') });
        await expect(mine).toContainText(/250,000/);
        await expect(mine.getByText(t('offers.status.accepted'), { exact: true })).toBeVisible();
        await expect(mine).toContainText(note);
        await expect(mine.getByLabel(t('offers.form.name'), { exact: true })).toHaveCount(0);
        await expect(investorPage.getByRole('region', { name: t('offers.form.title') })).toHaveCount(0);
        expect(await investorPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          PHONE.width,
        );
        await mine.scrollIntoViewIfNeeded();
        if (SHOTS) await investorPage.screenshot({ path: `${SHOTS}/${language}-latest-offer.png` });
        await expectNoA11yViolations(investorPage);

        await mine.getByRole('button', { name: t('offers.latest.another') }).click();
        await expect(investorPage.getByRole('region', { name: t('offers.form.title') })).toBeVisible();
        await expect(investorPage.getByLabel(t('offers.form.name'), { exact: true })).toBeVisible();
      });

      await test.step("the owner's Message opens the chat with that investor", async () => {
        const card = ownerPage
          .getByRole('article')
          .filter({ has: ownerPage.getByRole('heading', { name: cast.investorName }) });
        await card.getByRole('button', { name: t('offers.received.message') }).click();
        await expect(ownerPage).toHaveURL(/\/profile\/chats\/\d+$/);
        await expect(ownerPage.getByRole('heading', { level: 1, name: cast.investorName })).toBeVisible();
      });
    });
  });
}
