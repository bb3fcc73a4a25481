import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordBody } from '@safqa/shared/validation/users';
import { api } from '@/lib/api-client';

/** POST /api/users/me/password: needs the current password; the other sessions end. */
export function changePassword(body: ChangePasswordBody) {
  return api.post<{ message: string }>('/api/users/me/password', body, { auth: true });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
