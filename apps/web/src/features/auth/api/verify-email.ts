import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/auth/verify-email?token=&userId= (a mutation: it changes the account, once). */
export function verifyEmail(params: { token: string; userId: string }) {
  return api.get<{ message: string }>('/api/auth/verify-email', { query: params });
}

export function useVerifyEmail() {
  return useMutation({ mutationFn: verifyEmail });
}
