import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { AppError } from '../lib/app-error';
import type { Keyset } from './keyset-cursor';

/**
 * Keyset walks of lists ordered by (a timestamp, id), newest or oldest first: the cursor keeps the timestamp
 * as UTC text to the microsecond, since a JavaScript Date (milliseconds) would round rows that
 * differ by microseconds onto one value and lose or repeat them at a page boundary.
 */
const CURSOR_AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** The select expression whose value goes into the cursor as `value`. */
export function cursorTimestamp(column: AnyColumn): SQL<string> {
  return sql<string>`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

/**
 * Rows after the cursor in the (at, id) order, descending unless `direction` is 'asc' (queues walked
 * first come, first served); 400 for a value no cursor holds.
 */
export function afterKeyset(
  at: AnyColumn,
  id: AnyColumn,
  keyset: Keyset | undefined,
  direction: 'asc' | 'desc' = 'desc',
): SQL | undefined {
  if (!keyset) return undefined;
  if (typeof keyset.value !== 'string' || !CURSOR_AT.test(keyset.value)) {
    throw new AppError(400, 'VALIDATION_FAILED', { fields: { cursor: 'invalid' } });
  }
  return direction === 'asc'
    ? sql`(${at}, ${id}) > (${keyset.value}::timestamptz, ${keyset.id})`
    : sql`(${at}, ${id}) < (${keyset.value}::timestamptz, ${keyset.id})`;
}
