import { describe, expect, it } from 'vitest';
import { paged } from './paged';

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
