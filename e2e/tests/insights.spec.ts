import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { expectNoA11yViolations } from '../support/axe';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/env';
import { expect, test, waitForApp, type Language, contextsClosedAfterEach } from '../support/fixtures';
import { text } from '../support/locales';
import { login, publishListing, registerOwner, useSession, type Session } from './opportunities-support';

/**
 * Listing insights and the valuation check (issue 12), in Arabic and in English: the owner opens
 * "My opportunities" and sees the views rise after a signed-in member and a returning visitor open
 * the listing (the visitor's first visit, without our cookie yet, is not counted); the valuation
 * check answers in the wizard's financial step as the owner types, and beside the detail page's
 * financials for a signed-in member.
 */

interface Cast {
  opportunityId: number;
  title: string;
  owner: Session;
  member: Session;
}

async function setUp(request: APIRequestContext, language: Language): Promise<Cast> {
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const owner = await registerOwner(request, `insights-owner-${language}`);
  const member = await registerOwner(request, `insights-member-${language}`);
  const admin = await login(request, ADMIN_EMAIL, ADMIN_PASSWORD);
  const listing = {
    name: `Palm Bakery ${stamp}`,
    nameAr: `مخبز النخلة ${stamp}`,
    type: 'invest',
    description: 'A neighbourhood bakery with a morning rush and wholesale orders from cafés.',
    descriptionAr: 'مخبز حي له زحام صباحي وطلبات جملة من المقاهي المجاورة في الرياض.',
    businessTypeId: 8,
    regionId: 1,
    cityId: 1,
    offeredPercentage: 20,
    requiredAmount: 300_000,
    negotiable: false,
    waitForHighestOffer: false,
    ebitda: 120_000,
    yearlySales: 800_000,
    yearlyOperationalCost: 650_000,
    expectedYearProfitPercentage: 15,
    facilitySize: 7,
    facilityFoundationDay: '2018-09-01',
    contactPhone: '0551234567',
    images: [],
    documents: [],
    logo: null,
  };
  const id = await publishListing(request, listing, owner.session.accessToken, admin.accessToken);
  return {
    opportunityId: id,
    title: language === 'ar' ? listing.nameAr : listing.name,
    owner: owner.session,
    member: member.session,
  };
}

async function browse(
  browser: Browser,
  contexts: BrowserContext[],
  session: Session | null,
  language: Language,
) {
  const context = await browser.newContext();
  contexts.push(context);
  await useSession(context, session, language);
  const page = await context.newPage();
  // Like the fixture's page: wait for hydration after every load, or an early click would be lost.
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await waitForApp(page);
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await waitForApp(page);
    return response;
  };
  return page;
}

for (const language of ['ar', 'en'] as const) {
  test.describe(`listing insights and valuation check (${language})`, () => {
    test.use({ language });
    test.describe.configure({ timeout: 180_000 });
    const t = (key: string) => text(language, key);
    const contexts = contextsClosedAfterEach();

    /** Opens the listing's insights in "My opportunities" and answers the panel. */
    async function openInsights(page: Page, cast: Cast) {
      await page.goto('/profile?tab=my-opportunities');
      const toggle = page.getByRole('button', {
        name: t('insights.panel.openNamed').replace('{{name}}', cast.title),
      });
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      const panel = page.getByRole('region', {
        name: t('insights.panel.openNamed').replace('{{name}}', cast.title),
      });
      await expect(panel.getByTestId('insight-views')).toBeVisible();
      return panel;
    }

    test('the owner sees the views rise after a member and a returning visitor open the listing', async ({
      browser,
      request,
    }) => {
      const cast = await setUp(request, language);
      const owner = await browse(browser, contexts, cast.owner, language);
      let panel = await openInsights(owner, cast);
      await expect(panel.getByTestId('insight-views')).toHaveText(`${t('insights.totals.views')}0`);
      await expect(panel.getByText(t('insights.panel.empty'))).toBeVisible();
      await expectNoA11yViolations(owner);

      // A signed-in member: counted once, however often they look.
      const member = await browse(browser, contexts, cast.member, language);
      await member.goto(`/opportunities/${cast.opportunityId}`);
      await expect(member.getByRole('heading', { level: 1, name: cast.title })).toBeVisible();
      await member.reload();
      await expect(member.getByRole('heading', { level: 1, name: cast.title })).toBeVisible();

      // A visitor: the first page (no cookie yet, like a crawler) is not counted, the next one is.
      const visitor = await browse(browser, contexts, null, language);
      await visitor.goto(`/opportunities/${cast.opportunityId}`);
      await expect(visitor.getByRole('heading', { level: 1, name: cast.title })).toBeVisible();
      expect((await visitor.context().cookies()).some((c) => c.name === 'vid' && c.httpOnly)).toBe(true);
      await visitor.reload();
      await expect(visitor.getByRole('heading', { level: 1, name: cast.title })).toBeVisible();

      // The owner's own visit is not counted.
      await owner.goto(`/opportunities/${cast.opportunityId}`);
      await expect(owner.getByRole('heading', { level: 1, name: cast.title })).toBeVisible();

      panel = await openInsights(owner, cast);
      await expect(panel.getByTestId('insight-views')).toHaveText(`${t('insights.totals.views')}2`);
      await expect(panel.getByTestId('insight-uniqueViewers')).toHaveText(
        `${t('insights.totals.uniqueViewers')}2`,
      );
      // The chart (drawn for sighted users) and its table alternative.
      await expect(panel.locator('.recharts-wrapper > svg.recharts-surface')).toBeVisible();
      await expect(panel.getByRole('table')).toBeAttached();
      await panel.getByText(t('insights.panel.days_7'), { exact: true }).click();
      await expect(panel.getByRole('radio', { name: t('insights.panel.days_7') })).toBeChecked();
      await expect(panel.getByTestId('insight-views')).toHaveText(`${t('insights.totals.views')}2`);
      await expectNoA11yViolations(owner);

      // On a 360 px phone the open panel, its chart and its hidden table fit the screen.
      await owner.setViewportSize({ width: 360, height: 800 });
      panel = await openInsights(owner, cast);
      await expect(panel.locator('.recharts-wrapper > svg.recharts-surface')).toBeVisible();
      expect(await owner.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    });

    test('the valuation check answers as the owner types, and beside the financials on the detail page', async ({
      browser,
      request,
    }) => {
      const cast = await setUp(request, language);
      const owner = await browse(browser, contexts, cast.owner, language);
      const o = (key: string) => t(`opportunities.${key}`);
      const next = () => owner.getByRole('button', { name: o('wizard.next'), exact: true }).click();
      await owner.goto('/opportunities/add');
      await owner.getByLabel(o('fields.nameAr')).fill('مخبز تجربة التقييم');
      await owner.getByLabel(o('fields.name')).fill('Valuation test bakery');
      await owner.getByLabel(o('fields.businessTypeId')).selectOption('8');
      await owner
        .getByLabel(o('fields.descriptionAr'))
        .fill('مخبز صغير لاختبار مقارنة التقييم بالسوق في خطوة البيانات المالية.');
      await owner
        .getByLabel(o('fields.description'))
        .fill('A small bakery to try the valuation check in the financial step.');
      await next();
      await owner.getByLabel(o('fields.regionId')).selectOption('1');
      await owner.getByLabel(o('fields.cityId')).selectOption({ index: 1 });
      await next();
      await owner.getByLabel(o('fields.facilitySize')).fill('5');
      await owner.getByLabel(o('fields.facilityFoundationDay')).fill('2020-01-01');
      await next();

      const check = owner.getByRole('region', { name: t('insights.valuation.title') });
      await expect(check.getByText(t('insights.valuation.fillIn'))).toBeVisible();
      const answered = owner.waitForResponse((r) => new URL(r.url()).pathname === '/api/valuation/check');
      await owner.getByLabel(o('fields.offeredPercentage')).fill('25');
      await owner.getByLabel(o('fields.requiredAmount')).fill('500000');
      await owner.getByLabel(o('fields.yearlySales')).fill('1000000');
      await owner.getByLabel(o('fields.ebitda')).fill('100000');
      expect((await answered).status()).toBe(200);
      const valuation = check.getByTestId('valuation');
      await expect(valuation).toBeVisible();
      // 500,000 for 25 % is a business valued at 2,000,000: 20 × its EBITDA, 2 × its sales.
      await expect(valuation).toContainText(t('insights.valuation.multiple').replace('{{value}}', '20'));
      await expect(valuation).toContainText(t('insights.valuation.multiple').replace('{{value}}', '2'));
      await expect(valuation).toContainText(t('insights.valuation.warning'));
      const flag = (await valuation.getAttribute('data-flag'))!;
      await expect(valuation).toContainText(t(`insights.valuation.flag.${flag}`));
      await expectNoA11yViolations(owner);
      // A warning, never a block: the step still moves on.
      await owner.getByLabel(o('fields.yearlyOperationalCost')).fill('700000');
      await owner.getByLabel(o('fields.expectedYearProfitPercentage')).fill('10');
      await next();
      await expect(owner.getByRole('heading', { level: 2, name: o('wizard.steps.documents') })).toBeVisible();

      // The detail page, signed in: next to the financials, with what it means and does not.
      const member = await browse(browser, contexts, cast.member, language);
      await member.goto(`/opportunities/${cast.opportunityId}`);
      const financials = member.getByRole('region', { name: o('detail.financials') });
      const listingValuation = financials.getByTestId('valuation');
      await expect(listingValuation).toBeVisible();
      // 300,000 for 20 % is 1,500,000: 12.5 × EBITDA of 120,000.
      await expect(listingValuation).toContainText(
        t('insights.valuation.multiple').replace('{{value}}', '12.5'),
      );
      await financials.getByText(t('insights.valuation.explainSummary')).click();
      await expect(financials.getByText(t('insights.valuation.explainNot'))).toBeVisible();
      await expectNoA11yViolations(member);

      // Signed out, there is no valuation (nor financials).
      const visitor = await browse(browser, contexts, null, language);
      await visitor.goto(`/opportunities/${cast.opportunityId}`);
      await expect(visitor.getByRole('heading', { level: 1, name: cast.title })).toBeVisible();
      await expect(visitor.getByTestId('valuation')).toHaveCount(0);
    });
  });
}
