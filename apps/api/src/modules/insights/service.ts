import { VALUATION_MIN_COMPARABLES } from '@safqa/shared/constants';
import type { InsightDays, Insights, Valuation, ValuationFlag } from '@safqa/shared/validation/insights';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { AuthUser } from '../../plugins/auth';
import type { OpportunitiesService } from '../opportunities/service';
import * as repo from './repository';

export interface ListingFigures {
  offeredPercentage: number;
  requiredAmount: number;
  ebitda: number;
  yearlySales: number;
}

const round2 = (n: number) => Math.round(n * 100) / 100;
const rounded = (q: repo.Quartiles): repo.Quartiles => ({
  p25: round2(q.p25),
  median: round2(q.median),
  p75: round2(q.p75),
});

function flagOf(value: number, range: repo.Quartiles): ValuationFlag {
  if (value < range.p25) return 'low';
  if (value > range.p75) return 'high';
  return 'typical';
}

/**
 * The valuation implied by the asking price, its multiples and how they sit in the sector. Multiples
 * (and the sector's percentiles) are rounded to 2 decimals and compared as shown. The flag follows the
 * EBITDA multiple; a listing without positive EBITDA has none, so its sales multiple decides; with
 * neither, or under VALUATION_MIN_COMPARABLES comparables, it is `insufficient_data`.
 */
export function valuationOf(listing: ListingFigures, sector: repo.SectorFigures): Valuation {
  const implied = listing.requiredAmount / (listing.offeredPercentage / 100);
  const ebitdaMultiple = listing.ebitda > 0 ? round2(implied / listing.ebitda) : null;
  const salesMultiple = listing.yearlySales > 0 ? round2(implied / listing.yearlySales) : null;
  const base = {
    impliedValuation: Math.round(implied),
    ebitdaMultiple,
    salesMultiple,
    comparables: sector.comparables,
  };
  if (sector.comparables < VALUATION_MIN_COMPARABLES || !sector.ebitdaMultiple || !sector.salesMultiple) {
    return { ...base, sector: null, flag: 'insufficient_data' };
  }
  const ranges = {
    ebitdaMultiple: rounded(sector.ebitdaMultiple),
    salesMultiple: rounded(sector.salesMultiple),
  };
  const flag: ValuationFlag =
    ebitdaMultiple !== null
      ? flagOf(ebitdaMultiple, ranges.ebitdaMultiple)
      : salesMultiple !== null
        ? flagOf(salesMultiple, ranges.salesMultiple)
        : 'insufficient_data';
  return { ...base, sector: ranges, flag };
}

export function createInsightsService(deps: {
  db: Db;
  opportunities: Pick<OpportunitiesService, 'visible'>;
}) {
  const { db, opportunities } = deps;
  return {
    /** API.md "Insights": owner or admin; a listing the caller cannot see is 404, someone else's 403. */
    async insights(id: number, caller: AuthUser, days: InsightDays): Promise<Insights> {
      const listing = await opportunities.visible(id, caller);
      if (listing.submittedBy !== caller.id && caller.role !== 'admin') throw new AppError(403, 'FORBIDDEN');
      const [byDay, totals] = await Promise.all([
        repo.dailyFigures(db, id, days),
        repo.windowTotals(db, id, days),
      ]);
      const sum = (key: 'views' | 'bookmarks' | 'offers' | 'chats') => byDay.reduce((n, d) => n + d[key], 0);
      return {
        totals: {
          views: sum('views'),
          uniqueViewers: totals.uniqueViewers,
          bookmarks: sum('bookmarks'),
          offers: sum('offers'),
          chats: sum('chats'),
          accessRequests: totals.accessRequests,
          deals: totals.deals,
        },
        byDay,
      };
    },

    /** The valuation of a listing the caller may see, against the others of its business type. */
    async ofListing(id: number, caller: AuthUser): Promise<Valuation> {
      const listing = await opportunities.visible(id, caller);
      return valuationOf(listing, await repo.sectorFigures(db, listing.businessTypeId, listing.id));
    },

    /** The wizard's check of figures not saved yet (every approved listing of the type compares). */
    async check(input: ListingFigures & { businessTypeId: number }): Promise<Valuation> {
      if (!(await repo.businessTypeExists(db, input.businessTypeId))) {
        throw new AppError(400, 'VALIDATION_FAILED', { fields: { businessTypeId: 'lookup_unknown' } });
      }
      return valuationOf(input, await repo.sectorFigures(db, input.businessTypeId, null));
    },
  };
}

export type InsightsService = ReturnType<typeof createInsightsService>;
