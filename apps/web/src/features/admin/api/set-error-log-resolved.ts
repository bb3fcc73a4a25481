import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminErrorLog } from '@safqa/shared/validation/error-logs';
import { api } from '@/lib/api-client';

/** PATCH /api/admin/error-logs/{id} {resolved}. */
export function setResolved(id: number, resolved: boolean) {
  return api.patch<AdminErrorLog>(`/api/admin/error-logs/${id}`, { resolved });
}

/** The list, the stats tab and the dashboard's unresolved count all follow. */
export function useSetResolved() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, resolved }: { id: number; resolved: boolean }) => setResolved(id, resolved),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['/api/admin/error-logs'] }),
        client.invalidateQueries({ queryKey: ['/api/admin/error-logs/stats'] }),
        client.invalidateQueries({ queryKey: ['/api/admin/stats'] }),
      ]),
  });
}
