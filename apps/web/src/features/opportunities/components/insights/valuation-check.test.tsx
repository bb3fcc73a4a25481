import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setTokens } from '@/lib/session';
import { calledUrls, mockApi } from '@/test/api-mock';
import { fakeJwt, inOneHour, jsonResponse, renderWithProviders, setLanguage } from '@/test/utils';
import { ValuationCheck } from './valuation-check';

/** The owner still typing EBITDA: only the figures where typing stopped are checked. */
function Typing() {
  const [ebitda, setEbitda] = useState<number | undefined>(undefined);
  const type = () => {
    setEbitda(10);
    setTimeout(() => setEbitda(100_000), 100);
  };
  return (
    <>
      <button type="button" onClick={type}>
        type
      </button>
      <ValuationCheck values={{ ...figures, ebitda }} />
    </>
  );
}

const answer = {
  impliedValuation: 2_000_000,
  ebitdaMultiple: 20,
  salesMultiple: 2,
  comparables: 6,
  sector: {
    ebitdaMultiple: { p25: 5.25, median: 7, p75: 9.5 },
    salesMultiple: { p25: 2.25, median: 3.5, p75: 5.5 },
  },
  flag: 'high',
};
const figures = {
  businessTypeId: 8,
  offeredPercentage: 25,
  requiredAmount: 500_000,
  ebitda: 100_000,
  yearlySales: 1_000_000,
};

beforeEach(() => {
  setTokens({ accessToken: fakeJwt({ sub: '3', role: 'owner', exp: inOneHour() }), refreshToken: 'r' });
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await setLanguage('ar');
});

describe('ValuationCheck', () => {
  it('asks for the figures until they are valid, without calling the API', async () => {
    const fetchMock = mockApi();
    renderWithProviders(<ValuationCheck values={{ ...figures, ebitda: undefined, offeredPercentage: 0 }} />);
    expect(screen.getByText(/أدخل نسبة الحصة والمبلغ المطلوب/)).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(calledUrls(fetchMock, '/api/valuation/check')).toHaveLength(0);
  });

  it('checks the figures once typing settles and shows the flag as a warning, with the sector range', async () => {
    const bodies: unknown[] = [];
    const fetchMock = mockApi((url, init) => {
      if (url.pathname !== '/api/valuation/check') return undefined;
      bodies.push(JSON.parse(String(init?.body)));
      return jsonResponse(answer);
    });
    renderWithProviders(<Typing />);
    await userEvent.click(screen.getByRole('button', { name: 'type' }));
    expect(await screen.findByText('أعلى من أغلب الفرص المشابهة')).toBeInTheDocument();
    expect(screen.getByText('هذه المقارنة للاسترشاد فقط ولا تمنعك من المتابعة.')).toBeInTheDocument();
    expect(screen.getByText('مقارنة بـ 6 فرص مشابهة')).toBeInTheDocument();
    expect(screen.getByText(/الربع الأدنى \u20665.25×\u2069/)).toBeInTheDocument();
    expect(calledUrls(fetchMock, '/api/valuation/check')).toHaveLength(1);
    expect(bodies).toEqual([{ ...figures, ebitda: 100_000 }]);
  });

  it('reads in English too, and says so when the check fails', async () => {
    await setLanguage('en');
    mockApi((url) =>
      url.pathname === '/api/valuation/check'
        ? jsonResponse({ code: 'INTERNAL', message: 'x' }, { status: 500 })
        : undefined,
    );
    renderWithProviders(<ValuationCheck values={figures} />);
    await waitFor(() =>
      expect(screen.getByText('Could not run the comparison now. You can carry on.')).toBeInTheDocument(),
    );
  });
});
