import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Paged } from '@safqa/shared/validation/common';
import type { AdminReport, ReportStatus } from '@safqa/shared/validation/reports';

/** GET /api/admin/reports?status=&page=. */
export function useAdminReports(status: ReportStatus, page: number) {
  return useQuery<Paged<AdminReport>>({
    queryKey: ['/api/admin/reports', { status, page }],
    placeholderData: keepPreviousData,
  });
}
