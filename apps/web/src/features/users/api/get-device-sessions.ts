import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DeviceSessionsResponse } from '@safqa/shared/validation/auth';
import { api } from '@/lib/api-client';

export const deviceSessionsKey = ['/api/auth/sessions'] as const;

export function fetchDeviceSessions(signal?: AbortSignal) {
  return api.get<DeviceSessionsResponse>('/api/auth/sessions', { auth: true, signal });
}

/** GET /api/auth/sessions: the user's signed-in devices, most recently used first. */
export const deviceSessionsQuery = () =>
  queryOptions({ queryKey: deviceSessionsKey, queryFn: ({ signal }) => fetchDeviceSessions(signal) });

export function useDeviceSessions() {
  return useQuery(deviceSessionsQuery());
}
