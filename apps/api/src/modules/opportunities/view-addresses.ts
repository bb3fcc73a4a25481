import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { UTC_TODAY } from '../../db/daily-counts';
import { rows } from '../../db/rows';

export const VIEW_ADDRESSES_PRUNE = 'opportunities.view-addresses.prune';

/** Rows deleted per statement: a day of visits at a real market's size is millions of rows. */
export const VIEW_ADDRESSES_PRUNE_BATCH = 10_000;

/**
 * The per-address view counters (lib/viewer.ts) only matter on the day they count: rows before
 * yesterday are removed once a day, so the table holds about two days of visits. In batches, each
 * its own statement, so no single DELETE holds its locks and WAL for the whole day's rows.
 */
export function registerViewAddressPruning(app: FastifyInstance) {
  app.jobs.every(VIEW_ADDRESSES_PRUNE, 24 * 60 * 60 * 1000, async ({ log }) => {
    const pruned = await pruneViewAddresses(app.db);
    if (pruned) log.info({ pruned }, 'old view counters per address pruned');
  });
}

export async function pruneViewAddresses(db: Db, batchSize = VIEW_ADDRESSES_PRUNE_BATCH): Promise<number> {
  let total = 0;
  for (;;) {
    const [result] = rows<{ n: number }>(
      await db.execute(sql`
        WITH gone AS (
          DELETE FROM opportunity_view_addresses WHERE ctid IN (
            SELECT ctid FROM opportunity_view_addresses WHERE day < ${UTC_TODAY} - 1 LIMIT ${batchSize}
          ) RETURNING 1
        )
        SELECT count(*)::int AS n FROM gone`),
    );
    const n = Number(result?.n ?? 0);
    total += n;
    if (n < batchSize) return total;
  }
}
