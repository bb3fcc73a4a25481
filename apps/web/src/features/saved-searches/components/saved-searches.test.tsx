import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SavedSearch } from '@safqa/shared/validation/saved-searches';
import { clearTokens, setTokens } from '@/lib/session';
import { mockApi } from '@/test/api-mock';
import { fakeJwt, inOneHour, jsonResponse, renderWithProviders, setLanguage } from '@/test/utils';
import SaveSearchButton from './save-search-button';
import { Component as SavedSearchesTab } from './saved-searches-tab';

const SEARCH: SavedSearch = {
  id: 5,
  name: 'مطاعم الرياض',
  query: { q: 'مطعم', businessTypeId: 8, cityId: 1, minAmount: 100000 },
  frequency: 'daily',
  newMatches: 2,
  lastNotifiedAt: null,
  createdAt: '2026-11-20T10:00:00.000Z',
};

function signIn() {
  document.cookie = 'XSRF-TOKEN=t.s';
  setTokens({ accessToken: fakeJwt({ sub: '3', role: 'owner', exp: inOneHour() }), refreshToken: 'r' });
}

beforeEach(async () => {
  await setLanguage('ar');
});
afterEach(() => {
  clearTokens();
  vi.unstubAllGlobals();
});

describe('save this search', { timeout: 30_000 }, () => {
  it('sends a visitor to sign in and back to the same search', async () => {
    mockApi();
    renderWithProviders(<SaveSearchButton query={{ q: 'قهوة' }} />, {
      path: '/search',
      initialEntry: '/search?q=قهوة&page=2',
    });
    const link = await screen.findByRole('link', { name: 'سجّل الدخول لحفظ البحث' });
    expect(link).toHaveAttribute('href', `/login?redirect=${encodeURIComponent('/search?q=قهوة&page=2')}`);
  });

  it('validates the name on the client, then saves the filters with the chosen alert', async () => {
    signIn();
    const fetchMock = mockApi((url, init) =>
      url.pathname === '/api/saved-searches' && init?.method === 'POST'
        ? jsonResponse({ data: { ...SEARCH, ...JSON.parse(String(init.body)) } }, { status: 201 })
        : undefined,
    );
    const user = userEvent.setup();
    renderWithProviders(<SaveSearchButton query={{ q: 'قهوة', regionId: 1 }} />, { path: '/search' });
    await user.click(await screen.findByRole('button', { name: 'احفظ هذا البحث' }));
    const dialog = await screen.findByRole('dialog', { name: 'احفظ البحث وتابع الجديد' });
    await user.clear(within(dialog).getByLabelText('اسم البحث'));
    await user.click(within(dialog).getByRole('button', { name: 'حفظ البحث' }));
    expect(await within(dialog).findByText('هذا الحقل مطلوب')).toBeVisible();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('اسم البحث'), 'قهوة الرياض');
    await user.click(within(dialog).getByRole('radio', { name: 'ملخص يومي' }));
    await user.click(within(dialog).getByRole('button', { name: 'حفظ البحث' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The dialog is fetched on demand (no Dialog.Trigger): focus still goes back to the button.
    expect(screen.getByRole('button', { name: 'احفظ هذا البحث' })).toHaveFocus();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post![1]!.body))).toEqual({
      name: 'قهوة الرياض',
      frequency: 'daily',
      query: { q: 'قهوة', regionId: 1 },
    });
  });

  it('shows the server’s reason when the limit of 20 is reached, and keeps the dialog open', async () => {
    signIn();
    mockApi((url, init) =>
      init?.method === 'POST'
        ? jsonResponse(
            { code: 'LIMIT_REACHED', message: 'وصلت إلى الحد الأقصى (20 بحثًا محفوظًا)' },
            { status: 409 },
          )
        : undefined,
    );
    const user = userEvent.setup();
    renderWithProviders(<SaveSearchButton query={{}} />, { path: '/search' });
    await user.click(await screen.findByRole('button', { name: 'احفظ هذا البحث' }));
    const dialog = await screen.findByRole('dialog');
    await user.clear(within(dialog).getByLabelText('اسم البحث'));
    await user.type(within(dialog).getByLabelText('اسم البحث'), 'كل الفرص');
    await user.click(within(dialog).getByRole('button', { name: 'حفظ البحث' }));
    expect(await within(dialog).findByText(/وصلت إلى الحد الأقصى/)).toBeVisible();
  });
});

describe('save this search: saved state and suggested name', { timeout: 30_000 }, () => {
  it('suggests a name from the filters in words', async () => {
    signIn();
    mockApi((url) => (url.pathname === '/api/saved-searches' ? jsonResponse({ data: [] }) : undefined));
    const user = userEvent.setup();
    renderWithProviders(<SaveSearchButton query={{ q: 'مطعم', businessTypeId: 8, cityId: 1 }} />, {
      path: '/search',
    });
    await user.click(await screen.findByRole('button', { name: 'احفظ هذا البحث' }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() =>
      expect(within(dialog).getByLabelText('اسم البحث')).toHaveValue('«مطعم» · أغذية ومشروبات · الرياض'),
    );
  });

  it('shows that these filters are saved, under their name, with a link to the saved searches', async () => {
    signIn();
    mockApi((url) => (url.pathname === '/api/saved-searches' ? jsonResponse({ data: [SEARCH] }) : undefined));
    renderWithProviders(
      <SaveSearchButton query={{ q: ' مطعم ', businessTypeId: 8, cityId: 1, minAmount: 100000 }} />,
      { path: '/search' },
    );
    const link = await screen.findByRole('link', { name: 'محفوظ باسم «مطاعم الرياض»' });
    expect(link).toHaveAttribute('href', '/profile?tab=saved-searches');
    expect(link).not.toHaveFocus();
    expect(screen.queryByRole('button', { name: 'احفظ هذا البحث' })).not.toBeInTheDocument();
  });

  it('offers to save filters that differ from every saved search', async () => {
    signIn();
    mockApi((url) => (url.pathname === '/api/saved-searches' ? jsonResponse({ data: [SEARCH] }) : undefined));
    renderWithProviders(<SaveSearchButton query={{ q: 'مطعم', businessTypeId: 8, cityId: 1 }} />, {
      path: '/search',
    });
    expect(await screen.findByRole('button', { name: 'احفظ هذا البحث' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /محفوظ باسم/ })).not.toBeInTheDocument();
  });

  it('turns into the saved state after saving, with the focus on it', async () => {
    signIn();
    let list: SavedSearch[] = [];
    mockApi((url, init) => {
      if (url.pathname !== '/api/saved-searches') return undefined;
      if (init?.method === 'POST') {
        const body = JSON.parse(String(init.body)) as Pick<SavedSearch, 'name' | 'query' | 'frequency'>;
        list = [{ ...SEARCH, ...body }];
        return jsonResponse({ data: list[0] }, { status: 201 });
      }
      return jsonResponse({ data: list });
    });
    const user = userEvent.setup();
    renderWithProviders(<SaveSearchButton query={{ regionId: 1 }} />, { path: '/search' });
    await user.click(await screen.findByRole('button', { name: 'احفظ هذا البحث' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'حفظ البحث' }));
    const link = await screen.findByRole('link', { name: 'محفوظ باسم «منطقة الرياض»' });
    await waitFor(() => expect(link).toHaveFocus());
  });
});

describe('the saved searches tab', { timeout: 30_000 }, () => {
  it('describes each search in words with its new matches, and deletes only after a second click', async () => {
    signIn();
    let list = [SEARCH];
    const fetchMock = mockApi((url, init) => {
      if (url.pathname === '/api/saved-searches') return jsonResponse({ data: list });
      if (url.pathname === '/api/saved-searches/5' && init?.method === 'DELETE') {
        list = [];
        return new Response(null, { status: 204 });
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<SavedSearchesTab />, { path: '/profile' });
    const row = await screen.findByTestId('saved-search');
    await waitFor(() => expect(row).toHaveTextContent('«مطعم» · أغذية ومشروبات · الرياض · من'));
    expect(within(row).getByTestId('new-matches')).toHaveTextContent('فرصتان جديدتان');
    expect(within(row).getByText('يومي')).toBeVisible();

    await user.click(within(row).getByRole('button', { name: 'حذف' }));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    await user.click(within(row).getByRole('button', { name: 'حذف البحث «مطاعم الرياض»؟' }));
    expect(await screen.findByText('لم تحفظ أي بحث بعد')).toBeVisible();
  });

  it('keeps the focus on the row through delete, cancel and the edit dialog', async () => {
    signIn();
    mockApi((url) => (url.pathname === '/api/saved-searches' ? jsonResponse({ data: [SEARCH] }) : undefined));
    const user = userEvent.setup();
    renderWithProviders(<SavedSearchesTab />, { path: '/profile' });
    const row = await screen.findByTestId('saved-search');

    await user.click(within(row).getByRole('button', { name: 'حذف' }));
    expect(within(row).getByRole('button', { name: 'حذف البحث «مطاعم الرياض»؟' })).toHaveFocus();
    await user.click(within(row).getByRole('button', { name: 'إلغاء' }));
    expect(within(row).getByRole('button', { name: 'حذف' })).toHaveFocus();

    const edit = within(row).getByRole('button', { name: 'تعديل' });
    await user.click(edit);
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(edit).toHaveFocus());
  });

  it('offers a retry when the list cannot load', async () => {
    signIn();
    let fail = true;
    mockApi((url) =>
      url.pathname === '/api/saved-searches'
        ? fail
          ? jsonResponse({ code: 'INTERNAL', message: 'خطأ' }, { status: 500 })
          : jsonResponse({ data: [] })
        : undefined,
    );
    const user = userEvent.setup();
    renderWithProviders(<SavedSearchesTab />, { path: '/profile' });
    const retry = await screen.findByRole('button', { name: /إعادة المحاولة/ });
    fail = false;
    await user.click(retry);
    expect(await screen.findByText('لم تحفظ أي بحث بعد')).toBeVisible();
  });
});
