import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/env';
import { expect, test, contextsClosedAfterEach } from '../support/fixtures';
import { text } from '../support/locales';
import { login, post, publishListing, registerOwner, signedIn } from './opportunities-support';

/**
 * Issue 22 item 19, in Arabic and English: the owner's own listing offers neither a bookmark nor
 * WhatsApp (a member still gets both), and its insights chart draws the day's counts as steps. With
 * E2E_SHOTS_DIR set, pictures of both screens.
 */

const SHOTS = process.env.E2E_SHOTS_DIR;

for (const language of ['ar', 'en'] as const) {
  test.describe(`the owner's own listing (${language})`, () => {
    test.describe.configure({ timeout: 180_000 });
    const t = (key: string) => text(language, key);
    const contexts = contextsClosedAfterEach();

    test('offers the owner no bookmark and no WhatsApp, a member both; the insights chart has no curves', async ({
      browser,
      request,
      baseURL,
    }) => {
      const stamp = `${Date.now().toString(36)}${language}`;
      const owner = await registerOwner(request, `own-${stamp}`);
      const member = await registerOwner(request, `member-${stamp}`);
      const admin = await login(request, ADMIN_EMAIL, ADMIN_PASSWORD);
      const name = { ar: `مغسلة الواحة ${stamp}`, en: `Oasis Laundry ${stamp}` };
      const id = await publishListing(
        request,
        {
          name: name.en,
          nameAr: name.ar,
          type: 'buy',
          description: 'A laundry with two vans and contracts with three clinics in the north of Riyadh.',
          descriptionAr: 'مغسلة لديها سيارتا توصيل وعقود مع ثلاث عيادات في شمال الرياض.',
          businessTypeId: 1,
          regionId: 1,
          cityId: 1,
          offeredPercentage: 100,
          requiredAmount: 400_000,
          negotiable: true,
          waitForHighestOffer: false,
          ebitda: 90_000,
          yearlySales: 600_000,
          yearlyOperationalCost: 500_000,
          expectedYearProfitPercentage: 15,
          facilitySize: 5,
          facilityFoundationDay: '2019-01-01',
          contactPhone: '0551234567',
          images: [],
          documents: [],
          logo: null,
        },
        owner.session.accessToken,
        admin.accessToken,
      );
      // Some activity today for the chart: the member bookmarks the listing.
      expect((await post(request, `/api/favorites/${id}`, {}, member.session.accessToken)).ok()).toBe(true);

      const bookmark = t('opportunities.detail.bookmark');
      const whatsapp = t('opportunities.whatsapp.open');

      const asMember = await signedIn(browser, baseURL!, member.session, language);
      contexts.push(asMember.context);
      await asMember.page.goto(`/opportunities/${id}`);
      await expect(asMember.page.getByRole('button', { name: whatsapp })).toBeVisible();
      await expect(
        asMember.page
          .getByRole('button', { name: new RegExp(`${bookmark}|${t('opportunities.detail.bookmarked')}`) })
          .first(),
      ).toBeVisible();

      const asOwner = await signedIn(browser, baseURL!, owner.session, language);
      contexts.push(asOwner.context);
      const page = asOwner.page;
      await page.goto(`/opportunities/${id}`);
      await expect(page.getByRole('region', { name: t('opportunities.owner.title') })).toBeVisible();
      await expect(page.getByRole('link', { name: '+966551234567' })).toBeVisible();
      await expect(page.getByRole('button', { name: whatsapp })).toHaveCount(0);
      await expect(page.getByRole('button', { name: bookmark })).toHaveCount(0);
      await expect(page.getByRole('button', { name: t('opportunities.detail.bookmarked') })).toHaveCount(0);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/owner-listing-${language}.png`, fullPage: true });

      await page.goto('/profile?tab=my-opportunities');
      const label = t('insights.panel.openNamed').replace('{{name}}', name[language]);
      await page.getByRole('button', { name: label }).click();
      const panel = page.getByRole('region', { name: label });
      const chart = panel.locator('.recharts-wrapper > svg.recharts-surface');
      await expect(chart).toBeVisible();
      const curves = await panel
        .locator('path.recharts-line-curve')
        .evaluateAll((paths) => paths.map((p) => p.getAttribute('d') ?? ''));
      expect(curves.length).toBeGreaterThan(0);
      for (const d of curves) expect(d).not.toMatch(/[Cc]/);
      if (SHOTS) await panel.screenshot({ path: `${SHOTS}/insights-chart-${language}.png` });
    });
  });
}
