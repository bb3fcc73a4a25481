import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminUser } from '@safqa/shared/validation/admin';
import { clearTokens, setTokens } from '@/lib/session';
import { calledUrls, mockApi } from '@/test/api-mock';
import { Toaster } from '@/components/ui/toaster';
import { fakeJwt, findToast, inOneHour, jsonResponse, renderWithProviders, setLanguage } from '@/test/utils';
import { Component as UsersPage } from './users-page';

const user = (id: number): AdminUser => ({
  id,
  username: `user-${id}`,
  email: `user-${id}@example.test`,
  phoneNumber: null,
  role: 'owner',
  isAdvisor: false,
  emailVerified: true,
  language: 'ar',
  status: 'active',
  opportunitiesCount: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
});

/** Three pages of one user each; the user's id says which page answered. */
function usersAnswers() {
  return mockApi((url) => {
    if (url.pathname !== '/api/admin/users') return undefined;
    const page = Number(url.searchParams.get('page'));
    return jsonResponse({ data: [user(page)], pagination: { page, pageSize: 20, total: 3, totalPages: 3 } });
  });
}

afterEach(() => {
  clearTokens();
  vi.unstubAllGlobals();
});

describe('/admin/users paging', () => {
  it('keeps the page in the URL beside the filters and asks the API for it', async () => {
    setTokens({ accessToken: fakeJwt({ sub: '1', role: 'admin', exp: inOneHour() }), refreshToken: 'r' });
    const fetchMock = usersAnswers();
    const { router } = renderWithProviders(<UsersPage />, {
      path: '/admin/users',
      initialEntry: '/admin/users?role=owner&page=2',
    });
    expect(await screen.findByText('user-2')).toBeInTheDocument();
    const pager = screen.getByRole('navigation', { name: 'التنقل بين الصفحات' });
    expect(pager).toHaveTextContent('الصفحة 2 من 3');

    await userEvent.click(screen.getByRole('button', { name: 'التالي' }));
    await waitFor(() => expect(router.state.location.search).toBe('?role=owner&page=3'));
    expect(await screen.findByText('user-3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'التالي' })).toBeDisabled();
    expect(calledUrls(fetchMock, '/api/admin/users').map((url) => url.searchParams.get('page'))).toEqual([
      '2',
      '3',
    ]);

    await userEvent.click(screen.getByRole('button', { name: 'السابق' }));
    await waitFor(() => expect(router.state.location.search).toBe('?role=owner&page=2'));
  });
});

describe('/admin/users at scale', () => {
  it('says "more than 10,000" when the count was capped, in both languages', async () => {
    setTokens({ accessToken: fakeJwt({ sub: '1', role: 'admin', exp: inOneHour() }), refreshToken: 'r' });
    mockApi((url) =>
      url.pathname === '/api/admin/users'
        ? jsonResponse({
            data: [user(1)],
            pagination: { page: 1, pageSize: 12, total: 10_000, totalPages: 834, totalCapped: true },
          })
        : undefined,
    );
    const view = renderWithProviders(<UsersPage />, { path: '/admin/users', initialEntry: '/admin/users' });
    expect(await screen.findByText(/أكثر من 10.000 مستخدم/)).toHaveAttribute('role', 'status');
    expect(screen.getByRole('navigation', { name: 'التنقل بين الصفحات' })).toHaveTextContent(
      'الصفحة 1 من 834',
    );
    view.unmount();
    await setLanguage('en');
    try {
      renderWithProviders(<UsersPage />, { path: '/admin/users', initialEntry: '/admin/users' });
      expect(await screen.findByText('More than 10,000 users')).toHaveAttribute('role', 'status');
    } finally {
      await setLanguage('ar');
    }
  });

  it('asks for 3 characters before searching, and sends nothing shorter', async () => {
    setTokens({ accessToken: fakeJwt({ sub: '1', role: 'admin', exp: inOneHour() }), refreshToken: 'r' });
    const fetchMock = usersAnswers();
    const { router } = renderWithProviders(<UsersPage />, {
      path: '/admin/users',
      initialEntry: '/admin/users',
    });
    await screen.findByText('user-1');
    const box = screen.getByRole('searchbox', { name: 'ابحث باسم المستخدم أو البريد أو الجوال' });
    await userEvent.type(box, ' عل{Enter}');
    expect(await screen.findByText('اكتب 3 أحرف على الأقل')).toBeInTheDocument();
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(router.state.location.search).toBe('');
    await userEvent.type(box, 'ي{Enter}');
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('q')).toBe('علي'));
    expect(screen.queryByText('اكتب 3 أحرف على الأقل')).not.toBeInTheDocument();
    // Nothing was asked with the 2-character search: only the unfiltered list, then «علي».
    expect(calledUrls(fetchMock, '/api/admin/users').map((url) => url.searchParams.get('q'))).toEqual([
      null,
      'علي',
    ]);
  });
});

describe('/admin/users suspension', () => {
  it('suspends with a reason checked before sending, and shows the status badge', async () => {
    setTokens({ accessToken: fakeJwt({ sub: '1', role: 'admin', exp: inOneHour() }), refreshToken: 'r' });
    let suspended = false;
    const patches: unknown[] = [];
    mockApi((url, init) => {
      if (url.pathname === '/api/admin/users/4' && init?.method === 'PATCH') {
        patches.push(JSON.parse(String(init.body)));
        suspended = true;
        return jsonResponse({ ...user(4), status: 'suspended' });
      }
      if (url.pathname !== '/api/admin/users') return undefined;
      const row = { ...user(4), status: suspended ? 'suspended' : 'active' };
      return jsonResponse({ data: [row], pagination: { page: 1, pageSize: 20, total: 1, totalPages: 1 } });
    });
    renderWithProviders(<UsersPage />, { path: '/admin/users' });
    expect(await screen.findByText('نشط')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'إيقاف الحساب user-4' }));
    const dialog = await screen.findByRole('dialog', { name: 'إيقاف الحساب' });
    await userEvent.type(within(dialog).getByLabelText('سبب الإيقاف'), 'قصير');
    await userEvent.click(within(dialog).getByRole('button', { name: 'إيقاف الحساب' }));
    expect(await within(dialog).findByText('السبب يجب ألا يقل عن 10 أحرف')).toBeInTheDocument();
    expect(patches).toEqual([]);
    await userEvent.type(within(dialog).getByLabelText('سبب الإيقاف'), ' جدًا، احتيال متكرر');
    await userEvent.click(within(dialog).getByRole('button', { name: 'إيقاف الحساب' }));
    await waitFor(() => expect(patches).toEqual([{ status: 'suspended', reason: 'قصير جدًا، احتيال متكرر' }]));
    expect(await screen.findByText('موقوف')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'إعادة التفعيل user-4' })).toBeInTheDocument();
  });

  it('grants and revokes the admin role after a confirmation, never on one’s own row, and shows LAST_ADMIN translated', async () => {
    setTokens({ accessToken: fakeJwt({ sub: '1', role: 'admin', exp: inOneHour() }), refreshToken: 'r' });
    const patches: Array<[string, unknown]> = [];
    const rows = [{ ...user(1), role: 'admin' as const }, user(4), { ...user(5), role: 'admin' as const }];
    mockApi((url, init) => {
      if (init?.method === 'PATCH') {
        patches.push([url.pathname, JSON.parse(String(init.body))]);
        if (url.pathname === '/api/admin/users/5') {
          return jsonResponse(
            { code: 'LAST_ADMIN', message: 'This is the last active admin' },
            { status: 409 },
          );
        }
        return jsonResponse({ ...user(4), role: 'admin' });
      }
      if (url.pathname !== '/api/admin/users') return undefined;
      return jsonResponse({ data: rows, pagination: { page: 1, pageSize: 20, total: 3, totalPages: 1 } });
    });
    renderWithProviders(
      <>
        <UsersPage />
        <Toaster />
      </>,
      { path: '/admin/users' },
    );
    expect(await screen.findByText('user-4')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /صلاحية الإدارة user-1$/ })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'منح صلاحية الإدارة user-4' }));
    const grant = await screen.findByRole('alertdialog', { name: 'جعل هذا المستخدم مديرًا' });
    expect(patches).toEqual([]);
    await userEvent.click(within(grant).getByRole('button', { name: 'منح صلاحية الإدارة' }));
    await waitFor(() => expect(patches).toEqual([['/api/admin/users/4', { role: 'admin' }]]));
    expect(await findToast('أصبح user-4 مديرًا')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'سحب صلاحية الإدارة user-5' }));
    const revoke = await screen.findByRole('alertdialog', { name: 'سحب صلاحية الإدارة' });
    await userEvent.click(within(revoke).getByRole('button', { name: 'سحب صلاحية الإدارة' }));
    expect(await findToast('هذا آخر مدير نشط، امنح صلاحية الإدارة لمستخدم آخر أولًا.')).toBeInTheDocument();
    expect(patches[1]).toEqual(['/api/admin/users/5', { role: 'owner' }]);
  });
});
