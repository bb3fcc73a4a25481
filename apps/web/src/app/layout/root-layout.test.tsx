import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { fakeJwt, findToast, inOneHour, jsonResponse, setLanguage, testQueryClient } from '@/test/utils';
import { clearTokens, endSession, getTokens, setTokens } from '@/lib/session';
import { resetUnreadCount, setUnreadCount } from '@/lib/unread-count';
import { resetNotificationCount, setNotificationCount } from '@/lib/notification-count';
import { resetPageViewTracking } from '@/lib/analytics';
import { RequireAuth } from '../require-auth';
import { RootLayout } from './root-layout';

let fetchMock: Mock<typeof fetch>;
const calls = (path: string) => fetchMock.mock.calls.filter(([url]) => String(url).startsWith(path));

function Probe({ name }: { name: string }) {
  const location = useLocation();
  return (
    <p data-testid="page">
      {name} {location.pathname}
      {location.search}
    </p>
  );
}

function renderApp(path = '/') {
  const client = testQueryClient();
  const router = createMemoryRouter(
    [
      {
        path: '/',
        Component: RootLayout,
        children: [
          { index: true, element: <Probe name="home" /> },
          { path: 'faq', element: <Probe name="faq" /> },
          { path: 'search', element: <Probe name="search" /> },
          { path: 'login', element: <Probe name="login" /> },
          { Component: RequireAuth, children: [{ path: 'profile', element: <Probe name="profile" /> }] },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  const user = userEvent.setup();
  const { unmount } = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, client, user, unmount };
}

const signIn = (role: 'owner' | 'admin' = 'owner') =>
  setTokens({ accessToken: fakeJwt({ sub: '5', role, exp: inOneHour() }), refreshToken: 'refresh-5' });

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=t.s';
  resetPageViewTracking();
  fetchMock = vi.fn<typeof fetch>(async (input) => {
    const url = String(input);
    if (url === '/api/users/me') return jsonResponse({ id: 5, username: 'khalid', role: 'owner' });
    if (url === '/api/auth/logout') return new Response(null, { status: 204 });
    return jsonResponse({}, { status: 202 });
  });
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('scrollTo', vi.fn());
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetUnreadCount();
});

describe('layout landmarks', () => {
  it('has a skip link to the main content, a labelled navigation, main and footer', () => {
    renderApp();
    const skip = screen.getByRole('link', { name: 'تخطَّ إلى المحتوى الرئيسي' });
    expect(skip).toHaveAttribute('href', '#main');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toHaveTextContent(
      `© 2024–${new Date().getUTCFullYear()} صفقة. جميع الحقوق محفوظة.`,
    );
    const nav = screen.getByRole('navigation', { name: 'التنقل الرئيسي' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/', '/search', '/faq', '/contact']);
  });
});

describe('signed out', () => {
  // A visitor who never signed in on this page: not one right after a logout (another test's), which
  // RequireAuth sends to plain /login on purpose.
  beforeEach(() => {
    setTokens({ accessToken: 'none' });
    clearTokens();
  });

  it('shows Log in, and the footer offers login and register', () => {
    renderApp();
    expect(
      within(screen.getByRole('banner')).getAllByRole('link', { name: 'تسجيل الدخول' })[0],
    ).toHaveAttribute('href', '/login');
    const account = screen.getByRole('navigation', { name: 'الحساب' });
    expect(
      within(account)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/login', '/register']);
    expect(screen.queryByRole('button', { name: 'تسجيل الخروج' })).toBeNull();
    expect(calls('/api/users/me')).toHaveLength(0);
  });

  it('is sent from a guarded page to /login with the page kept', async () => {
    const { router } = renderApp('/profile?tab=security');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/profile?tab=security');
    expect((router.state.location.state as { from: { pathname: string } }).from.pathname).toBe('/profile');
  });
});

describe('signed in', () => {
  it('shows the username, no Admin link for an owner, and the profile and favorites in the footer', async () => {
    signIn('owner');
    renderApp('/profile');
    expect(screen.getByTestId('page')).toHaveTextContent('profile /profile');
    expect((await screen.findAllByRole('link', { name: /khalid/ }))[0]).toHaveAttribute('href', '/profile');
    expect(screen.queryByRole('link', { name: 'لوحة الإدارة' })).toBeNull();
    const account = screen.getByRole('navigation', { name: 'الحساب' });
    expect(
      within(account)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/profile', '/favorites']);
  });

  it('shows the Admin link to admins', () => {
    signIn('admin');
    renderApp();
    expect(screen.getAllByRole('link', { name: 'لوحة الإدارة' })[0]).toHaveAttribute('href', '/admin');
  });

  it('shows a red unread badge only above zero', async () => {
    signIn();
    renderApp();
    await screen.findAllByRole('link', { name: /khalid/ });
    expect(screen.queryAllByTestId('unread-badge')).toHaveLength(0);
    act(() => setUnreadCount(3));
    expect(screen.getAllByTestId('unread-badge')[0]).toHaveTextContent('3');
    expect(screen.getAllByRole('link', { name: /khalid.*3 رسائل غير مقروءة/ })[0]).toBeInTheDocument();
    act(() => setUnreadCount(0));
    expect(screen.queryAllByTestId('unread-badge')).toHaveLength(0);
  });

  it('logs out: POST /api/auth/logout with the refresh token, spinner, then tokens and caches cleared and /login', async () => {
    signIn();
    let answer!: (response: Response) => void;
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url === '/api/auth/logout') return new Promise<Response>((resolve) => (answer = resolve));
      if (url === '/api/users/me') return jsonResponse({ id: 5, username: 'khalid' });
      return jsonResponse({}, { status: 202 });
    });
    const { router, client, user } = renderApp('/faq');
    await screen.findAllByRole('link', { name: /khalid/ });
    act(() => setUnreadCount(2));
    await user.click(screen.getAllByRole('button', { name: 'تسجيل الخروج' })[0]!);
    expect(screen.getAllByRole('button', { name: 'جارٍ تسجيل الخروج…' })[0]).toBeDisabled();
    const [, init] = calls('/api/auth/logout')[0]!;
    expect(JSON.parse(String(init!.body))).toEqual({ refreshToken: 'refresh-5' });
    answer(new Response(null, { status: 204 }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(getTokens()).toEqual({ accessToken: null, refreshToken: null });
    // The cache was cleared: no query holds data any more (the signed-out navbar may observe an idle one).
    expect(
      client
        .getQueryCache()
        .getAll()
        .filter((query) => query.state.data !== undefined),
    ).toHaveLength(0);
    expect(screen.queryAllByTestId('unread-badge')).toHaveLength(0);
    expect(screen.getAllByRole('link', { name: 'تسجيل الدخول' }).length).toBeGreaterThan(0);
  });

  it('logs out locally and still goes to /login when the logout call fails', async () => {
    signIn();
    fetchMock.mockImplementation(async (input) =>
      String(input) === '/api/auth/logout'
        ? Promise.reject(new TypeError('offline'))
        : jsonResponse({ id: 5, username: 'khalid' }),
    );
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { router, user } = renderApp('/faq');
    await user.click(screen.getAllByRole('button', { name: 'تسجيل الخروج' })[0]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(getTokens().accessToken).toBeNull();
    warn.mockRestore();
  });
});

describe('an expired session', () => {
  it('shows Session expired and goes to /login keeping the page', async () => {
    signIn();
    const { router } = renderApp('/faq?x=1');
    await screen.findAllByRole('link', { name: /khalid/ });
    act(() => endSession('expired'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/faq?x=1');
    expect(await findToast('انتهت الجلسة')).toHaveAttribute('data-variant', 'destructive');
    expect(screen.getByRole('alert')).toHaveTextContent('انتهت الجلسة. يرجى تسجيل الدخول مرة أخرى.');
  });
});

describe('a session ended from elsewhere', () => {
  it('says the device was signed out and goes to /login keeping the page', async () => {
    signIn();
    const { router } = renderApp('/faq');
    await screen.findAllByRole('link', { name: /khalid/ });
    act(() => endSession('revoked'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/faq');
    expect(await findToast('تم تسجيل خروجك')).toBeVisible();
  });
});

describe('toggles', () => {
  it('language: named "English" on Arabic pages and "العربية" on English ones; switching sets html and storage', async () => {
    const { user } = renderApp();
    const toggle = screen.getAllByRole('button', { name: 'English' })[0]!;
    await user.click(toggle);
    await waitFor(() => expect(document.documentElement.lang).toBe('en'));
    expect(document.documentElement.dir).toBe('ltr');
    expect(localStorage.getItem('language')).toBe('en');
    expect(screen.getAllByRole('button', { name: 'العربية' }).length).toBeGreaterThan(0);
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'العربية' })[0]!);
    await waitFor(() => expect(document.documentElement.dir).toBe('rtl'));
    expect(localStorage.getItem('language')).toBe('ar');
    await setLanguage('ar');
  });

  it('theme: stores the explicit choice and flips the dark class', async () => {
    document.documentElement.classList.remove('dark');
    const { user } = renderApp();
    await user.click(screen.getAllByRole('button', { name: 'التبديل إلى الوضع الداكن' })[0]!);
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(document.documentElement).toHaveClass('dark');
    await user.click(screen.getAllByRole('button', { name: 'التبديل إلى الوضع الفاتح' })[0]!);
    expect(localStorage.getItem('theme')).toBe('light');
    expect(document.documentElement).not.toHaveClass('dark');
  });
});

describe('mobile menu', () => {
  it('opens with its button and closes on a route change', async () => {
    const { user, router } = renderApp();
    const button = screen.getByRole('button', { name: 'فتح القائمة' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(button).toHaveAccessibleName('إغلاق القائمة');
    const menu = screen.getByRole('navigation', { name: 'قائمة الجوال' });
    await user.click(within(menu).getByRole('link', { name: 'الأسئلة الشائعة' }));
    expect(router.state.location.pathname).toBe('/faq');
    expect(screen.getByRole('button', { name: 'فتح القائمة' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('says on its closed button that there are unread chats or notifications', async () => {
    signIn();
    renderApp();
    await screen.findAllByRole('link', { name: /khalid/ });
    expect(screen.getByRole('button', { name: 'فتح القائمة' })).toBeInTheDocument();
    expect(screen.queryByTestId('menu-news-dot')).toBeNull();
    act(() => setUnreadCount(2));
    const button = screen.getByRole('button', { name: 'فتح القائمة، فيها جديد' });
    expect(screen.getByTestId('menu-news-dot')).toBeInTheDocument();
    act(() => setUnreadCount(0));
    act(() => setNotificationCount(1));
    expect(button).toHaveAccessibleName('فتح القائمة، فيها جديد');
    act(() => resetNotificationCount());
    expect(button).toHaveAccessibleName('فتح القائمة');
    expect(screen.queryByTestId('menu-news-dot')).toBeNull();
  });

  it('closes with Escape and gives the focus back to its button', async () => {
    const { user } = renderApp();
    await user.click(screen.getByRole('button', { name: 'فتح القائمة' }));
    await user.keyboard('{Escape}');
    const button = screen.getByRole('button', { name: 'فتح القائمة' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
  });

  it('still closes with Escape after switching the language from inside it', async () => {
    const { user } = renderApp();
    await user.click(screen.getByRole('button', { name: 'فتح القائمة' }));
    const menu =
      document.getElementById('mobile-menu') ??
      screen.getByRole('navigation', { name: 'قائمة الجوال' }).parentElement!;
    await user.click(within(menu).getByRole('button', { name: 'English' }));
    await screen.findByRole('button', { name: 'Close menu' });
    // Wherever the switch left the focus (Chromium drops it to the body when the busy button is
    // disabled), Escape closes the menu and the focus goes back to its button.
    (document.activeElement as HTMLElement | null)?.blur();
    expect(document.body).toHaveFocus();
    await user.keyboard('{Escape}');
    const button = screen.getByRole('button', { name: 'Open menu' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
    await setLanguage('ar');
  });
});

describe('page views', () => {
  it('are posted on each path change, not on a query-only change', async () => {
    const { router } = renderApp('/');
    await act(() => router.navigate('/search?page=2'));
    await act(() => router.navigate('/search?page=3'));
    await act(() => router.navigate('/faq'));
    const paths = () =>
      calls('/api/analytics/events').map(
        ([, init]) => (JSON.parse(String(init!.body)) as { path: string }).path,
      );
    // Sent once the browser is idle (lib/after-hydration.ts), never inside the render that changed the path.
    await waitFor(() => expect(paths()).toEqual(['/', '/search', '/faq']));
  });

  it('are not sent late by an app that is gone: unmounted before the browser was idle, it sends nothing', async () => {
    const view = renderApp('/faq');
    view.unmount();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(calls('/api/analytics/events')).toHaveLength(0);
  });
});
