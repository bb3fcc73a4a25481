import { useQuery } from '@tanstack/react-query';
import type { ErrorLogStats } from '@safqa/shared/validation/error-logs';
import type { ErrorLogRange } from './get-error-logs';

/** GET /api/admin/error-logs/stats?days=. */
export function useErrorLogStats(days: ErrorLogRange) {
  return useQuery<ErrorLogStats>({ queryKey: ['/api/admin/error-logs/stats', { days }] });
}
