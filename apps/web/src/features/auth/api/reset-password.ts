import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/auth/reset-password: single use; every session of the account ends. */
export function resetPassword(body: { token: string; newPassword: string }) {
  return api.post<{ message: string }>('/api/auth/reset-password', body);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
