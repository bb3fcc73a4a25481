import { LIMITS } from '@safqa/shared/constants';
import { AppError } from '../lib/app-error';

/** A paged answer (API.md "Paged lists"): one page of `data` and where it sits among `total` rows. */
export function paged<T>(data: T[], page: number, pageSize: number, total: number) {
  return { data, pagination: { page, pageSize, total, totalPages: Math.ceil(total / pageSize) } };
}

/**
 * Refuses a page that starts past the 10,000th row (400 PAGE_TOO_DEEP): an OFFSET reads and drops
 * every row before the page, so page 40,000 of a million users reads 480,000 rows to send 12.
 */
export function assertPageReachable(page: number, pageSize: number): void {
  if ((page - 1) * pageSize >= LIMITS.pagedRowsMax) {
    throw new AppError(400, 'PAGE_TOO_DEEP', { fields: { page: 'page_too_deep' } });
  }
}

/**
 * The SQL that counts at most one row past the cap: `SELECT count(*) FROM (<rows> LIMIT cap+1)`.
 * Paired with cappedTotal, an exact count where it is cheap and "10,000 or more" where it is not.
 */
export const COUNT_CAP = LIMITS.pagedRowsMax + 1;

/** `total` and `totalCapped` from a count taken with LIMIT COUNT_CAP. */
export function cappedTotal(counted: number): { total: number; totalCapped?: true } {
  return counted > LIMITS.pagedRowsMax
    ? { total: LIMITS.pagedRowsMax, totalCapped: true }
    : { total: counted };
}
