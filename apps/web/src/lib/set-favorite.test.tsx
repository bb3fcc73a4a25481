import { afterEach, describe, expect, it } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { clearTokens, setTokens } from '@/lib/session';
import { calledUrls, mockApi } from '@/test/api-mock';
import { fakeJwt, inOneHour, jsonResponse, testQueryClient } from '@/test/utils';
import { useOpportunity } from './get-opportunity';
import { useSetFavorite } from './set-favorite';

afterEach(() => clearTokens());

function renderWithClient<T>(hook: () => T) {
  const client = testQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(hook, { wrapper });
}

describe('useSetFavorite', () => {
  it('sends the bookmark and its removal as keepalive requests, which outlive leaving the page', async () => {
    setTokens({ accessToken: fakeJwt({ sub: '1', role: 'owner', exp: inOneHour() }), refreshToken: 'r' });
    const fetchMock = mockApi((url) =>
      url.pathname === '/api/favorites/7' ? new Response(null, { status: 204 }) : undefined,
    );
    const { result } = renderWithClient(() => useSetFavorite());

    await act(() => result.current.mutateAsync({ id: 7, favorite: true }));
    await act(() => result.current.mutateAsync({ id: 7, favorite: false }));

    await waitFor(() => {
      const calls = fetchMock.mock.calls.filter(([input]) => String(input).includes('/api/favorites/7'));
      expect(calls.map(([, init]) => [init?.method, init?.keepalive])).toEqual([
        ['POST', true],
        ['DELETE', true],
      ]);
    });
  });

  it('shows the removal on the listing at once, then reloads the listing from the server', async () => {
    setTokens({ accessToken: fakeJwt({ sub: '1', role: 'owner', exp: inOneHour() }), refreshToken: 'r' });
    let favorite = true;
    let answerRemoval = () => {};
    const removal = new Promise<void>((resolve) => (answerRemoval = resolve));
    const fetchMock = mockApi((url, init) => {
      if (url.pathname === '/api/favorites/7' && init?.method === 'DELETE') {
        return removal.then(() => {
          favorite = false;
          return new Response(null, { status: 204 });
        });
      }
      if (url.pathname === '/api/opportunities/7') return jsonResponse({ id: 7, isFavorite: favorite });
      return undefined;
    });
    const { result } = renderWithClient(() => ({ detail: useOpportunity(7), change: useSetFavorite() }));
    await waitFor(() => expect(result.current.detail.data?.isFavorite).toBe(true));

    act(() => result.current.change.mutate({ id: 7, favorite: false }));
    // Before the server has answered:
    await waitFor(() => expect(result.current.detail.data?.isFavorite).toBe(false));
    expect(result.current.change.isPending).toBe(true);
    answerRemoval();
    await waitFor(() => expect(calledUrls(fetchMock, '/api/opportunities/7')).toHaveLength(2));
    expect(result.current.detail.data?.isFavorite).toBe(false);
  });

  it('puts the bookmark back on the listing when the server refuses the removal', async () => {
    setTokens({ accessToken: fakeJwt({ sub: '1', role: 'owner', exp: inOneHour() }), refreshToken: 'r' });
    mockApi((url) => {
      if (url.pathname === '/api/favorites/7')
        return jsonResponse({ code: 'INTERNAL', message: 'x' }, { status: 500 });
      if (url.pathname === '/api/opportunities/7') return jsonResponse({ id: 7, isFavorite: true });
      return undefined;
    });
    const { result } = renderWithClient(() => ({ detail: useOpportunity(7), change: useSetFavorite() }));
    await waitFor(() => expect(result.current.detail.data?.isFavorite).toBe(true));

    await act(() => result.current.change.mutateAsync({ id: 7, favorite: false }).catch(() => undefined));
    await waitFor(() => expect(result.current.change.isError).toBe(true));
    expect(result.current.detail.data?.isFavorite).toBe(true);
  });
});
