import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { setTokens } from '@/lib/session';
import { mockApi } from '@/test/api-mock';
import { fakeJwt, inOneHour, jsonResponse, renderWithProviders, setLanguage } from '@/test/utils';
import { ListingValuation } from './listing-valuation';

/** Four comparables: one short of the five a sector range needs, so nothing was compared. */
const tooFew = {
  impliedValuation: 2_000_000,
  ebitdaMultiple: 20,
  salesMultiple: 2,
  comparables: 4,
  sector: null,
  flag: 'insufficient_data',
};

beforeEach(() => {
  setTokens({ accessToken: fakeJwt({ sub: '3', role: 'owner', exp: inOneHour() }), refreshToken: 'r' });
  mockApi((url) => (url.pathname === '/api/opportunities/7/valuation' ? jsonResponse(tooFew) : undefined));
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await setLanguage('ar');
});

describe('ListingValuation', () => {
  it('under the threshold says how many similar listings there are and how many it takes, not "compared with 4"', async () => {
    renderWithProviders(<ListingValuation id={7} own />);
    expect(await screen.findByText('لا توجد بيانات كافية للمقارنة')).toBeInTheDocument();
    expect(screen.getByText('4 فرص مشابهة حتى الآن، ونحتاج إلى 5')).toBeInTheDocument();
    expect(screen.queryByText(/مقارنة بـ/)).toBeNull();
  });

  it('in English too', async () => {
    await setLanguage('en');
    renderWithProviders(<ListingValuation id={7} own={false} />);
    expect(await screen.findByText('4 similar listings so far; 5 are needed')).toBeInTheDocument();
    expect(screen.queryByText(/Compared with/)).toBeNull();
  });

  it("names the owner's own price for the owner and the asking price for everyone else", async () => {
    const view = renderWithProviders(<ListingValuation id={7} own />);
    expect(screen.getByRole('heading', { name: 'سعرك مقارنة بالسوق' })).toBeInTheDocument();
    view.unmount();
    renderWithProviders(<ListingValuation id={7} own={false} />);
    expect(screen.getByRole('heading', { name: 'كيف يقارن السعر المطلوب بالسوق' })).toBeInTheDocument();
  });
});
