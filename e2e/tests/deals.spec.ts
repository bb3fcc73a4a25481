import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoA11yViolations } from '../support/axe';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/env';
import { expect, test, waitForApp, type Language, contextsClosedAfterEach } from '../support/fixtures';
import { text } from '../support/locales';
import { waitForMail } from '../support/mail';
import { login, post, publishListing, registerOwner, signedIn, type Session } from './opportunities-support';

/**
 * A deal from the accepted offer to "sold" (issue 25), in Arabic and in English, with the seller and
 * the buyer in two browsers: the owner accepts the offer, the buyer proposes the letter of intent
 * from the offer's terms, both sign it by typing their names, the listing shows "under offer", the
 * checklist is settled, both ask to close, and the listing shows "sold".
 */

async function setUp(request: APIRequestContext, language: Language) {
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const owner = await registerOwner(request, `deal-owner-${language}`, `seller ${stamp}`);
  const buyerName = language === 'ar' ? `مشتري ${stamp}` : `Buyer ${stamp}`;
  const buyer = await registerOwner(request, `deal-buyer-${language}`, buyerName);
  const admin = await login(request, ADMIN_EMAIL, ADMIN_PASSWORD);
  const listing = {
    name: `Dune Laundry ${stamp}`,
    nameAr: `مغسلة الكثبان ${stamp}`,
    type: 'buy',
    description: 'A laundry with two branches and hotel contracts, sold whole.',
    descriptionAr: 'مغسلة بفرعين وعقود مع فنادق، للبيع بالكامل.',
    businessTypeId: 8,
    regionId: 1,
    cityId: 1,
    offeredPercentage: 100,
    requiredAmount: 900_000,
    negotiable: true,
    waitForHighestOffer: false,
    ebitda: 150_000,
    yearlySales: 700_000,
    yearlyOperationalCost: 520_000,
    expectedYearProfitPercentage: 14,
    facilitySize: 9,
    facilityFoundationDay: '2017-05-01',
    contactPhone: '0551234567',
    images: [],
    documents: [],
    logo: null,
  };
  const id = await publishListing(request, listing, owner.session.accessToken, admin.accessToken);
  const token = buyer.session.accessToken;
  const asked = await post(request, `/api/opportunities/${id}/offers/code`, { email: buyer.email }, token);
  expect(asked.status(), 'offer code').toBe(200);
  const mail = await waitForMail(request, buyer.email, (m) => /\d{4}$/.test(m.subject));
  const made = await post(
    request,
    `/api/opportunities/${id}/offers`,
    {
      name: buyerName,
      phone: '0559876543',
      reasons: { wantsOffer: true },
      message: 'I would like to buy the whole laundry.',
      amount: 850_000,
      email: buyer.email,
      code: /(\d{4})$/.exec(mail.subject)![1],
    },
    token,
  );
  expect(made.status(), `offer: ${await made.text()}`).toBe(201);
  return { id, title: language === 'ar' ? listing.nameAr : listing.name, owner, buyer, buyerName };
}

/** Settles every open checklist item as "not applicable" through the API (the UI is shown on one). */
async function settleChecklist(request: APIRequestContext, dealId: number, session: Session) {
  const headers = { authorization: `Bearer ${session.accessToken}` };
  const deal = (await (await request.get(`/api/deals/${dealId}`, { headers })).json()) as {
    checklist: Array<{ id: number; status: string }>;
  };
  for (const item of deal.checklist.filter((i) => i.status === 'open')) {
    const res = await request.patch(`/api/deals/${dealId}/checklist/${item.id}`, {
      data: { status: 'not_applicable' },
      headers: { ...headers, ...(await csrfOf(request)) },
    });
    expect(res.status()).toBe(200);
  }
}

async function csrfOf(request: APIRequestContext) {
  await request.get('/api/health');
  const cookie = (await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN');
  return { 'x-xsrf-token': cookie!.value };
}

async function open(page: Page, path: string) {
  await page.goto(path);
  await waitForApp(page);
}

for (const language of ['ar', 'en'] as const) {
  test.describe(`a deal from the accepted offer to sold (${language})`, () => {
    test.use({ language });
    test.describe.configure({ timeout: 240_000 });
    const t = (key: string) => text(language, key);
    const contexts = contextsClosedAfterEach();

    test('both parties sign the letter of intent, settle the checklist and close; the listing is sold', async ({
      browser,
      request,
      baseURL,
    }) => {
      const cast = await setUp(request, language);
      const sellerSide = await signedIn(browser, baseURL!, cast.owner.session, language);
      const buyerSide = await signedIn(browser, baseURL!, cast.buyer.session, language, {
        viewport: { width: 375, height: 740 },
      });
      contexts.push(sellerSide.context, buyerSide.context);
      const seller = sellerSide.page;
      const buyer = buyerSide.page;
      let dealPath = '';

      await test.step('the owner accepts the offer, which opens the deal in the Deals tab', async () => {
        await open(seller, `/opportunities/${cast.id}`);
        const card = seller
          .getByRole('article')
          .filter({ has: seller.getByRole('heading', { name: cast.buyerName }) });
        await card.getByRole('button', { name: t('offers.received.accept'), exact: true }).click();
        await seller
          .getByRole('alertdialog')
          .getByRole('button', { name: t('offers.received.confirmAccept') })
          .click();
        await expect(card.getByRole('link', { name: t('offers.received.deal') })).toBeVisible();
        await card.getByRole('link', { name: t('offers.received.deal') }).click();
        const link = seller.getByRole('link', { name: cast.title });
        await expect(link).toBeVisible();
        await expect(seller.getByText(t('deals.stage.loi'), { exact: true })).toBeVisible();
        await expectNoA11yViolations(seller);
        dealPath = (await link.getAttribute('href'))!;
        expect(dealPath).toMatch(/^\/deals\/\d+$/);
      });

      await test.step('the buyer proposes the letter of intent, starting from the offer', async () => {
        await open(buyer, dealPath);
        await buyer.getByRole('button', { name: t('deals.loi.propose') }).click();
        const dialog = buyer.getByRole('dialog');
        await expect(dialog.getByLabel(t('deals.loi.price'))).toHaveValue('850000');
        await dialog
          .getByLabel(t('deals.loi.conditions'))
          .fill(language === 'ar' ? 'نقل عقد الإيجار' : 'Lease transfer');
        await expectNoA11yViolations(buyer);
        await dialog.getByRole('button', { name: t('deals.loi.submit') }).click();
        await expect(dialog).toHaveCount(0);
        await expect(
          buyer.getByRole('heading', { name: t('deals.loi.version').replace('{{version}}', '1') }),
        ).toBeVisible();
      });

      for (const [page, name] of [
        [seller, language === 'ar' ? 'محمد العتيبي' : 'Mohammed Alotaibi'],
        [buyer, language === 'ar' ? 'خالد السعد' : 'Khalid Alsaad'],
      ] as const) {
        await test.step(`${name} signs by typing the full name`, async () => {
          await open(page, dealPath);
          await page.getByRole('button', { name: t('deals.loi.sign'), exact: true }).click();
          const dialog = page.getByRole('dialog');
          // The box unticked is refused by the form, in the page's language.
          await dialog.getByLabel(t('deals.loi.fullName')).fill(name);
          await dialog.getByRole('button', { name: t('deals.loi.sign'), exact: true }).click();
          await expect(
            dialog.getByText(
              language === 'ar'
                ? 'يجب الموافقة على الشروط قبل التوقيع'
                : 'You must accept the terms before signing',
            ),
          ).toBeVisible();
          await dialog.getByLabel(t('deals.loi.accept')).check();
          await dialog.getByRole('button', { name: t('deals.loi.sign'), exact: true }).click();
          await expect(dialog).toHaveCount(0);
          await expect(page.getByText(name)).toBeVisible();
        });
      }

      await test.step('signed by both: due diligence, and the listing is under offer', async () => {
        await open(seller, dealPath);
        await expect(seller.getByText(t('deals.stage.due_diligence'), { exact: true }).first()).toBeVisible();
        await expect(seller.getByText(t('listings.dealState.under_offer'), { exact: true })).toBeVisible();
        await expectNoA11yViolations(seller);
        await open(buyer, `/opportunities/${cast.id}`);
        await expect(buyer.getByText(t('listings.dealState.under_offer'), { exact: true })).toBeVisible();
        // The signed letter is emailed to each party with its PDF.
        await waitForMail(request, cast.buyer.email, (m) => /PDF/.test(m.text));
        await waitForMail(request, cast.owner.email, (m) => /PDF/.test(m.text));
      });

      await test.step('the checklist is settled and the seller moves the deal to closing', async () => {
        const dealId = Number(dealPath.split('/').pop());
        await open(seller, dealPath);
        const first = seller
          .getByRole('button', { name: new RegExp(`^${t('deals.checklist.markNa')}: `) })
          .first();
        await first.click();
        await expect(
          seller.getByText(t('deals.checklist.status.not_applicable'), { exact: true }).first(),
        ).toBeVisible();
        await settleChecklist(request, dealId, cast.owner.session);
        await open(seller, dealPath);
        await seller.getByRole('button', { name: t('deals.stages.closing') }).click();
        await expect(seller.getByRole('button', { name: t('deals.stages.askClose') })).toBeVisible();
      });

      await test.step('both ask to close; the deal is closed and the listing sold', async () => {
        await seller.getByRole('button', { name: t('deals.stages.askClose') }).click();
        await expect(seller.getByText(t('deals.stages.askedClose'))).toBeVisible();
        await open(buyer, dealPath);
        await expect(buyer.getByText(t('deals.stages.otherAskedClose'))).toBeVisible();
        await buyer.getByRole('button', { name: t('deals.stages.askClose') }).click();
        await expect(buyer.getByText(t('deals.stage.closed'), { exact: true }).first()).toBeVisible();
        await expect(buyer.getByText(t('listings.dealState.sold'), { exact: true })).toBeVisible();
        // Nothing left to do or to wait for: no due-diligence end date, no empty stages card.
        await expect(buyer.getByRole('region', { name: t('deals.stages.title') })).toHaveCount(0);
        const endsOn = t('deals.page.dueDiligenceEnds').split('{{')[0]!.trim();
        await expect(buyer.getByText(endsOn)).toHaveCount(0);
        expect(await buyer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
        await expectNoA11yViolations(buyer);
        await open(seller, `/opportunities/${cast.id}`);
        await expect(seller.getByText(t('listings.dealState.sold'), { exact: true })).toBeVisible();
      });

      await test.step('support reads the deal in the admin panel (stage, parties, age)', async () => {
        const adminSide = await signedIn(
          browser,
          baseURL!,
          await login(request, ADMIN_EMAIL, ADMIN_PASSWORD),
          language,
        );
        contexts.push(adminSide.context);
        await open(adminSide.page, '/admin/deals');
        const item = adminSide.page
          .getByRole('listitem')
          .filter({ has: adminSide.page.getByRole('link', { name: cast.title }) });
        await expect(item).toContainText(t('admin.deals.stages.closed'));
        await expect(item).toContainText(cast.buyerName);
        await expectNoA11yViolations(adminSide.page);
      });
    });
  });
}
