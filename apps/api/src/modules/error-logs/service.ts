import type { AdminErrorLog, ClientErrorInput, ErrorLogListQuery } from '@safqa/shared/validation/error-logs';
import { paged } from '../../lib/paged';
import type { Db } from '../../db/client';
import { redactUrl } from '../../logger';
import { AppError } from '../../plugins/errors';
import {
  countUnresolved,
  errorLogFigures,
  insertClientError,
  selectErrorLogs,
  setResolved,
  type ErrorLogRow,
} from './repository';

/** A render crash reported by the web app; the page path is its endpoint in the admin error views. */
export async function recordClientError(db: Db, input: ClientErrorInput) {
  await insertClientError(db, {
    message: input.message,
    endpoint: redactUrl(input.path),
    stackTrace: input.stack ?? null,
  });
}

// Admin

export const TOP_ENDPOINTS = 10;

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

/** Newest first, of the last `days` days, optionally only resolved or unresolved ones. */
export async function listErrorLogs(db: Db, query: ErrorLogListQuery) {
  const { rows, total } = await selectErrorLogs(db, query);
  return paged(rows.map(toLog), query.page, query.pageSize, total);
}

export async function errorLogStats(db: Db, days: number) {
  return { days, ...(await errorLogFigures(db, days, TOP_ENDPOINTS)) };
}

export async function markResolved(db: Db, id: number, resolved: boolean): Promise<AdminErrorLog> {
  const row = await setResolved(db, id, resolved);
  if (!row) throw new AppError(404, 'NOT_FOUND');
  return toLog(row);
}

export function unresolvedErrorCount(db: Db) {
  return countUnresolved(db);
}
