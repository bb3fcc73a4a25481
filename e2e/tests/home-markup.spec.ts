import type { Page } from '@playwright/test';
import { expectNoA11yViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { text } from '../support/locales';

/**
 * html-validate's aria-label-misuse on `/` ([polish-2]): aria-label only on elements that can carry
 * a name (interactive, landmark, labelable, or with a role that takes one). The trending list once
 * had one on a bare <ul>; this walks the page as served and hydrated, moving and still.
 */

/** What html-validate accepts aria-label on, without an explicit role. */
const NAMEABLE = [
  'a[href]',
  'area[href]',
  'audio[controls]',
  'button',
  'details',
  'dialog',
  'embed',
  'fieldset',
  'form',
  'header',
  'footer',
  'iframe',
  'img',
  'input:not([type=hidden])',
  'label',
  'main',
  'meter',
  'nav',
  'aside',
  'object',
  'output',
  'progress',
  'section',
  'select',
  'summary',
  'svg',
  'textarea',
  'video[controls]',
  '[tabindex]',
];

async function misusedLabels(page: Page) {
  return page.evaluate((nameable) => {
    const allowed = (el: Element) => {
      const role = el.getAttribute('role');
      if (role && !['presentation', 'none', 'generic'].includes(role)) return true;
      return nameable.some((selector) => el.matches(selector));
    };
    return Array.from(document.querySelectorAll('[aria-label]'))
      .filter((el) => !allowed(el))
      .map((el) => `<${el.tagName.toLowerCase()} aria-label="${el.getAttribute('aria-label')}">`);
  }, NAMEABLE);
}

for (const language of ['ar', 'en'] as const) {
  test.describe(`home markup (${language})`, () => {
    test.use({ language, viewport: { width: 375, height: 800 } });

    test('no aria-label on an element that cannot carry one, moving strip and reduced motion', async ({
      page,
    }) => {
      await page.goto('/');
      await expect(page.getByTestId('trending-viewport')).toBeVisible();
      expect(await misusedLabels(page)).toEqual([]);
      await expectNoA11yViolations(page);

      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.reload();
      const trending = page.getByRole('region', { name: text(language, 'home.trending.title') });
      await expect(trending.getByRole('listitem').first()).toBeVisible();
      await expect(page.getByTestId('trending-viewport')).toHaveCount(0);
      expect(await misusedLabels(page)).toEqual([]);
    });
  });
}
