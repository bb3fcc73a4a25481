import { afterEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminVerification } from '@safqa/shared/validation/verifications';
import { clearTokens, setTokens } from '@/lib/session';
import { calledUrls, mockApi } from '@/test/api-mock';
import { fakeJwt, inOneHour, jsonResponse, renderWithProviders, setLanguage } from '@/test/utils';
import { Component as VerificationsPage } from './verifications-page';

configure({ asyncUtilTimeout: 10_000 });

const pending: AdminVerification = {
  id: 7,
  kind: 'proof_of_funds',
  status: 'pending',
  fileName: 'bank-letter.pdf',
  note: null,
  rejectionReason: null,
  decidedAt: null,
  createdAt: '2026-11-28T10:00:00.000Z',
  user: { id: 4, username: 'sara', email: 'sara@example.test', buyerVerified: false },
  mimeType: 'application/pdf',
  size: 2048,
  file: { url: '/api/verification-files/7?expires=1&u=1&signature=s', expiresAt: '2026-11-28T10:01:00.000Z' },
};

function answers(patches: unknown[]) {
  document.cookie = 'XSRF-TOKEN=t.s';
  return mockApi((url, init) => {
    if (url.pathname === '/api/admin/verifications')
      return jsonResponse({
        data: [pending],
        pagination: { page: 1, pageSize: 20, total: 1, totalPages: 1 },
      });
    if (url.pathname === '/api/admin/verifications/7' && init?.method === 'PATCH') {
      patches.push(JSON.parse(String(init.body)));
      return jsonResponse({ verification: { ...pending, status: 'rejected' } });
    }
    return undefined;
  });
}

afterEach(async () => {
  clearTokens();
  vi.unstubAllGlobals();
  await setLanguage('ar');
});

describe('/admin/verifications', () => {
  it('lists pending requests with a link to the file, and rejects only with a reason (en)', async () => {
    await setLanguage('en');
    setTokens({ accessToken: fakeJwt({ sub: '1', role: 'admin', exp: inOneHour() }), refreshToken: 'r' });
    const patches: unknown[] = [];
    const fetchMock = answers(patches);
    renderWithProviders(<VerificationsPage />, {
      path: '/admin/verifications',
      initialEntry: '/admin/verifications',
    });
    const item = await screen.findByTestId('admin-verification');
    expect(
      within(item).getByRole('link', {
        // jsdom, without layout, puts a space where the name's extension starts (file-name.tsx);
        // Chromium does not (e2e/tests/admin-verification-card.spec.ts).
        name: /^Open the file: bank-letter ?\.pdf$/,
      }),
    ).toHaveAttribute('href', pending.file!.url);
    expect(calledUrls(fetchMock, '/api/admin/verifications').map((url) => url.search)).toEqual([
      '?status=pending&page=1',
    ]);

    await userEvent.click(within(item).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject the verification request' });
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'short');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Reason must be at least 10 characters')).toBeInTheDocument();
    expect(patches).toEqual([]);

    await userEvent.type(within(dialog).getByLabelText('Reason'), ' and unreadable');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await vi.waitFor(() => expect(patches).toEqual([{ status: 'rejected', reason: 'short and unreadable' }]));
  });

  it('shows every request when "All" is chosen (ar)', async () => {
    setTokens({ accessToken: fakeJwt({ sub: '1', role: 'admin', exp: inOneHour() }), refreshToken: 'r' });
    const fetchMock = answers([]);
    const { router } = renderWithProviders(<VerificationsPage />, {
      path: '/admin/verifications',
      initialEntry: '/admin/verifications',
    });
    await screen.findByTestId('admin-verification');
    await userEvent.selectOptions(screen.getByLabelText('الحالة'), 'all');
    await vi.waitFor(() => expect(router.state.location.search).toBe('?status=all'));
    await vi.waitFor(() =>
      expect(calledUrls(fetchMock, '/api/admin/verifications').map((url) => url.search)).toContain('?page=1'),
    );
  });
});
