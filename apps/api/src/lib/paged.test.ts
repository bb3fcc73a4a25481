import { describe, expect, it } from 'vitest';
import { COUNT_CAP, assertPageReachable, cappedTotal, paged } from './paged';

describe('paged', () => {
  it('counts a last, partly filled page and no page at all for no rows', () => {
    expect(paged(['a'], 3, 12, 25).pagination).toEqual({ page: 3, pageSize: 12, total: 25, totalPages: 3 });
    expect(paged(['a', 'b'], 1, 2, 2).pagination.totalPages).toBe(1);
    expect(paged([], 1, 12, 0)).toEqual({
      data: [],
      pagination: { page: 1, pageSize: 12, total: 0, totalPages: 0 },
    });
  });
});

describe('page limits', () => {
  it('refuses a page that starts at or past the 10,000th row, and caps a count past it', () => {
    expect(() => assertPageReachable(834, 12)).not.toThrow(); // rows 9,997-10,008 start inside
    expect(() => assertPageReachable(835, 12)).toThrow(expect.objectContaining({ code: 'PAGE_TOO_DEEP' }));
    expect(() => assertPageReachable(201, 50)).toThrow(expect.objectContaining({ statusCode: 400 }));
    expect(cappedTotal(10_000)).toEqual({ total: 10_000 });
    expect(cappedTotal(COUNT_CAP)).toEqual({ total: 10_000, totalCapped: true });
  });
});
