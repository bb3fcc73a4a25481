import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateProfileBody, User } from '@safqa/shared/validation/users';
import { api } from '@/lib/api-client';
import { currentUserKey } from '@/lib/current-user';

/** PATCH /api/users/me: answers the updated User, which replaces the cached one. */
export function updateProfile(body: UpdateProfileBody) {
  return api.patch<User>('/api/users/me', body, { auth: true });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => queryClient.setQueryData([...currentUserKey, user.id], user),
  });
}
