import type { AnalyticsEventInput } from '@safqa/shared/validation/analytics';
import type { Db } from '../../db/client';
import { redactUrl } from '../../logger';
import { insertEvent, pageViewsPerDay, topPages } from './repository';

/** Product analytics (API.md "Analytics"): events from the web app, and the dashboard's figures. */
export function createAnalyticsService(deps: { db: Db }) {
  const { db } = deps;

  return {
    /**
     * Stores one event. The path loses the values of secret query parameters first: page views of
     * /reset-password?token=… and /verify-email?token=… must not copy live tokens into analytics.
     */
    async record(input: AnalyticsEventInput, userId: number | null) {
      await insertEvent(db, {
        name: input.name,
        path: redactUrl(input.path),
        properties: input.properties ?? null,
        userId,
      });
    },

    /** Dashboard figures: page views per day and the most viewed paths over the last `days` days. */
    async pageViewFigures(days: number, topLimit: number) {
      const [perDay, top] = await Promise.all([pageViewsPerDay(db, days), topPages(db, days, topLimit)]);
      return { perDay, top };
    },
  };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
