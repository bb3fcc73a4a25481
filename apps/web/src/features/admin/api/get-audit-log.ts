import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditLogResponse } from '@safqa/shared/validation/audit';

/** The filters of GET /api/admin/audit-log, as the page keeps them in its address. */
export interface AuditLogFilters {
  action: string;
  targetType: string;
  targetId: string;
  actorId: string;
  from: string;
  to: string;
  page: number;
}

/** GET /api/admin/audit-log: empty filters are left out of the address. */
export function useAuditLog(filters: AuditLogFilters) {
  const query = Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== ''));
  return useQuery<AuditLogResponse>({
    queryKey: ['/api/admin/audit-log', query],
    placeholderData: keepPreviousData,
  });
}
