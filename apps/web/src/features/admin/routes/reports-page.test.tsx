import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminReport } from '@safqa/shared/validation/reports';
import { clearTokens, setTokens } from '@/lib/session';
import { mockApi } from '@/test/api-mock';
import { fakeJwt, inOneHour, jsonResponse, renderWithProviders } from '@/test/utils';
import { Component as ReportsPage } from './reports-page';

const report: AdminReport = {
  id: 7,
  targetType: 'opportunity',
  targetId: 31,
  reason: 'fraud',
  details: 'الأرقام منسوخة من إعلان آخر',
  status: 'open',
  action: null,
  note: null,
  createdAt: '2026-03-01T09:00:00.000Z',
  decidedAt: null,
  reporter: { id: 5, username: 'khalid' },
  decidedBy: null,
  target: { opportunity: { id: 31, title: 'Riyadh Cafe', titleAr: 'مقهى الرياض', status: 'approved' } },
};

afterEach(() => {
  clearTokens();
  vi.unstubAllGlobals();
});

describe('/admin/reports', () => {
  it('shows the empty state of a tab', async () => {
    setTokens({ accessToken: fakeJwt({ sub: '1', role: 'admin', exp: inOneHour() }), refreshToken: 'r' });
    mockApi((url) =>
      url.pathname === '/api/admin/reports'
        ? jsonResponse({ data: [], pagination: { page: 1, pageSize: 12, total: 0, totalPages: 0 } })
        : undefined,
    );
    renderWithProviders(<ReportsPage />, { path: '/admin/reports' });
    expect(await screen.findByText('لا بلاغات مفتوحة.')).toBeInTheDocument();
  });

  it('lists an open report with its target and resolves it with the action that fits', async () => {
    setTokens({ accessToken: fakeJwt({ sub: '1', role: 'admin', exp: inOneHour() }), refreshToken: 'r' });
    const patches: unknown[] = [];
    mockApi((url, init) => {
      if (url.pathname === '/api/admin/reports/7' && init?.method === 'PATCH') {
        patches.push(JSON.parse(String(init.body)));
        return jsonResponse({ report: { ...report, status: 'resolved' } });
      }
      if (url.pathname !== '/api/admin/reports') return undefined;
      expect(url.searchParams.get('status')).toBe('open');
      return jsonResponse({ data: [report], pagination: { page: 1, pageSize: 12, total: 1, totalPages: 1 } });
    });
    renderWithProviders(<ReportsPage />, { path: '/admin/reports' });
    const link = await screen.findByRole('link', { name: 'مقهى الرياض' });
    expect(link).toHaveAttribute('href', '/admin/opportunities/31');
    expect(screen.getByText('احتيال')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'حل البلاغ' }));
    const dialog = await screen.findByRole('dialog', { name: 'حل البلاغ' });
    const action = within(dialog).getByLabelText('الإجراء');
    expect([...(action as HTMLSelectElement).options].map((o) => o.value)).toEqual([
      'suspend_opportunity',
      'none',
    ]);
    await userEvent.type(within(dialog).getByLabelText('ملاحظة لصاحب البلاغ'), 'أوقفنا الفرصة');
    await userEvent.click(within(dialog).getByRole('button', { name: 'حل البلاغ' }));
    await waitFor(() =>
      expect(patches).toEqual([{ status: 'resolved', action: 'suspend_opportunity', note: 'أوقفنا الفرصة' }]),
    );
  });

  it('walks a long tab by "show more" with the cursor of the page before, without a page count', async () => {
    setTokens({ accessToken: fakeJwt({ sub: '1', role: 'admin', exp: inOneHour() }), refreshToken: 'r' });
    const asked: (string | null)[] = [];
    const second: AdminReport = {
      ...report,
      id: 8,
      target: { opportunity: { id: 32, title: 'Jeddah Bakery', titleAr: 'مخبز جدة', status: 'approved' } },
    };
    mockApi((url) => {
      if (url.pathname !== '/api/admin/reports') return undefined;
      const cursor = url.searchParams.get('cursor');
      asked.push(cursor);
      const capped = { page: 1, pageSize: 12, total: 10_000, totalPages: 834, totalCapped: true };
      return cursor === 'after-7'
        ? jsonResponse({ data: [second], pagination: { ...capped, nextCursor: null } })
        : jsonResponse({ data: [report], pagination: { ...capped, nextCursor: 'after-7' } });
    });
    renderWithProviders(<ReportsPage />, { path: '/admin/reports' });
    expect(await screen.findByRole('link', { name: 'مقهى الرياض' })).toBeInTheDocument();
    expect(screen.queryByText(/834/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'عرض المزيد' }));
    expect(await screen.findByRole('link', { name: 'مخبز جدة' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'مقهى الرياض' })).toBeInTheDocument();
    expect(asked).toEqual([null, 'after-7']);
    expect(screen.queryByRole('button', { name: 'عرض المزيد' })).not.toBeInTheDocument();
    expect(screen.getByText('هذه القائمة كاملة')).toBeInTheDocument();
  });
});
