import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/saved-searches/unsubscribe?token=: no sign-in; switches that one search's alerts off. */
export function useUnsubscribe() {
  return useMutation({
    mutationFn: (token: string) =>
      api.post<{ message: string }>('/api/saved-searches/unsubscribe', undefined, { query: { token } }),
  });
}
