import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/auth/reset-password?token=: {valid: true}, or 400 TOKEN_INVALID / LINK_EXPIRED. */
export function useCheckResetToken(token: string | null) {
  return useQuery({
    queryKey: ['/api/auth/reset-password', token],
    queryFn: ({ signal }) =>
      api.get<{ valid: true }>('/api/auth/reset-password', { query: { token }, signal }),
    enabled: Boolean(token),
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });
}
