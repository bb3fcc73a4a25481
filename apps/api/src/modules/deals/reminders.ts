import type { Language } from '@safqa/shared/constants';
import type { DealSide } from '@safqa/shared/validation/deals';
import type { Db } from '../../db/client';
import type { DealNoticeKind } from './notices';
import * as repo from './repository';

/** Tells one side of a deal, in the transaction of what happened (the service's `notify`). */
export type DealNotify = (
  tx: Db,
  row: repo.DealRow,
  to: DealSide,
  kind: DealNoticeKind,
  detail?: Record<Language, string>,
) => Promise<void>;

/** Deals whose overdue items are read and reminded per batch. */
export const REMINDER_BATCH_DEALS = 200;

/**
 * The daily reminder: each side of a deal with open items past their due date is told once a day
 * (the items are marked with the day in the notice's transaction, so a second run tells no one).
 * Answers how many sides were told.
 */
export async function remindOverdue(
  db: Db,
  notify: DealNotify,
  now: Date,
  dealsPerBatch = REMINDER_BATCH_DEALS,
): Promise<number> {
  const today = now.toISOString().slice(0, 10);
  let sent = 0;
  // A window of deals at a time, walked by id: never every overdue item of every deal in memory.
  let afterDealId = 0;
  for (;;) {
    const groups = await repo.overdueGroups(db, today, { afterDealId, deals: dealsPerBatch });
    if (groups.length === 0) return sent;
    afterDealId = groups[groups.length - 1]!.dealId;
    sent += await remindGroups(db, notify, groups, today);
  }
}

async function remindGroups(
  db: Db,
  notify: DealNotify,
  groups: repo.OverdueGroup[],
  today: string,
): Promise<number> {
  let sent = 0;
  for (const group of groups) {
    await db.transaction(async (tx) => {
      const marked = await repo.markReminded(tx, group.itemIds, today);
      if (!marked.length) return;
      const row = await repo.findDeal(tx, group.dealId);
      if (!row) return;
      await notify(tx, row, group.side, 'overdue', {
        ar: group.titles.join('، '),
        en: group.titles.join(', '),
      });
      sent += 1;
    });
  }
  return sent;
}
