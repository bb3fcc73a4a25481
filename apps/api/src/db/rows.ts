/**
 * The rows of a raw `db.execute(sql)`. Both drivers (PGlite and pg) answer `{ rows }`, which drizzle's
 * database type, generic over the driver, leaves unknown; `T` is the caller's word for its SELECT
 * list. An answer without rows (a driver that changed its shape) fails here, not as `undefined` later.
 */
export function rows<T extends object>(result: unknown): T[] {
  const found = (result as { rows?: unknown } | null | undefined)?.rows;
  if (!Array.isArray(found)) throw new TypeError('db.execute answered without rows');
  return found as T[];
}
