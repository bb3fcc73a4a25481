import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { AXE_TAGS } from '../support/axe';
import { text } from '../support/locales';
import { expect, test } from '../support/fixtures';
import { ADMIN, login, useSession } from './opportunities-support';

/**
 * On a 360 px phone no page may scroll sideways, in either direction: one element wider than the
 * screen (an input's intrinsic width, a table, a long word) pushes the whole page out and hides the
 * other edge of every form. axe-core runs on each page as well, since the phone layout (menu button,
 * drawers, stacked tables) differs from the desktop one the other specs scan. Demo listing 1 exists
 * in the e2e database (SEED_DEMO).
 */

const PUBLIC_PAGES = [
  '/',
  '/search',
  '/opportunities/1',
  '/opportunities/1/advisors',
  '/faq',
  '/contact',
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password',
  '/verify-email',
  '/dev/mail',
  '/no/such/page',
];
const SIGNED_IN_PAGES = [
  '/profile',
  '/profile/chats',
  '/profile/my-offers',
  '/favorites',
  '/opportunities/add',
  '/admin',
  '/admin/opportunities',
  '/admin/business-types',
  '/admin/cities',
  '/admin/faqs',
  '/admin/error-logs',
  '/admin/contact-messages',
  '/admin/users',
];

/**
 * /dev/mail shows each email in a fully sandboxed iframe, which axe cannot enter: the scan waits for
 * it until the test times out. The page is a development tool that production does not serve.
 */
const NOT_SCANNED = new Set(['/dev/mail']);

async function axeViolations(page: Page): Promise<string | null> {
  const { violations } = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  if (violations.length === 0) return null;
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`).join('; ');
}

async function sidewaysOverflow(page: Page, path: string): Promise<string | null> {
  await page.goto(path);
  await expect(page.locator('main h1').first()).toBeVisible();
  // Content that arrives after the heading (lists, lookups) can widen the page too.
  await page.waitForLoadState('networkidle').catch(() => {});
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width) return null;
    const culprit = Array.from(document.querySelectorAll('main *'))
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return box.right > width + 1 || box.left < -1;
      })
      .at(-1);
    return `${document.documentElement.scrollWidth} px wide; e.g. <${culprit?.tagName.toLowerCase()} class="${culprit?.getAttribute('class') ?? ''}">`;
  });
}

/** Every page's sideways overflow and axe violations, so one run reports them all. */
async function problemsOn(page: Page, paths: string[]): Promise<string[]> {
  const problems: string[] = [];
  for (const path of paths) {
    const overflow = await sidewaysOverflow(page, path);
    if (overflow) problems.push(`${path}: ${overflow}`);
    const violations = NOT_SCANNED.has(path) ? null : await axeViolations(page);
    if (violations) problems.push(`${path}: axe ${violations}`);
  }
  return problems;
}

for (const language of ['ar', 'en'] as const) {
  test.describe(`a 360 px phone (${language})`, () => {
    test.use({ language, viewport: { width: 360, height: 780 } });

    // Thirteen pages, each loaded, settled and scanned: far more than one journey's 60 s on a busy machine.
    test.beforeEach(() => test.setTimeout(180_000));

    test('public pages fit the screen and pass axe', async ({ page }) => {
      expect(await problemsOn(page, PUBLIC_PAGES)).toEqual([]);
    });

    test('account and admin pages fit the screen and pass axe', async ({ page, context, request }) => {
      await useSession(context, await login(request, ADMIN.email, ADMIN.password), language);
      expect(await problemsOn(page, SIGNED_IN_PAGES)).toEqual([]);
    });

    test('the listing wizard’s documents step fits the screen with a long file name', async ({
      page,
      context,
      request,
    }) => {
      // A document keeps its file name, however long: cut with an ellipsis, it must not widen the
      // step (a fieldset is as wide as its content by default).
      const session = await login(request, ADMIN.email, ADMIN.password);
      const me = await request.get('/api/users/me', {
        headers: { authorization: `Bearer ${session.accessToken}` },
      });
      const { id } = (await me.json()) as { id: number };
      await useSession(context, session, language);
      const name = 'the-yearly-accounts-of-the-company-audited-and-signed-2025-final-version.pdf';
      await context.addInitScript(([key, draft]) => localStorage.setItem(key, draft), [
        `opportunity-draft:${id}:new`,
        JSON.stringify({
          version: 1,
          step: 'documents',
          savedAt: new Date().toISOString(),
          values: { documents: [{ url: '/uploads/docs/accounts.pdf', name, confidential: false }] },
          meta: { images: {}, documents: {} },
        }),
      ] as const);
      await page.goto('/opportunities/add');
      await expect(page.getByText(name)).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    });

    test('a profile tab opened by its link is scrolled into the tab strip', async ({
      page,
      context,
      request,
    }) => {
      // The bell's "all notifications" and the alert emails link to the last tabs, past the screen's edge.
      await useSession(context, await login(request, ADMIN.email, ADMIN.password), language);
      await page.goto('/profile?tab=notifications');
      const tab = page.getByRole('tab', { name: text(language, 'users.tabs.notifications'), selected: true });
      await expect(tab).toBeInViewport({ ratio: 0.9 });
      await page.getByRole('tab', { name: text(language, 'users.tabs.personal') }).click();
      await expect(
        page.getByRole('tab', { name: text(language, 'users.tabs.personal'), selected: true }),
      ).toBeInViewport({ ratio: 0.9 });
    });
  });
}
