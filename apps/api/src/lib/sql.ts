/**
 * Escapes LIKE wildcards so user text matches literally: `like(col, `%${escapeLike(term)}%`)`.
 * Backslash is PostgreSQL's default LIKE escape character.
 */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * The SQLSTATE of a database error, whichever driver raised it (pg and PGlite put it on the error;
 * drizzle wraps it as `cause`).
 */
export function sqlState(error: unknown): string | undefined {
  for (let at: unknown = error, depth = 0; at && depth < 4; depth++) {
    const code = (at as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    at = (at as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * A row still refers to the one being deleted: 23001 restrict_violation (ON DELETE RESTRICT) or
 * 23503 foreign_key_violation (NO ACTION, the default).
 */
export function isStillReferenced(error: unknown): boolean {
  const state = sqlState(error);
  return state === '23001' || state === '23503';
}
