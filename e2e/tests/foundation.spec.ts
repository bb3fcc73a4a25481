import { matchesWordForms } from '../../packages/shared/src/word-forms';
import { expectNoA11yViolations } from '../support/axe';
import { ADMIN_EMAIL } from '../support/env';
import type { Locator, Page } from '@playwright/test';
import { expect, test, type Language } from '../support/fixtures';
import { text } from '../support/locales';
import { waitForMail } from '../support/mail';

/** The foundation issue's end-to-end checks: language and direction, theme, FAQ search, contact, axe. */

interface Faq {
  id: number;
  questionAr: string;
  answerAr: string;
  questionEn: string;
  answerEn: string;
}

test.describe('language and theme', () => {
  test('the home page renders in Arabic, right to left, by default', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('navigation', { name: text('ar', 'common.nav.label') })).toBeVisible();
    await expect(page.getByRole('link', { name: text('ar', 'common.nav.faq') }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'English' })).toBeVisible();
  });

  test('switching to English gives left to right and survives a reload', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'English' }).click();
    const html = page.locator('html');
    await expect(html).toHaveAttribute('lang', 'en');
    await expect(html).toHaveAttribute('dir', 'ltr');
    await expect(page.getByRole('navigation', { name: text('en', 'common.nav.label') })).toBeVisible();

    await page.reload();
    await expect(html).toHaveAttribute('lang', 'en');
    await expect(html).toHaveAttribute('dir', 'ltr');
    await expect(page.getByRole('link', { name: text('en', 'common.nav.contact') }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'العربية' })).toBeVisible();
  });

  test('the theme survives a reload', async ({ page }) => {
    await page.goto('/');
    const html = page.locator('html');
    await expect(html).not.toHaveClass(/\bdark\b/);
    await page.getByRole('button', { name: text('ar', 'common.theme.toDark') }).click();
    await expect(html).toHaveClass(/\bdark\b/);

    await page.reload();
    await expect(html).toHaveClass(/\bdark\b/);
    await expect(page.getByRole('button', { name: text('ar', 'common.theme.toLight') })).toBeVisible();
  });
});

test.describe('FAQ', () => {
  test('search finds a question typed with a plain alef where it is written with hamza', async ({
    page,
    request,
  }) => {
    const response = await request.get('/api/faqs');
    expect(response.ok()).toBe(true);
    const { faqs } = (await response.json()) as { faqs: Faq[] };
    // A word of a seeded question written with أ, إ or آ, typed the way many people do: with ا.
    const target = faqs
      .flatMap((faq) =>
        faq.questionAr.split(/\s+/).map((word) => ({ faq, word: word.replace(/[؟?،,.]/g, '') })),
      )
      .find(({ word }) => /[أإآ]/.test(word) && word.length >= 4);
    if (!target) throw new Error('the seeded FAQs have no question with أ, إ or آ to search for');
    const query = target.word.replace(/[أإآ]/g, 'ا');
    expect(target.faq.questionAr).not.toContain(query);
    // What the page filters with as the user types (Arabic-normalised, word forms by root).
    const others = faqs.filter((faq) => !matchesWordForms(`${faq.questionAr} ${faq.answerAr}`, query));

    await page.goto('/faq');
    await expect(page.getByRole('heading', { level: 1, name: text('ar', 'faqs.title') })).toBeVisible();
    const question = page.getByRole('button', { name: target.faq.questionAr });
    await expect(question).toBeVisible();

    const search = page.getByRole('searchbox', { name: text('ar', 'faqs.searchLabel') });
    await search.fill(query);
    await expect(question).toBeVisible();
    for (const other of others) {
      await expect(page.getByRole('button', { name: other.questionAr, exact: true })).toBeHidden();
    }

    // Enter also asks the server, whose search is Arabic-normalised too.
    const serverSearch = page.waitForResponse((r) => r.url().includes('/api/faqs?search=') && r.ok());
    await search.press('Enter');
    await serverSearch;
    await expect(question).toBeVisible();
    await question.click();
    await expect(page.getByText(target.faq.answerAr.slice(0, 40))).toBeVisible();
  });
});

test.describe('contact', () => {
  test('a message shows the success banner and is emailed to the admin address', async ({
    page,
    request,
  }) => {
    const email = `visitor-${Date.now()}@example.test`;
    const message = `أرغب في معرفة طريقة عرض مشروعي على صفقة (${Date.now()}).`;

    await page.goto('/contact');
    await page.getByLabel(text('ar', 'contact.name')).fill('سارة العتيبي');
    await page.getByLabel(text('ar', 'contact.email')).fill(email);
    await page.getByLabel(text('ar', 'contact.message')).fill(message);
    await page.getByRole('button', { name: text('ar', 'contact.submit') }).click();

    await expect(
      page.getByRole('status').filter({ hasText: text('ar', 'contact.successTitle') }),
    ).toBeVisible();
    await expect(page.getByLabel(text('ar', 'contact.message'))).toHaveValue('');

    const mail = await waitForMail(request, ADMIN_EMAIL, (m) => m.text.includes(message));
    expect(mail.text).toContain(email);
    expect(mail.text).toContain('سارة العتيبي');
  });
});

/** Each page, and what shows that it has finished loading (axe should see the content, not a spinner). */
const pages: { path: string; ready: (page: Page, language: Language) => Locator }[] = [
  {
    path: '/',
    ready: (page, language) => page.getByRole('navigation', { name: text(language, 'common.nav.label') }),
  },
  { path: '/faq', ready: (page) => page.getByRole('main').locator('[data-state]').first() },
  {
    path: '/contact',
    ready: (page, language) => page.getByRole('button', { name: text(language, 'contact.submit') }),
  },
];

for (const language of ['ar', 'en'] as const) {
  test.describe(`accessibility (${language})`, () => {
    test.use({ language });
    for (const { path, ready } of pages) {
      test(`axe finds no violations on ${path}`, async ({ page }) => {
        await page.goto(path);
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        await expect(ready(page, language)).toBeVisible();
        const loading = [text(language, 'common.loading'), text(language, 'faqs.loading')];
        await expect(page.getByRole('status').filter({ hasText: new RegExp(loading.join('|')) })).toHaveCount(
          0,
        );
        await expectNoA11yViolations(page);
      });
    }
  });
}
