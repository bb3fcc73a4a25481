import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeviceSessionsResponse } from '@safqa/shared/validation/auth';
import { api } from '@/lib/api-client';

export const deviceSessionsKey = ['/api/auth/sessions'] as const;

/** GET /api/auth/sessions: the user's signed-in devices, most recently used first. */
export function useDeviceSessions() {
  return useQuery({
    queryKey: deviceSessionsKey,
    queryFn: ({ signal }) => api.get<DeviceSessionsResponse>('/api/auth/sessions', { auth: true, signal }),
  });
}

/** DELETE /api/auth/sessions/{id}: signs that device out. */
export function useRevokeDeviceSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/auth/sessions/${id}`, { auth: true }),
    onSettled: () => client.invalidateQueries({ queryKey: deviceSessionsKey }),
  });
}

/** POST /api/auth/sessions/revoke-others: signs every other device out. */
export function useRevokeOtherDeviceSessions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post('/api/auth/sessions/revoke-others', undefined, { auth: true }),
    onSettled: () => client.invalidateQueries({ queryKey: deviceSessionsKey }),
  });
}
