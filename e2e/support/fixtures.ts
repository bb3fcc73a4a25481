import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';

export type Language = 'ar' | 'en';
export type Theme = 'light' | 'dark';

export interface AppOptions {
  /** The UI language stored in localStorage before the first page load (default Arabic). */
  language: Language;
  /** The stored theme; undefined leaves it to the system preference (colorScheme, light by default). */
  theme: Theme | undefined;
}

/**
 * `test` for every e2e file: like Playwright's, plus the `language` and `theme` options, seeded into
 * localStorage (and the `lang` cookie) once per test (so a switch made by the test survives reloads, as for a real user), and
 * a check that the browser reported no Content-Security-Policy violation.
 *
 *   test.use({ language: 'en' });
 *   for (const language of ['ar', 'en'] as const) test.describe(language, () => { test.use({ language }); ... });
 */
/**
 * After a full page load, waits until the app answers to input (`<html data-app-ready>`, set once React
 * has hydrated the server-rendered page): a click on server HTML before that is lost, as it would be
 * for a person tapping early. Pages that are not the app (a JSON answer, a file) have no #root.
 */
export async function waitForApp(page: Page) {
  await page.waitForFunction(
    () => !document.getElementById('root') || document.documentElement.hasAttribute('data-app-ready'),
    null,
    { timeout: 20_000 },
  );
}

export const test = base.extend<AppOptions>({
  language: ['ar', { option: true }],
  theme: [undefined, { option: true }],
  storageState: async ({ language, theme, baseURL }, use) => {
    if (!baseURL) throw new Error('baseURL is not configured');
    const localStorage: { name: string; value: string }[] = [{ name: 'language', value: language }];
    if (theme) localStorage.push({ name: 'theme', value: theme });
    // The web app keeps the `lang` cookie equal to localStorage `language`, so the server renders the
    // first page in that language (public/boot.js would otherwise set it and load the page again).
    const { hostname } = new URL(baseURL);
    const cookies = [
      {
        name: 'lang',
        value: language,
        domain: hostname,
        path: '/',
        expires: -1,
        httpOnly: false,
        secure: false,
        sameSite: 'Lax' as const,
      },
    ];
    await use({ cookies, origins: [{ origin: new URL(baseURL).origin, localStorage }] });
  },
  page: async ({ page }, use) => {
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
    await use(page);
  },
  // The app must work under its own Content-Security-Policy: a blocked style, script or worker fails the test.
  context: async ({ context }, use) => {
    const violations: string[] = [];
    context.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy/i.test(message.text()))
        violations.push(message.text());
    });
    await use(context);
    expect(violations, 'Content-Security-Policy violations in the browser console').toEqual([]);
  },
});

/**
 * The browser contexts a test opens itself (a second member's browser...), closed after each test
 * whatever its outcome. Call it inside the describe; push each context opened.
 */
export function contextsClosedAfterEach(): BrowserContext[] {
  const contexts: BrowserContext[] = [];
  test.afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });
  return contexts;
}

export { expect };
