import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/saved-searches/unsubscribe?token=: no sign-in; switches that one search's alerts off. */
export function unsubscribe(token: string) {
  return api.post<{ message: string }>('/api/saved-searches/unsubscribe', undefined, { query: { token } });
}

export function useUnsubscribe() {
  return useMutation({ mutationFn: unsubscribe });
}
