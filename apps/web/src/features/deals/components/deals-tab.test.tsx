import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearTokens, setTokens } from '@/lib/session';
import { fakeJwt, inOneHour, jsonResponse, renderWithProviders, setLanguage } from '@/test/utils';
import { Component as DealsTab } from './deals-tab';

const lookup = { id: 1, nameAR: 'الرياض', nameEN: 'Riyadh' };
const summary = {
  id: 7,
  opportunity: {
    id: 3,
    opportunityName: 'Corniche cafe',
    opportunityNameAr: 'مقهى الكورنيش',
    type: 'buy',
    offeredPercentage: 100,
    requiredAmount: 500000,
    logo: null,
    coverImage: null,
    businessType: lookup,
    region: lookup,
    city: lookup,
    isVerified: false,
    createdAt: '2026-01-01T00:00:00Z',
    dealState: 'under_offer',
  },
  seller: { id: 1, username: 'owner1' },
  buyer: { id: 9, username: 'khalid' },
  stage: 'due_diligence',
  you: 'seller',
  createdAt: '2026-01-02T00:00:00Z',
  updatedAt: '2026-01-03T00:00:00Z',
};

afterEach(async () => {
  vi.unstubAllGlobals();
  clearTokens();
  await setLanguage('ar');
});

function signIn() {
  setTokens({ accessToken: fakeJwt({ sub: '1', role: 'user', exp: inOneHour() }), refreshToken: 'r' });
}

describe('Deals tab', () => {
  it.each([
    ['ar', 'مقهى الكورنيش', 'الفحص النافي للجهالة', 'مع khalid'],
    ['en', 'Corniche cafe', 'Due diligence', 'With khalid'],
  ] as const)('lists each deal with its stage and the other party (%s)', async (lng, name, stage, other) => {
    signIn();
    await setLanguage(lng);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse({ data: [summary], pagination: { page: 1, pageSize: 12, total: 1, totalPages: 1 } }),
      ),
    );
    renderWithProviders(<DealsTab />);
    const link = await screen.findByRole('link', { name });
    expect(link).toHaveAttribute('href', '/deals/7');
    expect(screen.getByText(stage)).toBeInTheDocument();
    expect(screen.getByText(other, { exact: false })).toBeInTheDocument();
  });

  it('says so when there is no deal yet', async () => {
    signIn();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse({ data: [], pagination: { page: 1, pageSize: 12, total: 0, totalPages: 0 } }),
      ),
    );
    renderWithProviders(<DealsTab />);
    expect(await screen.findByText('لا توجد صفقات بعد')).toBeInTheDocument();
  });

  it('shows the error with a retry', async () => {
    signIn();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ code: 'INTERNAL', message: 'خطأ في الخادم' }, { status: 500 })),
    );
    renderWithProviders(<DealsTab />);
    expect(await screen.findByText('تعذر تحميل الصفقات')).toBeInTheDocument();
  });
});
