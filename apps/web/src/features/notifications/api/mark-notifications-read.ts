import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { setNotificationCount } from '@/lib/notification-count';
import { notificationsKey } from './get-notifications';

export function markNotificationsRead(ids?: number[]) {
  return api.post<{ unreadCount: number }>('/api/notifications/read', ids ? { ids } : {}, { auth: true });
}

/** POST /api/notifications/read: some (`ids`) or all; the bell takes the new count at once. */
export function useMarkNotificationsRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids?: number[]) => markNotificationsRead(ids),
    onSuccess: ({ unreadCount }) => {
      setNotificationCount(unreadCount);
      void client.invalidateQueries({ queryKey: notificationsKey });
    },
  });
}
