import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expectNoA11yViolations } from '../support/axe';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/env';
import { expect, test, type Language, contextsClosedAfterEach } from '../support/fixtures';
import { text } from '../support/locales';
import { waitForMail } from '../support/mail';
import { login, post, publishListing, registerOwner, signedIn, type Session } from './opportunities-support';

/**
 * The offers and chat issue end to end, with two browser contexts (an investor and an owner) in
 * Arabic and in English: the investor makes an offer confirmed with the code from the mail catcher,
 * the owner finds it among the offers received and the investor in "my offers"; the investor starts
 * a chat and the owner's navbar badge rises without a reload; the owner reads (the badge goes) and
 * replies, and the reply and the read marks reach the investor's open chat window live.
 *
 * The English run is not a luxury: axe's color-contrast rule passes Arabic text without checking it
 * (seen with axe-core 4.14 in Chromium), so contrast problems of these screens only show in English.
 */

/** The code mail's subject (apps/api/src/modules/offers/emails.ts), in the language of the UI. */
const CODE_SUBJECT: Record<Language, RegExp> = {
  ar: /^رمز التحقق لعرضك: (\d{4})$/,
  en: /^Your offer verification code: (\d{4})$/,
};

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A plural text the way i18next picks it: `<key>_<CLDR category>`, with {{count}} filled in. */
function plural(language: Language, key: string, count: number): string {
  const category = new Intl.PluralRules(language).select(count);
  return text(language, `${key}_${category}`).replace('{{count}}', String(count));
}

interface Cast {
  opportunityId: number;
  title: string;
  owner: { username: string; session: Session };
  investor: { username: string; email: string; session: Session };
}

/** Two new members and an approved listing of the first, all through the API (an admin approves it). */
async function setUp(request: APIRequestContext, language: Language): Promise<Cast> {
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const ownerName = language === 'ar' ? `مالك ${stamp}` : `Owner ${stamp}`;
  const investorName = language === 'ar' ? `مستثمر ${stamp}` : `Investor ${stamp}`;
  const owner = await registerOwner(request, `chat-owner-${language}`, ownerName);
  const investor = await registerOwner(request, `chat-investor-${language}`, investorName);
  const admin = await login(request, ADMIN_EMAIL, ADMIN_PASSWORD);

  const listing = {
    name: `Oasis Cafe ${stamp}`,
    nameAr: `مقهى الواحة ${stamp}`,
    type: 'invest',
    description: 'A specialty café near a busy Riyadh office park, with a steady lunch trade.',
    descriptionAr: 'مقهى مختص قرب مجمع مكاتب مزدحم في الرياض، له زبائن ثابتون وقت الغداء.',
    businessTypeId: 8,
    regionId: 1,
    cityId: 1,
    offeredPercentage: 30,
    requiredAmount: 400_000,
    negotiable: true,
    waitForHighestOffer: false,
    ebitda: 150_000,
    yearlySales: 900_000,
    yearlyOperationalCost: 600_000,
    expectedYearProfitPercentage: 16,
    facilitySize: 9,
    facilityFoundationDay: '2020-05-01',
    contactPhone: '0551234567',
    images: [],
    documents: [],
    logo: null,
  };
  const id = await publishListing(request, listing, owner.session.accessToken, admin.accessToken);

  return {
    opportunityId: id,
    title: language === 'ar' ? listing.nameAr : listing.name,
    owner: { username: ownerName, session: owner.session },
    investor: { username: investorName, email: investor.email, session: investor.session },
  };
}

/** Opens `path` and waits until the app's chat event stream answered, so no live event can be missed. */
async function openWithLiveStream(page: Page, path: string) {
  const stream = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/chat/stream');
  await page.goto(path);
  expect((await stream).status(), 'GET /api/chat/stream').toBe(200);
}

/** Tags the document; `expectSameDocument` then proves that no reload happened in between. */
async function tagDocument(page: Page) {
  await page.evaluate(() => Object.assign(window, { e2eSameDocument: true }));
}
async function expectSameDocument(page: Page) {
  const same = await page.evaluate(() => (window as { e2eSameDocument?: boolean }).e2eSameDocument === true);
  expect(same, `${page.url()} was not reloaded`).toBe(true);
}

/** The navbar's profile link: the username, then the unread-chat count for screen readers. */
function expectUnreadBadge(profileLink: Locator, language: Language, username: string, count: number) {
  const unread = count > 0 ? `\\s*${escapeRegExp(plural(language, 'common.nav.unread', count))}` : '';
  return expect(profileLink).toHaveAccessibleName(new RegExp(`^${escapeRegExp(username)}${unread}$`));
}

async function sendChatMessage(page: Page, language: Language, body: string) {
  const composer = page.getByRole('textbox', { name: text(language, 'chat.composerLabel'), exact: true });
  await composer.fill(body);
  await page.getByRole('button', { name: text(language, 'chat.send'), exact: true }).click();
  await expect(composer).toHaveValue('');
}

for (const language of ['ar', 'en'] as const) {
  test.describe(`offers and chat between two members (${language})`, () => {
    test.use({ language });
    // Three proofs of work in set-up, two browsers and several axe scans: more than the default minute.
    test.describe.configure({ timeout: 180_000 });

    const t = (key: string) => text(language, key);
    const contexts = contextsClosedAfterEach();

    test('an offer confirmed by the emailed code, then a live chat with the unread badge', async ({
      browser,
      request,
      baseURL,
    }) => {
      const cast = await setUp(request, language);
      const { owner, investor } = cast;
      const investorSide = await signedIn(browser, baseURL!, investor.session, language);
      const ownerSide = await signedIn(browser, baseURL!, owner.session, language);
      contexts.push(investorSide.context, ownerSide.context);
      const investorPage = investorSide.page;
      const ownerPage = ownerSide.page;
      const offer = {
        name: language === 'ar' ? 'سارة العتيبي' : 'Sara Alotaibi',
        // An Arabic keyboard types Arabic-Indic digits; the form reads them as a Saudi number.
        phone: language === 'ar' ? '٠٥٥٩٨٧٦٥٤٣' : '0559876543',
        message:
          language === 'ar'
            ? 'أرغب في شراء حصة في المقهى وزيارة الموقع الأسبوع القادم.'
            : 'I would like to buy a stake in the café and visit next week.',
      };
      const chatMessages = {
        first:
          language === 'ar'
            ? 'مرحبًا، هل الإيجار مشمول في التكاليف؟'
            : 'Hello, is the rent part of the costs?',
        second:
          language === 'ar' ? 'وهل يمكن زيارة المقهى يوم الأحد؟' : 'And could I visit the café on Sunday?',
        reply:
          language === 'ar'
            ? 'نعم، الإيجار مشمول، وأهلًا بك يوم الأحد.'
            : 'Yes, the rent is included; Sunday suits me.',
      };

      await test.step('the investor makes an offer with the code from the mail', async () => {
        await investorPage.goto(`/opportunities/${cast.opportunityId}`);
        await expect(investorPage.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
        await expect(investorPage.getByRole('heading', { level: 1, name: cast.title })).toBeVisible();
        const form = investorPage.getByRole('region', { name: t('offers.form.title') });
        await form.getByLabel(t('offers.form.name'), { exact: true }).fill(offer.name);
        await form.getByLabel(t('offers.form.phone'), { exact: true }).fill(offer.phone);
        await form.getByRole('checkbox', { name: t('offers.reasons.wantsOffer') }).check();
        await form.getByRole('checkbox', { name: t('offers.reasons.moreFinancial') }).check();
        await form.getByLabel(t('offers.form.message'), { exact: true }).fill(offer.message);
        await form.getByLabel(t('offers.form.amount'), { exact: true }).fill('250000');
        await expectNoA11yViolations(investorPage);
        await form.getByRole('button', { name: t('offers.form.next'), exact: true }).click();

        // The code goes to the member's own address unless they type another one.
        await expect(form.getByLabel(t('offers.form.email'), { exact: true })).toHaveValue(investor.email);
        await form.getByRole('button', { name: t('offers.form.sendCode'), exact: true }).click();
        await expect(form.getByRole('status').filter({ hasText: investor.email })).toBeVisible();
        const mail = await waitForMail(request, investor.email, (m) =>
          CODE_SUBJECT[language].test(m.subject),
        );
        const code = CODE_SUBJECT[language].exec(mail.subject)![1]!;
        await form.getByLabel(t('offers.form.code'), { exact: true }).fill(code);
        await expectNoA11yViolations(investorPage);
        await form.getByRole('button', { name: t('offers.form.submit'), exact: true }).click();
        await expect(form.getByText(t('offers.form.successTitle'), { exact: true })).toBeVisible();

        await form.getByRole('link', { name: t('offers.form.viewMine') }).click();
        await expect(investorPage).toHaveURL(/\/profile\/my-offers$/);
        await expect(
          investorPage.getByRole('heading', { level: 1, name: t('offers.mine.title') }),
        ).toBeVisible();
        const mine = investorPage
          .getByRole('listitem')
          .filter({ has: investorPage.getByRole('link', { name: cast.title }) });
        await expect(mine).toContainText(offer.message);
        await expect(mine.getByText(t('offers.status.new'), { exact: true })).toBeVisible();
        await expect(mine).toContainText(/250,000/);
      });

      await test.step('the owner sees it among the offers received, with no offer form of their own', async () => {
        await openWithLiveStream(ownerPage, `/opportunities/${cast.opportunityId}`);
        const received = ownerPage.getByRole('region', {
          name: new RegExp(`^${escapeRegExp(t('offers.received.title'))}`),
        });
        const card = received
          .getByRole('article')
          .filter({ has: ownerPage.getByRole('heading', { name: offer.name }) });
        await expect(card).toContainText(offer.message);
        await expect(card.getByRole('link', { name: '+966559876543' })).toBeVisible();
        await expect(card.getByRole('link', { name: investor.email })).toBeVisible();
        await expect(card).toContainText(/250,000/);
        await expect(card.getByText(t('offers.reasons.wantsOffer'), { exact: true })).toBeVisible();
        await expect(card.getByText(t('offers.reasons.moreFinancial'), { exact: true })).toBeVisible();
        await expect(card.getByText(t('offers.reasons.knowRegulations'), { exact: true })).toHaveCount(0);
        await expect(
          card.getByRole('button', { name: t('offers.received.accept'), exact: true }),
        ).toBeVisible();
        // Each action of the side column loads lazily behind its own spinner: once none is left, the
        // owner's column is complete, and it has neither the offer form nor the start-chat button.
        const side = ownerPage.getByRole('complementary', { name: t('opportunities.detail.sideLabel') });
        await expect(side.getByRole('status').filter({ hasText: t('common.loading') })).toHaveCount(0);
        await expect(side.getByRole('region', { name: t('offers.form.title') })).toHaveCount(0);
        await expect(side.getByRole('button', { name: t('chat.startChat') })).toHaveCount(0);
        await expect(side).toContainText(t('offers.received.title'));
      });

      const ownerProfile = ownerPage
        .getByRole('banner')
        .getByRole('link', { name: new RegExp(`^${escapeRegExp(owner.username)}`) });
      let chatPath = '';

      await test.step("the investor starts a chat and the owner's badge rises without a reload", async () => {
        await expectUnreadBadge(ownerProfile, language, owner.username, 0);
        await tagDocument(ownerPage);

        await investorPage.getByRole('link', { name: cast.title }).click();
        await investorPage.getByRole('button', { name: t('chat.startChat') }).click();
        await expect(investorPage).toHaveURL(/\/profile\/chats\/\d+$/);
        chatPath = new URL(investorPage.url()).pathname;
        await expect(investorPage.getByRole('heading', { level: 1, name: owner.username })).toBeVisible();
        const log = investorPage.getByRole('log', {
          name: t('chat.historyLabel').replace('{{name}}', owner.username),
        });
        await expect(log).toContainText(t('chat.firstMessage').replace('{{name}}', owner.username));

        await sendChatMessage(investorPage, language, chatMessages.first);
        await expect(log).toContainText(chatMessages.first);
        await expectUnreadBadge(ownerProfile, language, owner.username, 1);
        await sendChatMessage(investorPage, language, chatMessages.second);
        await expect(log.getByText(t('chat.sent'), { exact: true })).toHaveCount(2);
        await expectUnreadBadge(ownerProfile, language, owner.username, 2);
        await expectSameDocument(ownerPage);
        await expectNoA11yViolations(investorPage);
        // The same chat in dark mode: one's own bubbles and their times keep a readable contrast.
        await investorPage
          .getByRole('button', { name: t('common.theme.toDark') })
          .first()
          .click();
        await expect(investorPage.locator('html')).toHaveClass(/\bdark\b/);
        await expectNoA11yViolations(investorPage);
        await investorPage
          .getByRole('button', { name: t('common.theme.toLight') })
          .first()
          .click();
        await expect(investorPage.locator('html')).not.toHaveClass(/\bdark\b/);
      });

      await test.step('the owner reads and replies; the investor sees it live', async () => {
        await tagDocument(investorPage);
        await ownerPage.goto('/profile/chats');
        await expect(ownerPage.getByRole('heading', { level: 1, name: t('chat.title') })).toBeVisible();
        const item = ownerPage
          .getByRole('list', { name: t('chat.listLabel') })
          .getByRole('link', { name: new RegExp(escapeRegExp(investor.username)) });
        await expect(item).toContainText(cast.title);
        await expect(item).toContainText(chatMessages.second);
        await expect(item).toContainText(plural(language, 'chat.unread', 2));
        await expectNoA11yViolations(ownerPage);

        await item.click();
        await expect(ownerPage).toHaveURL(new RegExp(`${escapeRegExp(chatPath)}$`));
        await expect(ownerPage.getByRole('heading', { level: 1, name: investor.username })).toBeVisible();
        const ownerLog = ownerPage.getByRole('log', {
          name: t('chat.historyLabel').replace('{{name}}', investor.username),
        });
        await expect(ownerLog).toContainText(chatMessages.first);
        await expect(ownerLog).toContainText(chatMessages.second);
        await expectUnreadBadge(ownerProfile, language, owner.username, 0);
        const investorLog = investorPage.getByRole('log', {
          name: t('chat.historyLabel').replace('{{name}}', owner.username),
        });
        await expect(investorLog.getByText(t('chat.read'), { exact: true })).toHaveCount(2);

        await sendChatMessage(ownerPage, language, chatMessages.reply);
        await expect(ownerLog).toContainText(chatMessages.reply);
        await expectNoA11yViolations(ownerPage);
        await expect(investorLog).toContainText(chatMessages.reply);
        await expectSameDocument(investorPage);
      });
    });
  });
}

for (const language of ['ar', 'en'] as const) {
  test.describe(`a long chat list, a page at a time (${language})`, () => {
    test.use({ language });
    test.describe.configure({ timeout: 120_000 });

    const t = (key: string) => text(language, key);
    const contexts = contextsClosedAfterEach();

    test('shows the first 30 chats, the rest after "show more", then that the list ends', async ({
      request,
      browser,
      baseURL,
    }) => {
      const investor = await registerOwner(request, `many-chats-${language}`);
      // 32 chats, one per approved listing (the demo's first): a page of 30 and two more.
      const listings = await request.get('/api/opportunities?sort=oldest&pageSize=50');
      const ids = ((await listings.json()) as { data: { id: number }[] }).data.map((o) => o.id);
      let opened = 0;
      for (const opportunityId of ids) {
        if (opened === 32) break;
        const chat = await post(request, '/api/chat', { opportunityId }, investor.session.accessToken);
        if (chat.ok()) opened += 1;
      }
      expect(opened, 'chats opened').toBe(32);

      const { context, page } = await signedIn(browser, baseURL!, investor.session, language);
      contexts.push(context);
      await page.goto('/profile/chats');
      const list = page.getByRole('list', { name: t('chat.listLabel') });
      await expect(list.getByRole('listitem')).toHaveCount(30);
      await expect(page.getByText(t('chat.end'))).toHaveCount(0);
      await page.getByRole('button', { name: t('chat.loadMore') }).click();
      await expect(list.getByRole('listitem')).toHaveCount(32);
      await expect(page.getByText(t('chat.end'))).toBeVisible();
      await expect(page.getByRole('button', { name: t('chat.loadMore') })).toHaveCount(0);
      await expectNoA11yViolations(page);
    });
  });
}
