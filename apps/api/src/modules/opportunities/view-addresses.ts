import { lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { opportunityViewAddresses } from '../../db/schema/opportunities';
import { UTC_TODAY } from '../../db/daily-counts';

export const VIEW_ADDRESSES_PRUNE = 'opportunities.view-addresses.prune';

/**
 * The per-address view counters (lib/viewer.ts) only matter on the day they count: rows before
 * yesterday are removed once a day, so the table holds about two days of visits.
 */
export function registerViewAddressPruning(app: FastifyInstance) {
  app.jobs.every(VIEW_ADDRESSES_PRUNE, 24 * 60 * 60 * 1000, async ({ log }) => {
    const pruned = await app.db
      .delete(opportunityViewAddresses)
      .where(lt(opportunityViewAddresses.day, sql`${UTC_TODAY} - 1`))
      .returning({ day: opportunityViewAddresses.day });
    if (pruned.length) log.info({ pruned: pruned.length }, 'old view counters per address pruned');
  });
}
