import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { fakeJwt, inOneHour, jsonResponse, testQueryClient } from '@/test/utils';
import { setTokens } from '@/lib/session';
import { routes } from './router';

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={testQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => jsonResponse({ faqs: [] })),
  );
  vi.stubGlobal('scrollTo', vi.fn());
});
afterEach(() => vi.unstubAllGlobals());

const SIGNED_IN_PATHS = [
  '/favorites',
  '/profile',
  '/profile/chats',
  '/profile/chats/3',
  '/profile/my-offers',
  '/opportunities/add',
  '/opportunities/9/edit',
  '/opportunities/9/advisors',
  '/admin',
  '/admin/error-logs',
];

// Lazy pages are compiled on first import under test; on a busy machine that takes seconds.
const LAZY = { timeout: 20_000 };

describe('route table (SPEC.md section 2)', () => {
  it('loads the FAQ page lazily with its text', LAZY, async () => {
    renderAt('/faq');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'الأسئلة الشائعة' }, LAZY),
    ).toBeInTheDocument();
  });

  it('loads the contact page lazily with its text', LAZY, async () => {
    renderAt('/contact');
    expect(await screen.findByRole('heading', { level: 1, name: 'تواصل معنا' }, LAZY)).toBeInTheDocument();
  });

  it.each(SIGNED_IN_PATHS)('sends a signed-out visitor from %s to /login, keeping the path', async (path) => {
    const router = renderAt(path);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe(path);
  });

  it('lets a signed-in user through the guard', LAZY, async () => {
    setTokens({ accessToken: fakeJwt({ sub: '1', role: 'owner', exp: inOneHour() }), refreshToken: 'r' });
    const router = renderAt('/favorites');
    await screen.findByRole('heading', { level: 1, name: 'المفضلة' }, LAZY);
    expect(router.state.location.pathname).toBe('/favorites');
  });

  it.each([
    ['/opportunities/abc/edit', 'الفرصة غير موجودة'],
    ['/deals/abc', 'هذه الصفقة غير موجودة أو ليست لك'],
  ])(
    'says %s names nothing, without asking the API about it and without spinning',
    LAZY,
    async (path, title) => {
      setTokens({ accessToken: fakeJwt({ sub: '1', role: 'owner', exp: inOneHour() }), refreshToken: 'r' });
      renderAt(path);
      expect(await screen.findByRole('heading', { level: 1, name: title }, LAZY)).toBeInTheDocument();
      const asked = vi.mocked(fetch).mock.calls.map(([url]) => String(url));
      expect(asked.filter((url) => /\/api\/(deals|opportunities)\//.test(url))).toEqual([]);
    },
  );

  it('answers unknown paths with Not Found inside the layout', async () => {
    renderAt('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'الصفحة غير موجودة' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'التنقل الرئيسي' })).toBeInTheDocument();
  });
});
