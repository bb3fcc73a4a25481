import type { APIRequestContext } from '@playwright/test';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/env';
import { expect, test } from '../support/fixtures';
import { text } from '../support/locales';
import { login, publishListing, registerOwner, signedIn, type Session } from './opportunities-support';

/**
 * Issue 22 item 13, in Arabic and English: editing a listing, the owner goes straight to the price
 * step (every step is open) and sees a big amount in words beside the field; a new listing's contact
 * step starts from the account (username, email, phone) and says so.
 */

const SHOTS = process.env.E2E_SHOTS_DIR;

function listingInput(stamp: string) {
  return {
    name: `Palm Grove Cafe ${stamp}`,
    nameAr: `مقهى بستان النخيل ${stamp}`,
    type: 'buy',
    description: 'A cafe under the palms with a loyal morning crowd and a catering contract.',
    descriptionAr: 'مقهى بين النخيل له زبائن صباحيون دائمون وعقد تموين.',
    businessTypeId: 8,
    regionId: 1,
    cityId: 1,
    offeredPercentage: 100,
    requiredAmount: 750_000,
    negotiable: false,
    waitForHighestOffer: false,
    ebitda: 120_000,
    yearlySales: 900_000,
    yearlyOperationalCost: 700_000,
    expectedYearProfitPercentage: 12,
    facilitySize: 8,
    facilityFoundationDay: '2018-04-01',
    contactPhone: '0551234567',
    images: [],
    documents: [],
    logo: null,
  };
}

async function authed(
  request: APIRequestContext,
  method: 'GET' | 'PATCH',
  url: string,
  session: Session,
  data?: unknown,
) {
  await request.get('/api/health');
  const cookie = (await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN');
  return request.fetch(url, {
    method,
    ...(data === undefined ? {} : { data }),
    headers: { 'x-xsrf-token': cookie?.value ?? '', authorization: `Bearer ${session.accessToken}` },
  });
}

for (const language of ['ar', 'en'] as const) {
  test.describe(`the listing wizard (${language})`, () => {
    test.describe.configure({ timeout: 120_000 });
    const t = (key: string) => text(language, key);

    test('editing a listing goes straight to the price step, which reads a big amount in words', async ({
      browser,
      request,
      baseURL,
    }) => {
      const stamp = `${Date.now().toString(36)}${language}`;
      const owner = await registerOwner(request, `wz-edit-${stamp}`);
      const admin = await login(request, ADMIN_EMAIL, ADMIN_PASSWORD);
      const id = await publishListing(
        request,
        listingInput(stamp),
        owner.session.accessToken,
        admin.accessToken,
      );

      const { context, page } = await signedIn(browser, baseURL!, owner.session, language);
      await page.goto(`/opportunities/${id}/edit`);
      await expect(
        page.getByRole('heading', { level: 2, name: t('opportunities.wizard.steps.basicInfo') }),
      ).toBeVisible();
      const progress = page.getByRole('navigation', { name: t('opportunities.wizard.progressLabel') });
      const financial = progress.getByRole('button', { name: t('opportunities.wizard.steps.financialInfo') });
      await expect(financial).toBeEnabled();
      await financial.click();
      await expect(
        page.getByRole('heading', { level: 2, name: t('opportunities.wizard.steps.financialInfo') }),
      ).toBeVisible();
      const amount = page.getByLabel(t('opportunities.fields.requiredAmount'));
      await expect(amount).toHaveValue('750000');
      await amount.fill('1500000');
      await expect(amount).toHaveAccessibleDescription(
        language === 'ar' ? '1,500,000 ريال (1.5 مليون)' : 'SAR 1,500,000 (1.5 million)',
      );
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/wizard-edit-amount-${language}.png` });
      await context.close();
    });

    test("a new listing's contact step starts from the account and says so", async ({
      browser,
      request,
      baseURL,
    }) => {
      const stamp = `${Date.now().toString(36)}${language}`;
      const owner = await registerOwner(request, `wz-contact-${stamp}`, `wz_${stamp}`);
      const phone = await authed(request, 'PATCH', '/api/users/me', owner.session, {
        phoneNumber: '0551234567',
      });
      expect(phone.status(), await phone.text()).toBe(200);
      const me = (await (await authed(request, 'GET', '/api/users/me', owner.session)).json()) as {
        id: number;
      };

      const { context, page } = await signedIn(browser, baseURL!, owner.session, language);
      // A draft saved at the contact step with nothing typed there yet (how a returning owner finds it).
      await page.goto('/');
      await page.evaluate((key) => {
        localStorage.setItem(
          key,
          JSON.stringify({
            version: 1,
            step: 'contactInfo',
            values: { contactMemberName: '', contactPhone: '', contactEmail: '' },
            meta: { images: {}, documents: {} },
            savedAt: new Date().toISOString(),
          }),
        );
      }, `opportunity-draft:${me.id}:new`);
      await page.goto('/opportunities/add');
      await expect(
        page.getByRole('heading', { level: 2, name: t('opportunities.wizard.steps.contactInfo') }),
      ).toBeVisible();
      await expect(page.getByText(t('opportunities.wizard.contactPrefilled'))).toBeVisible();
      await expect(page.getByLabel(t('opportunities.fields.contactPhone'))).toHaveValue('966551234567');
      await expect(page.getByLabel(new RegExp(t('opportunities.fields.contactMemberName')))).toHaveValue(
        `wz_${stamp}`,
      );
      await expect(page.getByLabel(new RegExp(t('opportunities.fields.contactEmail')))).toHaveValue(
        owner.email,
      );
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/wizard-contact-${language}.png` });
      await context.close();
    });
  });
}
