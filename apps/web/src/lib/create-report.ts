import { useMutation } from '@tanstack/react-query';
import type { ReportInput, ReportResponse } from '@safqa/shared/validation/reports';
import { api } from './api-client';

/** POST /api/reports: the listing page and the chat both report, so the call lives here. */
export function createReport(input: ReportInput) {
  return api.post<ReportResponse>('/api/reports', input);
}

export function useCreateReport() {
  return useMutation({ mutationFn: createReport });
}
