import { afterEach, describe, expect, it } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { clearTokens, setTokens } from '@/lib/session';
import { mockApi } from '@/test/api-mock';
import { fakeJwt, inOneHour, testQueryClient } from '@/test/utils';
import { useToggleFavorite } from './toggle-favorite';

afterEach(() => clearTokens());

describe('useToggleFavorite', () => {
  it('sends the bookmark and its removal as keepalive requests, which outlive leaving the page', async () => {
    setTokens({ accessToken: fakeJwt({ sub: '1', role: 'owner', exp: inOneHour() }), refreshToken: 'r' });
    const fetchMock = mockApi((url) =>
      url.pathname === '/api/favorites/7' ? new Response(null, { status: 204 }) : undefined,
    );
    const client = testQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useToggleFavorite(7), { wrapper });

    await act(() => result.current.mutateAsync(true));
    await act(() => result.current.mutateAsync(false));

    await waitFor(() => {
      const calls = fetchMock.mock.calls.filter(([input]) => String(input).includes('/api/favorites/7'));
      expect(calls.map(([, init]) => [init?.method, init?.keepalive])).toEqual([
        ['POST', true],
        ['DELETE', true],
      ]);
    });
  });
});
