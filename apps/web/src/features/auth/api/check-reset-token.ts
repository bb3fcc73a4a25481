import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function checkResetToken(token: string | null, signal?: AbortSignal) {
  return api.get<{ valid: true }>('/api/auth/reset-password', { query: { token }, signal });
}

/** GET /api/auth/reset-password?token=: {valid: true}, or 400 TOKEN_INVALID / LINK_EXPIRED. */
export const resetTokenQuery = (token: string | null) =>
  queryOptions({
    queryKey: ['/api/auth/reset-password', token],
    queryFn: ({ signal }) => checkResetToken(token, signal),
    enabled: Boolean(token),
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });

export function useCheckResetToken(token: string | null) {
  return useQuery(resetTokenQuery(token));
}
