import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { calledUrls, mockApi } from '@/test/api-mock';
import { clearTokens, setTokens } from '@/lib/session';
import { fakeJwt, inOneHour, jsonResponse, renderWithProviders, setLanguage } from '@/test/utils';
import { Component as AdvisorsPage } from './advisors-page';

const LISTING = {
  id: 7,
  name: 'Corniche Café',
  nameAr: 'مقهى الكورنيش',
  businessType: { id: 8, nameAR: 'أغذية ومشروبات', nameEN: 'Food & Beverage' },
};

function renderAt(address: string) {
  return renderWithProviders(<AdvisorsPage />, {
    path: '/opportunities/:id/advisors',
    initialEntry: address,
  });
}

// The page sits behind sign-in (router.tsx): its calls carry the session.
beforeEach(() => {
  setTokens({ accessToken: fakeJwt({ sub: '3', role: 'investor', exp: inOneHour() }), refreshToken: 'r' });
});
afterEach(() => {
  clearTokens();
  vi.unstubAllGlobals();
});

describe('advisors page', () => {
  it('says the listing is not available, with a way to search and no Retry, when the server answers 404', async () => {
    mockApi();
    renderAt('/opportunities/99999/advisors');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'هذه الفرصة غير متاحة' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'تصفّح الفرص' })).toHaveAttribute('href', '/search');
    expect(screen.queryByRole('button', { name: /إعادة المحاولة/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('asks the server nothing for an address whose id cannot be a listing', async () => {
    await setLanguage('en');
    const fetchMock = mockApi();
    renderAt('/opportunities/1e3/advisors');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This opportunity is not available' }),
    ).toBeInTheDocument();
    expect(calledUrls(fetchMock, '/api/opportunities/1000')).toHaveLength(0);
    expect(
      fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('/advisors')),
    ).toEqual([]);
  });

  it('lists the advisors of an existing listing (here none, so the empty state)', async () => {
    mockApi((url) => {
      if (url.pathname === '/api/opportunities/7') return jsonResponse(LISTING);
      if (url.pathname === '/api/opportunities/7/advisors')
        return jsonResponse({ data: [], pagination: { page: 1, pageSize: 12, total: 0, totalPages: 0 } });
      return undefined;
    });
    renderAt('/opportunities/7/advisors');
    expect(await screen.findByText('لا يوجد مستشارون في هذا القطاع بعد')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'مستشارون لهذه الفرصة' })).toBeInTheDocument();
    expect(await screen.findByText(/مقهى الكورنيش/)).toBeInTheDocument();
  });
});
