import { afterEach, describe, expect, it } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useOpportunity } from '@/lib/get-opportunity';
import { clearTokens, setTokens } from '@/lib/session';
import { calledUrls, mockApi } from '@/test/api-mock';
import { fakeJwt, inOneHour, jsonResponse, testQueryClient } from '@/test/utils';
import { useModerate } from './moderate-opportunity';

afterEach(() => clearTokens());

describe('useModerate', () => {
  it('refreshes the listing every page shows (one detail key), not a copy of its own', async () => {
    setTokens({ accessToken: fakeJwt({ sub: '1', role: 'admin', exp: inOneHour() }), refreshToken: 'r' });
    let status = 'pending';
    const fetchMock = mockApi((url, init) => {
      if (url.pathname === '/api/admin/opportunities/5/approve' && init?.method === 'POST') {
        status = 'approved';
        return jsonResponse({ id: 5, status });
      }
      if (url.pathname === '/api/opportunities/5') return jsonResponse({ id: 5, status });
      return undefined;
    });
    const client = testQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => ({ detail: useOpportunity(5), moderate: useModerate() }), {
      wrapper,
    });
    await waitFor(() => expect(result.current.detail.data?.status).toBe('pending'));

    await act(() => result.current.moderate.mutateAsync({ id: 5, action: 'approve' }));

    await waitFor(() => expect(result.current.detail.data?.status).toBe('approved'));
    expect(calledUrls(fetchMock, '/api/opportunities/5')).toHaveLength(2);
  });
});
