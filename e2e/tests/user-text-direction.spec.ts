import type { Page } from '@playwright/test';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/env';
import { expect, test, waitForApp } from '../support/fixtures';
import { text } from '../support/locales';
import { login, publishListing, registerOwner, useSession } from './opportunities-support';

/**
 * Users' texts in the other script keep their own direction (issue 22 items 8 and 9), in Arabic and
 * English: an Arabic-only owner fills the English fields from the Arabic with one tap and moves on;
 * an English description inside the Arabic review and Arabic extra details on the English listing
 * page are laid out by their own text (the browser's computed direction), not the page's.
 */

const ENGLISH_DESCRIPTION = 'A specialty café by the park; two new branches in 2027.';
const ARABIC_DETAILS = 'الإيجار مدفوع حتى نهاية 2027.';

/** The value (dd) that follows the term `label` in a description list. */
function valueOf(page: Page, label: string) {
  return page.locator('dt').getByText(label, { exact: true }).locator('xpath=following-sibling::dd[1]');
}

const userIdOf = (token: string) =>
  Number(JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')).sub);

for (const language of ['ar', 'en'] as const) {
  test.describe(`users' texts in their own direction (${language})`, () => {
    test.use({ language });
    // Two sign-ups with the human check, a listing published and screenshots at two widths: slow on a busy machine.
    test.describe.configure({ timeout: 150_000 });
    const t = (key: string) => text(language, key);

    test('an Arabic-only owner fills the English fields from the Arabic with one tap and reaches step 2 (phone)', async ({
      page,
      context,
      request,
    }) => {
      await page.setViewportSize({ width: 375, height: 800 });
      const owner = await registerOwner(request, `ar-only-${language}`);
      await useSession(context, owner.session, language);
      await page.goto('/opportunities/add');
      await waitForApp(page);
      const offer = page.getByRole('button', { name: t('opportunities.wizard.fromArabic.action') });
      await page.getByLabel(t('opportunities.fields.nameAr')).fill('محمصة قهوة الحي');
      await page
        .getByLabel(t('opportunities.fields.descriptionAr'))
        .fill('محمصة مختصة في الرياض بفرعين وزبائن دائمين.');
      await page.getByLabel(t('opportunities.fields.businessTypeId')).selectOption('8');
      await expect(page.getByText(t('opportunities.wizard.fromArabic.hint'))).toBeVisible();
      await page.screenshot({
        path: test.info().outputPath(`from-arabic-${language}-375.png`),
        fullPage: true,
      });
      await offer.click();
      const name = page.getByLabel(t('opportunities.fields.name'));
      await expect(name).toHaveValue('محمصة قهوة الحي');
      await expect(name).toBeFocused();
      // The English field shows the Arabic as written, right to left.
      await expect(name).toHaveCSS('direction', 'rtl');
      await expect(page.getByLabel(t('opportunities.fields.description'))).toHaveValue(
        'محمصة مختصة في الرياض بفرعين وزبائن دائمين.',
      );
      await expect(offer).toHaveCount(0);
      await page.getByRole('button', { name: t('opportunities.wizard.next'), exact: true }).click();
      const heading = page.getByRole('heading', { level: 2, name: t('opportunities.wizard.steps.location') });
      await expect(heading).toBeVisible();
      // The keyboard follows to the new step's heading, not the body.
      await expect(heading).toBeFocused();
    });

    test("the review step and the listing page lay out the owner's texts by their own direction", async ({
      page,
      context,
      request,
    }) => {
      const owner = await registerOwner(request, `direction-${language}`);
      const stamp = Date.now().toString(36);
      const listing = {
        name: `Park Café ${stamp}`,
        nameAr: `مقهى الحديقة ${stamp}`,
        type: 'invest',
        description: ENGLISH_DESCRIPTION,
        descriptionAr: 'مقهى مختص قرب الحديقة، ونخطط لفرعين جديدين في 2027.',
        businessTypeId: 8,
        regionId: 1,
        cityId: 1,
        offeredPercentage: 30,
        requiredAmount: 800_000,
        negotiable: true,
        waitForHighestOffer: false,
        ebitda: 120_000,
        yearlySales: 900_000,
        yearlyOperationalCost: 780_000,
        expectedYearProfitPercentage: 12,
        facilitySize: 9,
        facilityFoundationDay: '2018-05-01',
        contactPhone: '0551234567',
        extraDetails: ARABIC_DETAILS,
        images: [],
        documents: [],
        logo: null,
      };

      // The review step, reached from a saved draft (the wizard restores its step and values).
      const draft = {
        version: 1,
        savedAt: new Date().toISOString(),
        step: 'review',
        values: listing,
        meta: { images: {}, documents: {} },
      };
      const key = `opportunity-draft:${userIdOf(owner.session.accessToken)}:new`;
      await context.addInitScript(([k, v]) => localStorage.setItem(k, v), [
        key,
        JSON.stringify(draft),
      ] as const);
      await useSession(context, owner.session, language);
      await page.goto('/opportunities/add');
      await waitForApp(page);
      await expect(
        page.getByRole('heading', { level: 2, name: t('opportunities.wizard.steps.review') }),
      ).toBeVisible();
      const description = valueOf(page, t('opportunities.fields.description'));
      await expect(description).toHaveText(ENGLISH_DESCRIPTION);
      await expect(description).toHaveCSS('direction', 'ltr');
      await expect(valueOf(page, t('opportunities.fields.descriptionAr'))).toHaveCSS('direction', 'rtl');
      await expect(valueOf(page, t('opportunities.fields.extraDetails'))).toHaveCSS('direction', 'rtl');
      // The page's own words keep the page's direction.
      await expect(
        page.getByRole('heading', { level: 2, name: t('opportunities.wizard.steps.review') }),
      ).toHaveCSS('direction', language === 'ar' ? 'rtl' : 'ltr');
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.screenshot({
          path: test.info().outputPath(`review-${language}-${width}.png`),
          fullPage: true,
        });
      }

      // The listing page, signed in (extra details are for members).
      const admin = await login(request, ADMIN_EMAIL, ADMIN_PASSWORD);
      const id = await publishListing(request, listing, owner.session.accessToken, admin.accessToken);
      await page.goto(`/opportunities/${id}`);
      await waitForApp(page);
      const details = page.getByText(ARABIC_DETAILS, { exact: true });
      await expect(details).toHaveCSS('direction', 'rtl');
      await expect(details).toHaveAttribute('dir', 'auto');
      const shown = language === 'ar' ? listing.descriptionAr : ENGLISH_DESCRIPTION;
      await expect(page.getByText(shown, { exact: true })).toHaveCSS(
        'direction',
        language === 'ar' ? 'rtl' : 'ltr',
      );
      // The name in the other language sits at the start of its line, under the title, not at the
      // far end of the header: the line follows the page, the name inside it keeps its own direction.
      await page.setViewportSize({ width: 1280, height: 900 });
      const otherName = page.getByText(language === 'ar' ? listing.name : listing.nameAr, { exact: true });
      const line = otherName.locator('xpath=..');
      await expect(line).toHaveCSS('direction', language === 'ar' ? 'rtl' : 'ltr');
      const [nameBox, lineBox] = [await otherName.boundingBox(), await line.boundingBox()];
      if (language === 'en') expect(Math.abs(nameBox!.x - lineBox!.x)).toBeLessThan(2);
      else expect(Math.abs(nameBox!.x + nameBox!.width - (lineBox!.x + lineBox!.width))).toBeLessThan(2);
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.screenshot({
          path: test.info().outputPath(`listing-${language}-${width}.png`),
          fullPage: true,
        });
      }

      // Server-rendered for a visitor: the title and description already carry dir="auto".
      const html = await (await request.get(`/opportunities/${id}?lang=${language}`)).text();
      expect(html).toMatch(
        new RegExp(`<h1[^>]*dir="auto"[^>]*>${language === 'ar' ? listing.nameAr : listing.name}</h1>`),
      );
      expect(html).toMatch(
        /<p[^>]*dir="auto"[^>]*>[^<]*two new branches in 2027|<p[^>]*dir="auto"[^>]*>[^<]*لفرعين جديدين في 2027/,
      );
    });
  });
}
