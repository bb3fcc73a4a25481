import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUser, UserStatusInput } from '@safqa/shared/validation/admin';
import { api } from '@/lib/api-client';

/** PATCH /api/admin/users/{id}: suspend with a reason, or reinstate. */
export function setUserStatus(id: number, input: UserStatusInput) {
  return api.patch<AdminUser>(`/api/admin/users/${id}`, input);
}

export function useSetUserStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: UserStatusInput }) => setUserStatus(id, input),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['/api/admin/users'] }),
        client.invalidateQueries({ queryKey: ['/api/admin/reports'] }),
      ]),
  });
}
