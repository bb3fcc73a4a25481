import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa'];

export interface AxeOptions {
  /** CSS selectors left out of the scan (third-party widgets only, with a reason in the test). */
  exclude?: string[];
}

/**
 * Runs axe-core (WCAG 2.0 A/AA and 2.1 AA) on the page as it is now and fails the test listing every
 * violation with its rule, impact and the offending elements.
 */
export async function expectNoA11yViolations(page: Page, options: AxeOptions = {}): Promise<void> {
  let builder = new AxeBuilder({ page }).withTags(AXE_TAGS);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  const { violations } = await builder.analyze();
  const report = violations.map(
    (v) =>
      `${v.id} (${v.impact ?? 'unknown'}): ${v.help} [${v.helpUrl}]\n` +
      v.nodes
        .map((n) => `    ${n.target.join(' ')}: ${n.failureSummary ?? ''}`.replace(/\n/g, ' '))
        .join('\n'),
  );
  expect(report, `axe-core found accessibility violations on ${page.url()}`).toEqual([]);
}

/** WCAG A/AA, and the best-practice rules behind issue 22's findings: dialog names, landmark names, heading levels. */
export async function expectAccessible(page: Page): Promise<void> {
  await expectNoA11yViolations(page);
  const { violations } = await new AxeBuilder({ page })
    .withRules(['aria-dialog-name', 'landmark-unique', 'heading-order'])
    .analyze();
  expect(
    violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    `best-practice rules on ${page.url()}`,
  ).toEqual([]);
}
