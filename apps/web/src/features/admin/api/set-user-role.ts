import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUser, UserRoleInput } from '@safqa/shared/validation/admin';
import { api } from '@/lib/api-client';

/** PATCH /api/admin/users/{id} with `role`: grant or revoke the admin role. */
export function setUserRole(id: number, input: UserRoleInput) {
  return api.patch<AdminUser>(`/api/admin/users/${id}`, input);
}

export function useSetUserRole() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: UserRoleInput }) => setUserRole(id, input),
    onSuccess: () => client.invalidateQueries({ queryKey: ['/api/admin/users'] }),
  });
}
