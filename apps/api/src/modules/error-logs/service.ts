import type { AdminErrorLog, ClientErrorInput, ErrorLogListQuery } from '@safqa/shared/validation/error-logs';
import { paged } from '../../lib/paged';
import type { Db } from '../../db/client';
import { redactUrl } from '../../logger';
import { AppError } from '../../lib/app-error';
import type { AuditService } from '../audit/service';
import {
  countUnresolved,
  errorLogFigures,
  insertClientError,
  selectErrorLogs,
  setResolved,
  type ErrorLogRow,
} from './repository';

const TOP_ENDPOINTS = 10;

function toLog(row: ErrorLogRow): AdminErrorLog {
  return {
    id: row.id,
    message: row.message,
    endpoint: row.endpoint,
    stackTrace: row.stackTrace,
    date: row.createdAt.toISOString(),
    resolved: row.resolved,
    source: row.source === 'client' ? 'client' : 'server',
  };
}

/**
 * The error logs (API.md "Admin"): crashes the web app reports, beside the server's own, and the
 * admin screens that read and resolve them (each change audited in its transaction).
 */
export function createErrorLogsService(deps: { db: Db; audit: Pick<AuditService, 'audited'> }) {
  const { db, audit } = deps;

  return {
    /** A render crash reported by the web app; the page path is its endpoint in the admin error views. */
    async recordClientError(input: ClientErrorInput) {
      await insertClientError(db, {
        message: input.message,
        endpoint: redactUrl(input.path),
        stackTrace: input.stack ?? null,
      });
    },

    // Admin

    /** Newest first, of the last `days` days, optionally only resolved or unresolved ones. */
    async list(query: ErrorLogListQuery) {
      const { rows, total } = await selectErrorLogs(db, query);
      return paged(rows.map(toLog), query.page, query.pageSize, total);
    },

    async stats(days: number) {
      return { days, ...(await errorLogFigures(db, days, TOP_ENDPOINTS)) };
    },

    setResolved(id: number, resolved: boolean): Promise<AdminErrorLog> {
      return audit.audited(
        async (tx) => {
          const row = await setResolved(tx, id, resolved);
          if (!row) throw new AppError(404, 'NOT_FOUND');
          return toLog(row);
        },
        (log) => ({
          action: resolved ? 'error_log.resolve' : 'error_log.reopen',
          targetType: 'error_log',
          targetId: log.id,
        }),
      );
    },

    unresolvedCount() {
      return countUnresolved(db);
    },
  };
}

export type ErrorLogsService = ReturnType<typeof createErrorLogsService>;
