import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Paged } from '@safqa/shared/validation/common';
import type { AdminReport, ReportStatus } from '@safqa/shared/validation/reports';
import { api } from '@/lib/api-client';

export function fetchAdminReports(status: ReportStatus, page: number, signal?: AbortSignal) {
  return api.get<Paged<AdminReport>>('/api/admin/reports', { auth: true, query: { status, page }, signal });
}

/** GET /api/admin/reports?status=&page=. */
export const adminReportsQuery = (status: ReportStatus, page: number) =>
  queryOptions({
    queryKey: ['/api/admin/reports', { status, page }],
    queryFn: ({ signal }) => fetchAdminReports(status, page, signal),
    placeholderData: keepPreviousData,
  });

export function useAdminReports(status: ReportStatus, page: number) {
  return useQuery(adminReportsQuery(status, page));
}
