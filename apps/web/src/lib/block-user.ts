import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from './api-client';

/** The caller's blocks (GET /api/users/me/blocks); chats hide blocked users, so they refresh too. */
export const blocksKey = ['/api/users/me/blocks'] as const;

/** POST or DELETE /api/users/{id}/block (API.md "Trust and safety"): chats, offers and the list follow. */
export function useSetBlocked() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, blocked }: { userId: number; blocked: boolean }) =>
      blocked
        ? api.post<void>(`/api/users/${userId}/block`, undefined, { auth: true })
        : api.delete(`/api/users/${userId}/block`, { auth: true }),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: blocksKey }),
        client.invalidateQueries({ queryKey: ['/api/chat'] }),
      ]),
  });
}
