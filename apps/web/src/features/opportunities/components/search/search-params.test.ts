import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  DEFAULT_SEARCH,
  parseSearchParams,
  toSearchParams,
  withChanges,
} from './search-params';

describe('search URL state', () => {
  it('reads the category tile link of SPEC.md', () => {
    expect(parseSearchParams(new URLSearchParams('businessTypeId=4&sort=newest&page=1'))).toEqual({
      ...DEFAULT_SEARCH,
      businessTypeId: 4,
    });
  });

  it('round-trips every filter through the URL', () => {
    const state = {
      q: 'قهوة',
      businessTypeId: 8,
      regionId: 1,
      cityId: 2,
      type: 'buy' as const,
      minAmount: 1000,
      maxAmount: 500000,
      sort: 'amount_desc' as const,
      page: 3,
    };
    const params = toSearchParams(state);
    expect(params.toString()).toBe(
      'q=%D9%82%D9%87%D9%88%D8%A9&businessTypeId=8&regionId=1&cityId=2&type=buy&minAmount=1000&maxAmount=500000&sort=amount_desc&page=3',
    );
    expect(parseSearchParams(params)).toEqual(state);
  });

  it('ignores malformed values instead of failing', () => {
    expect(
      parseSearchParams(
        new URLSearchParams('businessTypeId=abc&regionId=-1&type=rent&sort=cheapest&page=0&minAmount=x'),
      ),
    ).toEqual(DEFAULT_SEARCH);
  });

  it('drops an amount with a fraction, which the API refuses (whole riyals only)', () => {
    expect(parseSearchParams(new URLSearchParams('minAmount=1.5&maxAmount=2000'))).toEqual({
      ...DEFAULT_SEARCH,
      maxAmount: 2000,
    });
    expect(parseSearchParams(new URLSearchParams('minAmount=10&maxAmount=99.99'))).toEqual({
      ...DEFAULT_SEARCH,
      minAmount: 10,
    });
  });

  it('starts again at page 1 when a filter or the sort changes, but not when the page does', () => {
    const state = { ...DEFAULT_SEARCH, page: 4 };
    expect(withChanges(state, { sort: 'oldest' }).page).toBe(1);
    expect(withChanges(state, { regionId: 2 }).page).toBe(1);
    expect(withChanges(state, { page: 5 }).page).toBe(5);
  });

  it('counts the filters that are set', () => {
    expect(activeFilterCount(DEFAULT_SEARCH)).toBe(0);
    expect(activeFilterCount({ ...DEFAULT_SEARCH, q: 'x', cityId: 3, minAmount: 0 })).toBe(3);
  });
});
