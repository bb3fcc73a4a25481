import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DevMailMessage, DevMailResponse } from '@safqa/shared/validation/dev-mail';
import { api } from '@/lib/api-client';

export type { DevMailMessage };

/** New mail shows up without a reload: the list is asked again this often while the page is open. */
export const DEV_MAIL_REFRESH_MS = 5_000;

export async function fetchDevMail(to: string, signal?: AbortSignal): Promise<DevMailMessage[]> {
  const response = await api.get<DevMailResponse>('/api/dev/mail', { query: { to }, signal });
  return response.messages;
}

/** GET /api/dev/mail?to= (newest first), polled while the page is open. */
export const devMailQuery = (to: string) =>
  queryOptions({
    queryKey: ['/api/dev/mail', to],
    queryFn: ({ signal }) => fetchDevMail(to, signal),
    staleTime: 0,
    refetchInterval: DEV_MAIL_REFRESH_MS,
  });

export function useDevMail(to: string) {
  return useQuery(devMailQuery(to));
}
