import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setTokens } from '@/lib/session';
import { fakeJwt, inOneHour, jsonResponse, renderWithProviders, setLanguage } from '@/test/utils';
import { FavoritesList } from './favorites-list';

const lookup = { id: 1, nameAR: 'الرياض', nameEN: 'Riyadh' };
const card = (id: number, name: string, underReview: boolean) => ({
  id,
  opportunityName: name,
  opportunityNameAr: name,
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
  underReview,
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await setLanguage('ar');
});

describe('Favorites: a bookmark back under review', () => {
  it.each([
    ['ar', 'قيد المراجعة: تعود للظهور بعد الموافقة'],
    ['en', 'Under review: back once approved'],
  ] as const)('is listed and marked as under review (%s)', async (lng, text) => {
    setTokens({ accessToken: fakeJwt({ sub: '9', role: 'user', exp: inOneHour() }), refreshToken: 'r' });
    await setLanguage(lng);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse({
          data: [card(1, 'Edited cafe', true), card(2, 'Live bakery', false)],
          pagination: { page: 1, pageSize: 12, total: 2, totalPages: 1 },
        }),
      ),
    );
    renderWithProviders(<FavoritesList page={1} hrefFor={() => '/favorites'} />);
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.getAllByText(text)).toHaveLength(1);
    expect(screen.getByText('Edited cafe')).toBeInTheDocument();
    expect(screen.getByText('Live bakery')).toBeInTheDocument();
  });
});
