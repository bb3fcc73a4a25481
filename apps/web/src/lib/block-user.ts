import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from './api-client';

/** The caller's blocks (GET /api/users/me/blocks); chats hide blocked users, so they refresh too. */
export const blocksKey = ['/api/users/me/blocks'] as const;

export interface BlockChange {
  userId: number;
  blocked: boolean;
}

/** POST or DELETE /api/users/{id}/block (API.md "Trust and safety"). */
export function setBlocked({ userId, blocked }: BlockChange) {
  return blocked
    ? api.post<void>(`/api/users/${userId}/block`, undefined, { auth: true })
    : api.delete(`/api/users/${userId}/block`, { auth: true });
}

/** Chats, offers and the list of blocks follow a change. */
export function useSetBlocked() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setBlocked,
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: blocksKey }),
        client.invalidateQueries({ queryKey: ['/api/chat'] }),
      ]),
  });
}
