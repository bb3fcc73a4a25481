import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Report, ReportDecisionInput } from '@safqa/shared/validation/reports';
import { api } from '@/lib/api-client';

/** PATCH /api/admin/reports/{id}: resolve with an action, or dismiss. */
export function decideReport(id: number, input: ReportDecisionInput) {
  return api.patch<{ report: Report }>(`/api/admin/reports/${id}`, input);
}

/** A decision may suspend a listing or a user: their lists are refreshed too. */
export function useDecideReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: ReportDecisionInput }) => decideReport(id, input),
    onSuccess: () =>
      Promise.all(
        ['/api/admin/reports', '/api/admin/users', '/api/admin/opportunities', '/api/admin/stats'].map(
          (path) => client.invalidateQueries({ queryKey: [path] }),
        ),
      ),
  });
}
