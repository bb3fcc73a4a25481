import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditLogResponse } from '@safqa/shared/validation/audit';
import { api } from '@/lib/api-client';

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

/** Empty filters are left out of the address (and of the key). */
function auditLogParams(filters: AuditLogFilters) {
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== ''));
}

export function fetchAuditLog(params: Record<string, string | number>, signal?: AbortSignal) {
  return api.get<AuditLogResponse>('/api/admin/audit-log', { auth: true, query: params, signal });
}

/** GET /api/admin/audit-log with the filters that are set. */
export const auditLogQuery = (filters: AuditLogFilters) => {
  const params = auditLogParams(filters);
  return queryOptions({
    queryKey: ['/api/admin/audit-log', params],
    queryFn: ({ signal }) => fetchAuditLog(params, signal),
    placeholderData: keepPreviousData,
  });
};

export function useAuditLog(filters: AuditLogFilters) {
  return useQuery(auditLogQuery(filters));
}
