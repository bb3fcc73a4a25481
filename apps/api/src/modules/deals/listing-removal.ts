import type { OpportunityCard } from '@safqa/shared/validation/opportunities';
import type { Db } from '../../db/client';
import type { AuthUser } from '../../plugins/auth';
import { AppError } from '../../lib/app-error';
import type { DealNotify } from './reminders';
import * as repo from './repository';

/** Stages at which the letter of intent is signed by both: the deal is a record both rely on. */
const PAST_LOI = new Set<repo.DealRow['stage']>(['due_diligence', 'closing', 'closed']);

/** The reason an open deal of a deleted listing is cancelled with (shown to both, as written). */
export const LISTING_DELETED_REASON = 'حُذفت الفرصة | The listing was deleted';

/**
 * Runs in the listing deletion's transaction, the listing row locked ([security-2] item 2). A deal
 * past `loi` refuses the deletion (409 LISTING_HAS_DEAL); otherwise each deal keeps the listing's
 * card (without its images, deleted with it), an open one is cancelled, the timeline says why, and
 * every party but the one deleting is told. The rows outlive the listing (migration 0027).
 */
export async function beforeListingRemoved(
  deps: {
    notify: DealNotify;
    cardsById: (ids: number[], tx: Db) => Promise<Map<number, OpportunityCard>>;
  },
  tx: Db,
  opportunityId: number,
  actor: AuthUser,
): Promise<void> {
  const found = await repo.lockDealsOfListing(tx, opportunityId);
  if (!found.length) return;
  if (found.some((d) => PAST_LOI.has(d.stage))) throw new AppError(409, 'LISTING_HAS_DEAL');
  const card = (await deps.cardsById([opportunityId], tx)).get(opportunityId);
  const listing = card ? { ...card, logo: null, coverImage: null } : null;
  for (const row of found) {
    const open = row.stage === 'loi';
    await repo.updateDeal(tx, row.id, {
      listing,
      ...(open ? { stage: 'cancelled' as const, cancelReason: LISTING_DELETED_REASON } : {}),
    });
    await repo.insertEvent(tx, row.id, 'listing_deleted', actor.id);
    if (open) {
      await repo.insertEvent(tx, row.id, 'stage_changed', actor.id, {
        from: 'loi',
        to: 'cancelled',
        reason: LISTING_DELETED_REASON,
      });
    }
    const detail = open ? { ar: 'أُلغيت الصفقة', en: 'the deal was cancelled' } : undefined;
    for (const side of ['seller', 'buyer'] as const) {
      if ((side === 'seller' ? row.sellerId : row.buyerId) === actor.id) continue;
      await deps.notify(tx, row, side, 'listing_deleted', detail);
    }
  }
}
