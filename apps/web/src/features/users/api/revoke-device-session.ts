import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { deviceSessionsKey } from './get-device-sessions';

/** DELETE /api/auth/sessions/{id}: signs that device out. */
export function revokeDeviceSession(id: number) {
  return api.delete(`/api/auth/sessions/${id}`, { auth: true });
}

export function useRevokeDeviceSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: revokeDeviceSession,
    onSettled: () => client.invalidateQueries({ queryKey: deviceSessionsKey }),
  });
}
