import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { deviceSessionsKey } from './get-device-sessions';

/** POST /api/auth/sessions/revoke-others: signs every other device out. */
export function revokeOtherDeviceSessions() {
  return api.post('/api/auth/sessions/revoke-others', undefined, { auth: true });
}

export function useRevokeOtherDeviceSessions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: revokeOtherDeviceSessions,
    onSettled: () => client.invalidateQueries({ queryKey: deviceSessionsKey }),
  });
}
