import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationSettings } from '@safqa/shared/validation/notifications';
import { api } from '@/lib/api-client';
import { notificationSettingsKey } from './get-notification-settings';

/** PUT /api/users/me/notification-settings. */
export function useUpdateNotificationSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: NotificationSettings) =>
      api.put<NotificationSettings>('/api/users/me/notification-settings', settings, { auth: true }),
    onSuccess: (saved) => client.setQueryData(notificationSettingsKey, saved),
  });
}
