import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PasskeysResponse } from '@safqa/shared/validation/passkeys';
import { api } from '@/lib/api-client';

export const passkeysKey = ['/api/auth/passkeys'] as const;

export function fetchPasskeys(signal?: AbortSignal) {
  return api.get<PasskeysResponse>('/api/auth/passkeys', { auth: true, signal });
}

/** GET /api/auth/passkeys: the user's passkeys, newest first. */
export const passkeysQuery = () =>
  queryOptions({ queryKey: passkeysKey, queryFn: ({ signal }) => fetchPasskeys(signal) });

export function usePasskeys() {
  return useQuery(passkeysQuery());
}
