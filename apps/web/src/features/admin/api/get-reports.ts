import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Paged } from '@safqa/shared/validation/common';
import type { AdminReport, ReportStatus } from '@safqa/shared/validation/reports';
import { api } from '@/lib/api-client';

export function fetchAdminReports(status: ReportStatus, cursor: string | undefined, signal?: AbortSignal) {
  return api.get<Paged<AdminReport>>('/api/admin/reports', { auth: true, query: { status, cursor }, signal });
}

/** GET /api/admin/reports?status=&cursor=: one tab a page at a time, each after the last report shown. */
export const adminReportsQuery = (status: ReportStatus) =>
  infiniteQueryOptions({
    queryKey: ['/api/admin/reports', { status }],
    queryFn: ({ pageParam, signal }) => fetchAdminReports(status, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.pagination.nextCursor ?? undefined,
  });

export function useAdminReports(status: ReportStatus) {
  return useInfiniteQuery(adminReportsQuery(status));
}
