import type { BrowserContext, Page } from '@playwright/test';
import { expectNoA11yViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { text } from '../support/locales';
import { ADMIN, login } from './opportunities-support';

/**
 * Server-rendered public pages (issue 9, DESIGN.md "Rendering"): the HTML as it arrives already holds
 * the page, the browser hydrates it without a mismatch, and nothing moves while it loads, on a phone
 * and on a desktop, in Arabic and in English.
 */

const WIDTHS = [375, 1280] as const;
/** Summed `layout-shift` entries not caused by input (what CLS adds up), read after the page settled. */
async function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & {
            value: number;
            hadRecentInput: boolean;
          })[])
            if (!entry.hadRecentInput) total += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 500);
      }),
  );
}

/** React reports a hydration mismatch as errors #418/#419/#422/#423/#425 (minified) or "Hydration failed". */
const HYDRATION_PROBLEM = /hydrat|Minified React error #4(1[89]|2[235])/i;

for (const language of ['ar', 'en'] as const) {
  test.describe(`server-rendered pages (${language})`, () => {
    test.use({ language });

    test('arrive with their content, hydrate without a mismatch, and do not shift (375 and 1280 px)', async ({
      page,
      request,
    }) => {
      test.setTimeout(180_000);
      const top = (await (await request.get('/api/opportunities/top')).json()) as {
        opportunities: { id: number; opportunityName: string; opportunityNameAr: string }[];
      };
      const listing = top.opportunities[0]!;
      const pages = [
        { path: '/', content: text(language, 'home.hero.title') },
        { path: '/search', content: text(language, 'opportunities.search.title') },
        {
          path: `/opportunities/${listing.id}`,
          content: language === 'ar' ? listing.opportunityNameAr : listing.opportunityName,
        },
        { path: '/faq', content: text(language, 'faqs.title') },
        { path: '/contact', content: text(language, 'contact.title') },
        { path: '/login', content: text(language, 'auth.login.title') },
        { path: '/register', content: text(language, 'auth.register.title') },
      ];
      const problems: string[] = [];
      page.on('console', (message) => {
        if (['error', 'warning'].includes(message.type()) && HYDRATION_PROBLEM.test(message.text()))
          problems.push(message.text());
      });
      page.on('pageerror', (error) => problems.push(error.message));

      for (const { path, content } of pages) {
        // What a crawler or a link preview receives: no JavaScript, any Accept header.
        const raw = await request.get(`${path}${path.includes('?') ? '&' : '?'}lang=${language}`, {
          headers: { accept: '*/*' },
        });
        expect(raw.status(), path).toBe(200);
        const html = await raw.text();
        expect(html, path).toContain(`<html lang="${language}" dir="${language === 'ar' ? 'rtl' : 'ltr'}"`);
        expect(html.slice(html.indexOf('<div id="root">')), path).toContain(content.replace(/&/g, '&amp;'));

        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: 800 });
          await page.goto(path, { waitUntil: 'networkidle' });
          await expect(page.locator('html')).toHaveAttribute('lang', language);
          await expect(page.locator('main')).toContainText(content);
          expect(await layoutShift(page), `layout shift of ${path} at ${width} px`).toBeLessThanOrEqual(0.02);
        }
      }
      expect(problems, 'hydration problems in the console').toEqual([]);
    });

    test('a listing is readable with JavaScript turned off', async ({ browser, request, baseURL }) => {
      const top = (await (await request.get('/api/opportunities/top')).json()) as {
        opportunities: { id: number; opportunityName: string; opportunityNameAr: string }[];
      };
      const listing = top.opportunities[1]!;
      const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
      const page = await context.newPage();
      await page.goto(`/opportunities/${listing.id}?lang=${language}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        language === 'ar' ? listing.opportunityNameAr : listing.opportunityName,
      );
      await expect(page).toHaveTitle(new RegExp(language === 'ar' ? 'صفقة' : 'Safqa'));
      await context.close();
    });

    test('a visitor downloads no form or dialog library with a public page, until the WhatsApp button is used', async ({
      page,
      request,
    }) => {
      const top = (await (await request.get('/api/opportunities/top')).json()) as {
        opportunities: { id: number }[];
      };
      // Each library named by a string only its own code holds (minified builds keep these).
      const LIBRARIES = {
        zod: 'ZodError',
        'react-hook-form': 'shouldUnregister',
        'radix dialog': 'DialogContent',
      };
      const loaded = new Set<string>();
      const reading: Promise<void>[] = [];
      page.on('response', (response) => {
        // A 304 has no body: the same file arrived earlier with a 200 and was read then.
        if (!response.url().endsWith('.js') || response.status() !== 200) return;
        reading.push(
          response.text().then((body) => {
            for (const [name, mark] of Object.entries(LIBRARIES)) if (body.includes(mark)) loaded.add(name);
          }),
        );
      });
      for (const path of ['/', '/search', '/faq', `/opportunities/${top.opportunities[0]!.id}`]) {
        await page.goto(path, { waitUntil: 'networkidle' });
        await expect(page.locator('html')).toHaveAttribute('data-app-ready', '');
        await Promise.all(reading);
        expect([...loaded], `libraries a visitor downloaded with ${path}`).toEqual([]);
      }

      const button = page.getByRole('button', { name: text(language, 'opportunities.whatsapp.open') });
      await button.click();
      const dialog = page.getByRole('dialog', { name: text(language, 'opportunities.whatsapp.title') });
      await expect(dialog).toContainText(text(language, 'opportunities.whatsapp.signIn'));
      await expectNoA11yViolations(page);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(button).toBeFocused();
      await Promise.all(reading);
      expect([...loaded]).toEqual(['radix dialog']);
    });

    test('hydrate with the text they arrived with: no catalogue of theirs is downloaded (issue 26)', async ({
      page,
      request,
    }) => {
      const top = (await (await request.get('/api/opportunities/top')).json()) as {
        opportunities: { id: number }[];
      };
      // The common catalogue is the only file holding this text; every page renders it (skip link).
      const commonText = text(language, 'common.skipToContent');
      const catalogues: string[] = [];
      const reading: Promise<void>[] = [];
      page.on('response', (response) => {
        if (!response.url().endsWith('.js') || response.status() !== 200) return;
        reading.push(
          response.text().then((body) => {
            if (body.includes(commonText)) catalogues.push(response.url());
          }),
        );
      });
      for (const path of ['/', '/search', '/faq', `/opportunities/${top.opportunities[0]!.id}`]) {
        await page.goto(path, { waitUntil: 'networkidle' });
        await expect(page.locator('html')).toHaveAttribute('data-app-ready', '');
        await expect(page.getByRole('link', { name: commonText })).toBeAttached();
        await Promise.all(reading);
        expect(catalogues, `catalogues downloaded with ${path}`).toEqual([]);
      }
    });

    test('an address cut inside a percent escape is the not-found page, not a JSON body', async ({
      page,
    }) => {
      await page.goto('/opportunities/%E0%A4%A');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        text(language, 'common.notFound.title'),
      );
      await expect(page.locator('body')).not.toContainText('VALIDATION_FAILED');
    });

    test('an unknown listing is the not-found page with status 404', async ({ page }) => {
      const answer = await page.goto('/opportunities/987654321');
      expect(answer?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        text(language, 'opportunities.detail.notFound'),
      );
    });
  });
}

test.describe('a signed-in visitor', () => {
  test('never sees "Log in" on a server-rendered page, before or after hydration', async ({
    page,
    request,
  }) => {
    const session = await login(request, ADMIN.email, ADMIN.password);
    await page.goto('/faq');
    await expect(page.locator('header a[href="/login"]').first()).toBeVisible();
    // A session as the app stores it: tokens in localStorage and the signed_in hint cookie.
    await page.evaluate((s) => {
      localStorage.setItem('token', s.accessToken);
      localStorage.setItem('refreshToken', s.refreshToken);
      document.cookie = 'signed_in=1; path=/';
    }, session);

    // Record whether the link ever exists, from the first parsed byte until the page settled.
    await page.addInitScript(() => {
      const w = window as unknown as { sawLogin: boolean };
      w.sawLogin = false;
      const check = () => {
        if (document.querySelector('header a[href="/login"]')) w.sawLogin = true;
      };
      new MutationObserver(check).observe(document, { childList: true, subtree: true });
    });
    await page.goto('/faq', { waitUntil: 'networkidle' });
    await expect(page.locator('header a[href="/admin"]').first()).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { sawLogin: boolean }).sawLogin)).toBe(false);
  });
});

test.describe('a tap before the page is interactive', () => {
  /** Holds the app's entry script back, as a slow phone would take long to fetch and run it. */
  async function slowScripts(page: Page) {
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
  }

  /** /search on a wide screen (its filters open), the app's script still held back. */
  async function searchBeforeApp(context: BrowserContext) {
    const page = await context.newPage();
    await page.setViewportSize({ width: 1280, height: 800 });
    await slowScripts(page);
    await page.goto('/search', { waitUntil: 'commit' });
    const sector = page.getByLabel(text('ar', 'opportunities.search.businessType'), { exact: true });
    await expect(sector).toBeVisible();
    await expect(page.locator('html')).not.toHaveAttribute('data-app-ready');
    return { page, sector };
  }

  // A page of its own: the fixture's `page` waits for the app after each goto, which is the point here.
  test('is not lost: the app acts on it once it answers', async ({ context }) => {
    const page = await context.newPage();
    await slowScripts(page);
    // 'commit': the HTML is arriving; DOMContentLoaded would wait for the held script itself.
    await page.goto('/faq', { waitUntil: 'commit' });
    await expect(page.locator('html')).not.toHaveAttribute('data-app-ready');
    // The language switch, tapped while the page is still only server HTML.
    await page.getByRole('button', { name: 'English' }).click({ noWaitAfter: true });
    await expect(page.locator('html')).toHaveAttribute('data-app-ready', '');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('en', 'faqs.title'));
  });

  test('never submits a form natively: the password does not end up in the address', async ({ context }) => {
    const page = await context.newPage();
    await slowScripts(page);
    await page.goto('/login', { waitUntil: 'commit' });
    await expect(page.locator('html')).not.toHaveAttribute('data-app-ready');
    await page.locator('input[type="email"]').fill('early@example.test');
    await page.locator('input[type="password"]').fill('Early#Secret123');
    await page.locator('input[type="password"]').press('Enter');
    await expect(page.locator('html')).toHaveAttribute('data-app-ready', '');
    expect(page.url()).not.toContain('Secret');
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  test('a search typed and sent before then is the one searched, and the text stays in the box', async ({
    context,
  }) => {
    const page = await context.newPage();
    await slowScripts(page);
    await page.goto('/search', { waitUntil: 'commit' });
    const box = page.getByRole('searchbox', { name: text('ar', 'opportunities.search.text') });
    await box.fill('مطعم');
    await page
      .getByRole('button', { name: text('ar', 'opportunities.search.submit'), exact: true })
      .click({ noWaitAfter: true });
    await expect(page.locator('html')).not.toHaveAttribute('data-app-ready');
    await expect(page.locator('html')).toHaveAttribute('data-app-ready', '');
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('مطعم');
    await expect(box).toHaveValue('مطعم');
  });

  // The server cannot know the width: the search filters are one tree for both layouts, open on a wide
  // screen before hydration, and hydration keeps the very elements (a choice made meanwhile stays).
  test('on a wide screen, the search filters are shown at once and the same ones stay after hydration', async ({
    context,
  }) => {
    const { page, sector } = await searchBeforeApp(context);
    await sector.evaluate((element) => {
      (window as unknown as { serverSelect: Element }).serverSelect = element;
    });
    await expect(page.locator('html')).toHaveAttribute('data-app-ready', '');
    await expect(
      page.getByRole('heading', { level: 2, name: text('ar', 'opportunities.search.filters') }),
    ).toBeVisible();
    const kept = await sector.evaluate(
      (element) => (window as unknown as { serverSelect: Element }).serverSelect === element,
    );
    expect(kept, 'the select rendered by the server is the one the app hydrated').toBe(true);
  });

  // A select's choice sends no tap or submit for boot.js to hold: the DOM keeps it, and the app must
  // take it when the filters hydrate, which can be after <html data-app-ready> (they are a slice of
  // their own). Chosen while server HTML, then the very moment the app says it is ready.
  for (const moment of ['before', 'at'] as const) {
    test(`a filter chosen ${moment} the moment the app answers is the one applied, and stays chosen`, async ({
      context,
    }) => {
      const { page, sector } = await searchBeforeApp(context);
      const choice = await sector.evaluate((select: HTMLSelectElement) => select.options[2]!.value);
      expect(choice).toMatch(/^[1-9]\d*$/);
      if (moment === 'before') {
        await sector.selectOption(choice);
      } else {
        // As a user's choice lands in the same task as the marker: before anything else hydrates.
        await sector.evaluate((select: HTMLSelectElement, value) => {
          new MutationObserver((_, observer) => {
            if (!document.documentElement.hasAttribute('data-app-ready')) return;
            observer.disconnect();
            select.value = value;
            select.dispatchEvent(new Event('input', { bubbles: true }));
            select.dispatchEvent(new Event('change', { bubbles: true }));
          }).observe(document.documentElement, { attributes: true });
        }, choice);
      }
      await expect(page.locator('html')).toHaveAttribute('data-app-ready', '');
      await expect.poll(() => new URL(page.url()).searchParams.get('businessTypeId')).toBe(choice);
      await expect(sector).toHaveValue(choice);
    });
  }

  test('a kind of listing ticked before then is the one applied, and stays ticked', async ({ context }) => {
    const { page } = await searchBeforeApp(context);
    const invest = page.getByRole('radio', { name: text('ar', 'listings.type.invest') });
    await invest.check();
    await expect(page.locator('html')).toHaveAttribute('data-app-ready', '');
    await expect.poll(() => new URL(page.url()).searchParams.get('type')).toBe('invest');
    await expect(invest).toBeChecked();
    await expect(page.getByRole('radio', { name: text('ar', 'opportunities.search.any') })).not.toBeChecked();
  });
});
