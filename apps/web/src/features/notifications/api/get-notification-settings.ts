import { useQuery } from '@tanstack/react-query';
import type { NotificationSettings } from '@safqa/shared/validation/notifications';
import { api } from '@/lib/api-client';

export const notificationSettingsKey = ['/api/users/me/notification-settings'] as const;

/** GET /api/users/me/notification-settings: which types also send an email. */
export function useNotificationSettings() {
  return useQuery({
    queryKey: notificationSettingsKey,
    queryFn: ({ signal }) =>
      api.get<NotificationSettings>('/api/users/me/notification-settings', { auth: true, signal }),
  });
}
