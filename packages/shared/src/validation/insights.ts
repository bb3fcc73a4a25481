import { z } from 'zod';
import { id } from './common';
import { financialInfoStep } from './opportunities';

/**
 * API.md "Insights": a listing's audience for its owner, and the valuation check against the market.
 * Days are UTC calendar days (YYYY-MM-DD), like the admin figures.
 */

export const INSIGHT_DAYS = [7, 30, 90] as const;
export type InsightDays = (typeof INSIGHT_DAYS)[number];

export const insightsQuery = z
  .object({
    days: z.coerce
      .number()
      .refine((n): n is InsightDays => (INSIGHT_DAYS as readonly number[]).includes(n), {
        error: 'invalid_option',
      })
      .default(30),
  })
  .strict();

export const insightsDay = z.object({
  date: z.string(),
  views: z.number().int(),
  bookmarks: z.number().int(),
  offers: z.number().int(),
  chats: z.number().int(),
});
export type InsightsDay = z.infer<typeof insightsDay>;

export const insightsResponse = z.object({
  totals: z.object({
    /** Viewer-days: one per viewer per day (API.md "A view is counted once per viewer per listing per day"). */
    views: z.number().int(),
    /** Distinct viewers over the whole window. */
    uniqueViewers: z.number().int(),
    bookmarks: z.number().int(),
    offers: z.number().int(),
    chats: z.number().int(),
    accessRequests: z.number().int(),
    /** Deals opened on the listing in the window (accepted offers, API.md "Deals"). */
    deals: z.number().int(),
  }),
  /** One entry per day of the window, oldest first, days without activity as 0. */
  byDay: z.array(insightsDay),
});
export type Insights = z.infer<typeof insightsResponse>;

const { offeredPercentage, requiredAmount, ebitda, yearlySales } = financialInfoStep.shape;

/** The wizard's financial figures (same bounds as the listing itself) plus the business type. */
export const valuationCheckInput = z
  .object({ businessTypeId: id, offeredPercentage, requiredAmount, ebitda, yearlySales })
  .strict();
export type ValuationCheckInput = z.infer<typeof valuationCheckInput>;

const quartiles = z.object({ p25: z.number(), median: z.number(), p75: z.number() });

export const VALUATION_FLAGS = ['low', 'typical', 'high', 'insufficient_data'] as const;
export type ValuationFlag = (typeof VALUATION_FLAGS)[number];

export const valuationResponse = z.object({
  /** requiredAmount ÷ (offeredPercentage ÷ 100), in whole riyals. */
  impliedValuation: z.number(),
  /** impliedValuation ÷ EBITDA (2 decimals); null when EBITDA is not positive. */
  ebitdaMultiple: z.number().nullable(),
  /** impliedValuation ÷ yearly sales (2 decimals); null when sales are not positive. */
  salesMultiple: z.number().nullable(),
  /** Approved listings of the same business type with positive EBITDA and sales (this one excluded). */
  comparables: z.number().int(),
  sector: z.object({ ebitdaMultiple: quartiles, salesMultiple: quartiles }).nullable(),
  flag: z.enum(VALUATION_FLAGS),
});
export type Valuation = z.infer<typeof valuationResponse>;
