import { expect, test, type Locator, type Page } from '@playwright/test';

/**
 * Solves the real ALTCHA widget like a user: clicks its label ("I'm not a robot", in the UI language)
 * and waits while the browser does the proof of work. A widget that already verified itself (it
 * starts when the visitor interacts with the form) is left as it is. `scope` narrows the search when
 * a page has several forms.
 *
 * The proof of work takes a few seconds on an idle machine and much longer on a busy one (80 s was
 * seen with ~20 runnable processes on 2 cores), so the wait is long and the test's own time limit
 * grows by the same amount.
 */
export async function solveHumanCheck(scope: Page | Locator, timeout = 120_000): Promise<void> {
  const info = test.info();
  info.setTimeout(info.timeout + timeout);
  const widget = scope.locator('altcha-widget');
  await expect(widget).toBeVisible();
  const state = widget.locator('[data-state]').first();
  // A widget back at "unverified" (a fresh one after the form re-rendered, or a check that was
  // dropped) is ticked again; one that is verifying is left to finish.
  await expect(async () => {
    const current = await state.getAttribute('data-state');
    if (current === 'unverified' || current === 'expired') {
      const checkbox = widget.getByRole('checkbox');
      if (!(await checkbox.isChecked())) {
        // The tick mark is drawn over the box and catches the pointer: click the label beside it.
        const id = await checkbox.getAttribute('id');
        await widget
          .locator(id ? `label[for="${id}"]` : 'label')
          .first()
          .click();
      }
    }
    await expect(state).toHaveAttribute('data-state', 'verified', { timeout: 20_000 });
  }).toPass({ timeout, intervals: [1_000] });
}
