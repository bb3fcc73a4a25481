import { AppError } from '../lib/app-error';

/**
 * Where a keyset list stopped (API.md "Paged lists": `?cursor=` from `pagination.nextCursor`): the
 * sort value and the id of the last row sent. The next page is the rows strictly after that pair in
 * the list's order, so rows inserted meanwhile neither repeat nor shift a row off the walk. Opaque
 * to clients (base64url JSON); a cursor that does not decode is a 400, never a 500.
 */
export interface Keyset {
  /** The sort column's value of the last row: an ISO timestamp, a number or a string. */
  value: string | number;
  id: number;
}

export function encodeCursor(keyset: Keyset): string {
  return Buffer.from(JSON.stringify([keyset.value, keyset.id])).toString('base64url');
}

/** The keyset of `cursor`, or undefined for no cursor; 400 VALIDATION_FAILED for a forged one. */
export function decodeCursor(cursor: string | undefined): Keyset | undefined {
  if (cursor === undefined || cursor === '') return undefined;
  const invalid = () => new AppError(400, 'VALIDATION_FAILED', { fields: { cursor: 'invalid' } });
  if (cursor.length > 200 || !/^[A-Za-z0-9_-]+$/.test(cursor)) throw invalid();
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(parsed) || parsed.length !== 2) throw invalid();
  const [value, id] = parsed as unknown[];
  const valueOk =
    (typeof value === 'number' && Number.isFinite(value)) ||
    (typeof value === 'string' && value.length <= 100);
  if (!valueOk || typeof id !== 'number' || !Number.isSafeInteger(id) || id < 0) throw invalid();
  return { value, id };
}

/** The cursor after `rows` when the page came back full (one row more was asked for), else null. */
export function nextCursorOf<T>(
  rows: T[],
  pageSize: number,
  keysetOf: (row: T) => Keyset,
): { rows: T[]; nextCursor: string | null } {
  if (rows.length <= pageSize) return { rows, nextCursor: null };
  const page = rows.slice(0, pageSize);
  return { rows: page, nextCursor: encodeCursor(keysetOf(page[page.length - 1]!)) };
}
