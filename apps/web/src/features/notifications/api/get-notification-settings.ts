import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NotificationSettings } from '@safqa/shared/validation/notifications';
import { api } from '@/lib/api-client';

export function fetchNotificationSettings(signal?: AbortSignal) {
  return api.get<NotificationSettings>('/api/users/me/notification-settings', { auth: true, signal });
}

/** GET /api/users/me/notification-settings: which types also send an email. */
export const notificationSettingsQuery = () =>
  queryOptions({
    queryKey: ['/api/users/me/notification-settings'],
    queryFn: ({ signal }) => fetchNotificationSettings(signal),
  });

export function useNotificationSettings() {
  return useQuery(notificationSettingsQuery());
}
