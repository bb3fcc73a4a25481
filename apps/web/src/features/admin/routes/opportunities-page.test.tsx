import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { clearTokens, setTokens } from '@/lib/session';
import { formatNumber } from '@/lib/format';
import { mockApi } from '@/test/api-mock';
import { fakeJwt, inOneHour, jsonResponse, renderWithProviders } from '@/test/utils';
import { Component as OpportunitiesPage } from './opportunities-page';

afterEach(() => {
  clearTokens();
  vi.unstubAllGlobals();
});

describe('/admin/opportunities', () => {
  it('shows a tab the server stopped counting as "10,000+" and the others exactly', async () => {
    setTokens({ accessToken: fakeJwt({ sub: '1', role: 'admin', exp: inOneHour() }), refreshToken: 'r' });
    const asked: (string | null)[] = [];
    mockApi((url) => {
      if (url.pathname !== '/api/admin/opportunities') return undefined;
      asked.push(url.searchParams.get('cursor'));
      return jsonResponse({
        data: [],
        pagination: { page: 1, pageSize: 12, total: 0, totalPages: 0, nextCursor: null },
        counts: { pending: 0, approved: 10_000, suspended: 3, rejected: 12 },
        countsCapped: ['approved'],
      });
    });
    renderWithProviders(<OpportunitiesPage />, { path: '/admin/opportunities' });
    expect(
      await screen.findByRole('tab', { name: `منشورة ${formatNumber(10_000, 'ar')}+` }),
    ).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: `مرفوضة ${formatNumber(12, 'ar')}` })).toBeInTheDocument();
    expect(asked).toEqual([null]);
  });
});
