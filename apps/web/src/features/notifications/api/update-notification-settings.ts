import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationSettings } from '@safqa/shared/validation/notifications';
import { api } from '@/lib/api-client';
import { notificationSettingsQuery } from './get-notification-settings';

export function updateNotificationSettings(settings: NotificationSettings) {
  return api.put<NotificationSettings>('/api/users/me/notification-settings', settings, { auth: true });
}

/** PUT /api/users/me/notification-settings: the saved settings replace the cached ones. */
export function useUpdateNotificationSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationSettings,
    onSuccess: (saved) => client.setQueryData(notificationSettingsQuery().queryKey, saved),
  });
}
