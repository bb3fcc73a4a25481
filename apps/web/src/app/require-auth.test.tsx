import { describe, expect, it } from 'vitest';
import { act, screen, configure } from '@testing-library/react';
import { endSession, setTokens } from '@/lib/session';
import { fakeJwt, inOneHour, renderWithProviders } from '@/test/utils';
import { RequireAuth } from './require-auth';

// Screens appear after lazy work and mocked calls; a busy machine needs more than the default second.
configure({ asyncUtilTimeout: 10_000 });

describe('RequireAuth', () => {
  it('keeps where a signed-out visitor was going', async () => {
    const view = renderWithProviders(<p>home</p>, {
      routes: [
        { path: '/login', element: <p>login page</p> },
        { element: <RequireAuth />, children: [{ path: '/profile', element: <p>profile page</p> }] },
      ],
    });
    await act(() => view.router.navigate('/profile?tab=security'));
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(view.router.state.location.search).toBe('?redirect=%2Fprofile%3Ftab%3Dsecurity');
  });

  it('sends a user who logged out to plain /login, and an expired session back with its page', async () => {
    const routes = [
      { path: '/login', element: <p>login page</p> },
      { element: <RequireAuth />, children: [{ path: '/profile', element: <p>profile page</p> }] },
    ];
    setTokens({ accessToken: fakeJwt({ sub: '1', role: 'owner', exp: inOneHour() }), refreshToken: 'r' });
    const view = renderWithProviders(<p>home</p>, { routes });
    await act(() => view.router.navigate('/profile'));
    expect(await screen.findByText('profile page')).toBeInTheDocument();
    act(() => endSession('logout'));
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(view.router.state.location.search).toBe('');

    setTokens({ accessToken: fakeJwt({ sub: '1', role: 'owner', exp: inOneHour() }), refreshToken: 'r' });
    await act(() => view.router.navigate('/profile'));
    act(() => endSession('expired'));
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(view.router.state.location.search).toBe('?redirect=%2Fprofile');
  });
});
