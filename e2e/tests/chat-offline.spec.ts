import type { APIRequestContext } from '@playwright/test';
import { expectNoA11yViolations } from '../support/axe';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/env';
import { expect, test, contextsClosedAfterEach, waitForApp, type Language } from '../support/fixtures';
import { text } from '../support/locales';
import { harbourBakery, login, post, publishListing, registerOwner, signedIn } from './opportunities-support';

/**
 * A message sent while the phone is offline ([polish-2]): instead of "Sending…" for ever, the composer
 * says the phone is offline and that the message goes when the connection is back, with a way to try
 * again now; back online, the message is sent exactly once and the note goes.
 */

async function setUp(request: APIRequestContext, language: Language) {
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const owner = await registerOwner(request, `offline-owner-${language}`, `offline-owner-${stamp}`);
  const investor = await registerOwner(request, `offline-investor-${language}`, `offline-investor-${stamp}`);
  const admin = await login(request, ADMIN_EMAIL, ADMIN_PASSWORD);
  const opportunityId = await publishListing(
    request,
    harbourBakery(stamp),
    owner.session.accessToken,
    admin.accessToken,
  );
  const chat = await post(request, '/api/chat', { opportunityId }, investor.session.accessToken);
  expect(chat.ok(), 'POST /api/chat').toBe(true);
  const chatId = ((await chat.json()) as { chat: { id: number } }).chat.id;
  return { chatId, stamp, investor: investor.session, ownerToken: owner.session.accessToken };
}

/** How many stored messages of the chat have `body`, as the other side reads them. */
async function storedCount(request: APIRequestContext, chatId: number, token: string, body: string) {
  const res = await request.get(`/api/chat/${chatId}/messages`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.ok(), 'GET messages').toBe(true);
  const { messages } = (await res.json()) as { messages: { body: string }[] };
  return messages.filter((m) => m.body === body).length;
}

for (const language of ['ar', 'en'] as const) {
  test.describe(`chat offline (${language})`, () => {
    test.use({ language });
    test.describe.configure({ timeout: 120_000 });
    const t = (key: string) => text(language, key);
    const contexts = contextsClosedAfterEach();

    test('a message sent offline says so, then goes exactly once when the phone is back online', async ({
      browser,
      request,
      baseURL,
    }) => {
      const cast = await setUp(request, language);
      const { context, page } = await signedIn(browser, baseURL!, cast.investor, language, {
        viewport: { width: 375, height: 740 },
        isMobile: true,
        hasTouch: true,
      });
      contexts.push(context);
      await page.goto(`/profile/chats/${cast.chatId}`);
      await waitForApp(page);
      const composer = page.getByRole('textbox', { name: t('chat.composerLabel'), exact: true });
      await expect(composer).toBeVisible();

      const body =
        language === 'ar'
          ? `هل ما زال المخبز متاحًا للبيع؟ ${cast.stamp}`
          : `Is the bakery still for sale? ${cast.stamp}`;
      await context.setOffline(true);
      await composer.fill(body);
      await composer.press('Enter');

      const note = page.getByRole('status').filter({ hasText: t('chat.offlineQueued') });
      await expect(note).toBeVisible();
      await expect(note.getByRole('button', { name: t('chat.retryNow'), exact: true })).toBeVisible();
      // Nothing is lost: the text stays until it is stored.
      await expect(composer).toHaveValue(body);
      expect(await storedCount(request, cast.chatId, cast.ownerToken, body)).toBe(0);
      await expectNoA11yViolations(page);

      await context.setOffline(false);
      await expect(note).toHaveCount(0);
      await expect(page.getByRole('log').getByText(body, { exact: true })).toHaveCount(1);
      await expect(composer).toHaveValue('');
      await expect.poll(() => storedCount(request, cast.chatId, cast.ownerToken, body)).toBe(1);
      // And it stays once: nothing sends it again afterwards (a reload reads what is stored).
      await page.reload();
      await waitForApp(page);
      await expect(page.getByRole('log').getByText(body, { exact: true })).toHaveCount(1);
      expect(await storedCount(request, cast.chatId, cast.ownerToken, body)).toBe(1);
    });
  });
}
