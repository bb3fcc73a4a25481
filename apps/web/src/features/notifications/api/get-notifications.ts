import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { NotificationsResponse } from '@safqa/shared/validation/notifications';
import { api } from '@/lib/api-client';
import { setNotificationCount } from '@/lib/notification-count';

export const notificationsKey = ['/api/notifications'] as const;

export interface NotificationsParams {
  page: number;
  pageSize: number;
}

export async function fetchNotifications(params: NotificationsParams, signal?: AbortSignal) {
  const data = await api.get<NotificationsResponse>('/api/notifications', {
    auth: true,
    signal,
    query: { page: params.page, pageSize: params.pageSize },
  });
  setNotificationCount(data.unreadCount);
  return data;
}

/** GET /api/notifications: a page of the user's notifications (newest first) and the unread count. */
export const notificationsQuery = (params: NotificationsParams, options: { enabled?: boolean } = {}) =>
  queryOptions({
    queryKey: [...notificationsKey, params],
    queryFn: ({ signal }) => fetchNotifications(params, signal),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });

export function useNotifications(params: NotificationsParams, options: { enabled?: boolean } = {}) {
  return useQuery(notificationsQuery(params, options));
}
