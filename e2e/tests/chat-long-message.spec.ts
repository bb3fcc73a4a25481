import type { APIRequestContext, Page } from '@playwright/test';
import { text } from '../support/locales';
import { expect, test, type Language } from '../support/fixtures';
import {
  ADMIN,
  login,
  post,
  publishListing,
  registerOwner,
  signedIn,
  type Session,
} from './opportunities-support';

/**
 * One pasted link followed by a long word (no space for 300 characters) must not break a chat: on a
 * phone the page stays as wide as the screen with the composer in view, and on a desktop the bubble
 * stays inside its card. Before, the unbroken text set the width of the grid it sits in, the phone
 * page grew to about 1,200 px and showed only the logo, and it stayed so on every reopening.
 */

const UNBROKEN = `https://example.com/listing?ref=${'x'.repeat(200)}${'ي'.repeat(70)}`;

async function setUp(request: APIRequestContext, language: Language) {
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const owner = await registerOwner(request, `long-owner-${language}`, `long-owner-${stamp}`);
  const investor = await registerOwner(request, `long-investor-${language}`, `long-investor-${stamp}`);
  const admin = await login(request, ADMIN.email, ADMIN.password);
  const opportunityId = await publishListing(
    request,
    {
      name: `Long Message Cafe ${stamp}`,
      nameAr: `مقهى الرسالة الطويلة ${stamp}`,
      type: 'buy',
      description: 'A small café whose owner answers questions in the chat, long links included.',
      descriptionAr: 'مقهى صغير يجيب مالكه عن الأسئلة في المحادثة، ومنها الروابط الطويلة.',
      businessTypeId: 8,
      regionId: 1,
      cityId: 1,
      offeredPercentage: 100,
      requiredAmount: 250_000,
      negotiable: true,
      waitForHighestOffer: false,
      ebitda: 90_000,
      yearlySales: 500_000,
      yearlyOperationalCost: 400_000,
      expectedYearProfitPercentage: 12,
      facilitySize: 5,
      facilityFoundationDay: '2019-03-01',
      contactPhone: '0551234567',
      images: [],
      documents: [],
      logo: null,
    },
    owner.session.accessToken,
    admin.accessToken,
  );
  const chat = await post(request, '/api/chat', { opportunityId }, investor.session.accessToken);
  expect(chat.ok(), 'POST /api/chat').toBe(true);
  const chatId = ((await chat.json()) as { chat: { id: number } }).chat.id;
  const sent = await post(
    request,
    `/api/chat/${chatId}/messages`,
    { body: UNBROKEN },
    investor.session.accessToken,
  );
  expect(sent.status(), 'POST message').toBe(201);
  return { chatId, owner: owner.session as Session };
}

async function pageWidth(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth);
}

for (const language of ['ar', 'en'] as const) {
  test.describe(`a chat with a 300-character unbroken message (${language})`, () => {
    test('keeps the phone page as wide as the screen, the message readable and the composer in view', async ({
      browser,
      request,
      baseURL,
    }) => {
      const { chatId, owner } = await setUp(request, language);
      const { context, page } = await signedIn(browser, baseURL!, owner, language, {
        viewport: { width: 375, height: 740 },
        isMobile: true,
        hasTouch: true,
      });
      try {
        await page.goto(`/profile/chats/${chatId}`);
        const message = page.getByText(UNBROKEN.slice(0, 40), { exact: false });
        await expect(message).toBeVisible();
        const composer = page.getByRole('textbox', {
          name: text(language, 'chat.composerLabel'),
          exact: true,
        });
        await expect(composer).toBeInViewport();
        expect(await pageWidth(page)).toBeLessThanOrEqual(375);
        const box = await message.boundingBox();
        expect(box!.x).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width).toBeLessThanOrEqual(375);

        // The chat list shows the same message as its last one, on one line, without widening the page.
        await page.goto('/profile/chats');
        await expect(page.getByRole('link', { name: new RegExp(`long-investor`) })).toBeVisible();
        expect(await pageWidth(page)).toBeLessThanOrEqual(375);
      } finally {
        await context.close();
      }
    });

    test('keeps the bubble inside its card on a desktop', async ({ browser, request, baseURL }) => {
      const { chatId, owner } = await setUp(request, language);
      const { context, page } = await signedIn(browser, baseURL!, owner, language);
      try {
        await page.goto(`/profile/chats/${chatId}`);
        const message = page.getByText(UNBROKEN.slice(0, 40), { exact: false });
        await expect(message).toBeVisible();
        const list = page.getByRole('log');
        const [bubble, card] = [await message.boundingBox(), await list.boundingBox()];
        expect(bubble!.x).toBeGreaterThanOrEqual(card!.x);
        expect(bubble!.x + bubble!.width).toBeLessThanOrEqual(card!.x + card!.width);
        expect(await list.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      } finally {
        await context.close();
      }
    });
  });
}
