import type { APIRequestContext } from '@playwright/test';
import { expectNoA11yViolations } from '../support/axe';
import { expect, test, type Language, contextsClosedAfterEach } from '../support/fixtures';
import { text } from '../support/locales';
import { csrfHeaders } from '../support/api';
import { ADMIN, login, publishListing, registerOwner, signedIn, useSession } from './opportunities-support';

/**
 * Issue 22 item 7: an advisor can be reached. A signed-out visitor is told why the advisors need an
 * account; a signed-in investor messages an advisor from the card, through the platform chat; the
 * advisor finds the chat marked as an advisor's, reads it and answers, and the answer reaches the
 * investor's open chat. Arabic and English.
 */

async function setUp(request: APIRequestContext, language: Language) {
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const owner = await registerOwner(request, `adv-owner-${language}`, `adv-owner-${stamp}`);
  const advisorName = language === 'ar' ? `مستشار ${stamp}` : `Advisor ${stamp}`;
  const advisor = await registerOwner(request, `adv-advisor-${language}`, advisorName);
  const investor = await registerOwner(request, `adv-investor-${language}`, `adv-investor-${stamp}`);
  const profile = await request.patch('/api/users/me', {
    data: {
      isAdvisor: true,
      bio: 'Twelve years of due diligence for cafés and restaurants.',
      experienceYears: 12,
      businessTypeIds: [8],
    },
    headers: { authorization: `Bearer ${advisor.session.accessToken}`, ...(await csrfHeaders(request)) },
  });
  expect(profile.status(), 'PATCH /api/users/me as an advisor').toBe(200);
  const admin = await login(request, ADMIN.email, ADMIN.password);
  const opportunityId = await publishListing(
    request,
    {
      name: `Advice Cafe ${stamp}`,
      nameAr: `مقهى المشورة ${stamp}`,
      type: 'buy',
      description: 'A café whose buyer wants an experienced advisor to look at the books first.',
      descriptionAr: 'مقهى يريد مشتريه مستشارًا خبيرًا يراجع دفاتره أولًا.',
      businessTypeId: 8,
      regionId: 1,
      cityId: 1,
      offeredPercentage: 100,
      requiredAmount: 350_000,
      negotiable: true,
      waitForHighestOffer: false,
      ebitda: 95_000,
      yearlySales: 550_000,
      yearlyOperationalCost: 420_000,
      expectedYearProfitPercentage: 13,
      facilitySize: 6,
      facilityFoundationDay: '2018-09-01',
      contactPhone: '0551234567',
      images: [],
      documents: [],
      logo: null,
    },
    owner.session.accessToken,
    admin.accessToken,
  );
  return { opportunityId, advisorName, advisor: advisor.session, investor: investor.session };
}

/** The visitor and the investor on a phone (the width), the advisor at a desk. */
const PHONE = { width: 375, height: 812 };

for (const language of ['ar', 'en'] as const) {
  test.describe(`messaging an advisor (${language})`, () => {
    test.use({ language });
    test.describe.configure({ timeout: 180_000 });
    const t = (key: string) => text(language, key);
    const contexts = contextsClosedAfterEach();

    test('a visitor learns why, an investor writes from the card, the advisor answers', async ({
      browser,
      request,
      baseURL,
    }) => {
      const cast = await setUp(request, language);
      const listing = `/opportunities/${cast.opportunityId}`;

      await test.step('signed out: the advisors ask for an account, and the sign-in page says why', async () => {
        const context = await browser.newContext({ viewport: PHONE });
        contexts.push(context);
        await useSession(context, null, language);
        const page = await context.newPage();
        await page.goto(listing);
        const link = page.getByRole('link', { name: t('opportunities.detail.advisors') });
        await expect(link).toHaveAccessibleDescription(t('opportunities.detail.advisorsSignIn'));
        await link.click();
        await expect(page).toHaveURL(/\/login\?redirect=/);
        await expect(page.getByText(t('auth.login.reasons.advisors'), { exact: true })).toBeVisible();
        await expectNoA11yViolations(page);
      });

      const investorSide = await signedIn(browser, baseURL!, cast.investor, language, { viewport: PHONE });
      const advisorSide = await signedIn(browser, baseURL!, cast.advisor, language);
      contexts.push(investorSide.context, advisorSide.context);
      const question =
        language === 'ar'
          ? 'هل ترى أن السعر مناسب لأرباح المقهى؟'
          : 'Is the price fair for the café’s profit?';
      const answer =
        language === 'ar'
          ? 'أرسل لي القوائم المالية وسأراجعها.'
          : 'Send me the statements and I will review them.';

      await test.step('the investor messages the advisor from the card', async () => {
        const page = investorSide.page;
        await page.goto(`${listing}/advisors`);
        await expect(page.getByText(t('advisors.privacy'), { exact: true })).toBeVisible();
        const card = page
          .getByRole('article')
          .filter({ has: page.getByRole('heading', { name: cast.advisorName }) });
        await expect(card).toBeVisible();
        await expectNoA11yViolations(page);
        await card
          .getByRole('button', { name: t('advisors.messageNamed').replace('{{name}}', cast.advisorName) })
          .click();
        await expect(page).toHaveURL(/\/profile\/chats\/\d+$/);
        await expect(page.getByRole('heading', { level: 1, name: cast.advisorName })).toBeVisible();
        await expect(page.getByText(t('chat.advisor'), { exact: true })).toBeVisible();
        const composer = page.getByRole('textbox', { name: t('chat.composerLabel'), exact: true });
        await composer.fill(question);
        await page.getByRole('button', { name: t('chat.send'), exact: true }).click();
        await expect(composer).toHaveValue('');
        await expectNoA11yViolations(page);
      });

      await test.step('the advisor finds it marked as someone asking their advice, reads it and answers', async () => {
        const page = advisorSide.page;
        await page.goto('/profile/chats');
        const entry = page.getByRole('link').filter({ hasText: question });
        await expect(entry).toBeVisible();
        // The investor is no advisor: the advisor's side names them as someone asking advice.
        await expect(entry.getByText(t('chat.advisee'), { exact: true })).toBeVisible();
        await expect(entry.getByText(t('chat.advisor'), { exact: true })).toHaveCount(0);
        await entry.click();
        await expect(page.locator('main header').getByText(t('chat.advisee'), { exact: true })).toBeVisible();
        await expect(page.getByText(question, { exact: true })).toBeVisible();
        await page.getByRole('textbox', { name: t('chat.composerLabel'), exact: true }).fill(answer);
        await page.getByRole('button', { name: t('chat.send'), exact: true }).click();
      });

      await test.step('the answer reaches the investor’s open chat', async () => {
        await expect(investorSide.page.getByText(answer, { exact: true })).toBeVisible({ timeout: 15_000 });
        await expect(investorSide.page.getByText(question, { exact: true })).toBeVisible();
      });
    });
  });
}
