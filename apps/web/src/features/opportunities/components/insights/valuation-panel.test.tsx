import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { Valuation } from '@safqa/shared/validation/insights';
import { renderWithProviders, setLanguage } from '@/test/utils';
import { ValuationPanel } from './valuation-panel';

/** A listing whose EBITDA is a loss: no EBITDA multiple, so the server flagged it by sales. */
const byLoss: Valuation = {
  impliedValuation: 2_000_000,
  ebitdaMultiple: null,
  salesMultiple: 1.25,
  comparables: 6,
  sector: {
    ebitdaMultiple: { p25: 5.25, median: 7, p75: 9.5 },
    salesMultiple: { p25: 2.25, median: 3.5, p75: 5.5 },
  },
  flag: 'low',
};

afterEach(async () => {
  await setLanguage('ar');
});

describe('ValuationPanel', () => {
  it.each([
    ['ar', 'مضاعف المبيعات للسعر المطلوب أقل من الربع الأدنى', 'مضاعف الأرباح للسعر المطلوب'],
    [
      'en',
      "The asking price's yearly sales multiple is below the lowest quarter",
      'EBITDA multiple is below',
    ],
  ] as const)(
    'says the sales multiple decided when EBITDA is not positive (%s)',
    async (lang, says, never) => {
      await setLanguage(lang);
      renderWithProviders(<ValuationPanel valuation={byLoss} />);
      expect(screen.getByTestId('valuation')).toHaveTextContent(says);
      expect(screen.getByTestId('valuation')).not.toHaveTextContent(never);
    },
  );

  it('keeps a multiple reading "1.25×" inside Arabic text: the number and its sign isolated left to right', async () => {
    await setLanguage('ar');
    renderWithProviders(<ValuationPanel valuation={byLoss} />);
    // U+2066 LEFT-TO-RIGHT ISOLATE ... U+2069: without it the sign ends up on the number's left.
    expect(screen.getByText('\u20661.25×\u2069')).toBeInTheDocument();
  });
});
