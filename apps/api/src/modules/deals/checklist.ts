import type { Language } from '@safqa/shared/constants';
import {
  DEAL_LIMITS,
  type ChecklistCreateInput,
  type ChecklistItem,
  type ChecklistPatchInput,
  type DealSide,
  type DealStage,
} from '@safqa/shared/validation/deals';
import type { Db } from '../../db/client';
import type { AuthUser } from '../../plugins/auth';
import { AppError } from '../../lib/app-error';
import type { UploadsService } from '../uploads/service';
import type { DealNotify } from './reminders';
import * as repo from './repository';

const notFound = () => new AppError(404, 'NOT_FOUND');
const badStage = () => new AppError(409, 'INVALID_STATUS_TRANSITION');
const ACTIVE: DealStage[] = ['loi', 'due_diligence', 'closing'];
/** In closing every item is settled (both agreed to close on it): none added, none reopened. */
const locked = () => new AppError(409, 'CHECKLIST_LOCKED');
const refusedDocument = (i: number, key: 'upload_unknown' | 'upload_elsewhere') =>
  new AppError(400, 'VALIDATION_FAILED', { fields: { [`documentIds.${i}`]: key } });

type PartyDeal = { row: repo.DealRow; side: DealSide };

/**
 * The deal's checklist (API.md "Deals"): a part of the deals service, handed the service's own
 * access checks and notice so the rules stay in one place.
 */
export function createChecklist(deps: {
  db: Db;
  uploads: Pick<UploadsService, 'documentOf'>;
  /** Whether any listing holds the stored file (as a public or a confidential document). */
  heldByListing: (key: string) => Promise<boolean>;
  readable: (user: AuthUser, id: number, adminToo: boolean) => Promise<{ row: repo.DealRow }>;
  lockForParty: (tx: Db, user: AuthUser, id: number) => Promise<PartyDeal>;
  notify: DealNotify;
  other: (side: DealSide) => DealSide;
  itemView: (item: repo.ItemRow, lang: Language, viewerId: number) => ChecklistItem;
}) {
  const { db, uploads, heldByListing, readable, lockForParty, notify, other, itemView } = deps;

  /**
   * A document a party may newly attach: a document upload of their own that is meant for the deal,
   * that is one no listing holds (its documents and data room) and no other deal's checklist holds.
   * Verification files are not uploads at all. Anything else would hand the other party a link to
   * a file they may not see (someone else's upload, a pending listing's document, a confidential one).
   */
  async function attachable(user: AuthUser, uploadId: number, i: number) {
    const doc = await uploads.documentOf(uploadId);
    if (!doc || doc.uploadedBy !== user.id) throw refusedDocument(i, 'upload_unknown');
    if (await heldByListing(doc.key)) throw refusedDocument(i, 'upload_elsewhere');
    return { uploadId: doc.id, key: doc.key, name: doc.name };
  }
  return {
    async addItem(
      user: AuthUser,
      id: number,
      input: ChecklistCreateInput,
      lang: Language,
    ): Promise<ChecklistItem> {
      const item = await db.transaction(async (tx) => {
        const { row, side } = await lockForParty(tx, user, id);
        if (!ACTIVE.includes(row.stage)) throw badStage();
        if (row.stage === 'closing') throw locked();
        if ((await repo.countItems(tx, id)) >= DEAL_LIMITS.checklistMax)
          throw new AppError(409, 'CHECKLIST_FULL');
        const [item] = await repo.insertItems(tx, [
          { dealId: id, title: input.title, side: input.side, dueDate: input.dueDate ?? null },
        ]);
        await repo.insertEvent(tx, id, 'checklist_added', user.id, { itemId: item!.id, title: input.title });
        await repo.updateDeal(tx, id, {});
        await notify(tx, row, other(side), 'checklist_added', { ar: input.title, en: input.title });
        return item!;
      });
      return itemView(item, lang, user.id);
    },

    /**
     * Marks an item open, done or not applicable, with a note and documents: those already on the
     * item (whoever attached them) and the caller's own uploads meant for the deal (attachable).
     */
    async patchItem(
      user: AuthUser,
      id: number,
      itemId: number,
      input: ChecklistPatchInput,
      lang: Language,
    ): Promise<ChecklistItem> {
      // New documents are checked before the deal is locked (the uploads and listings areas read
      // outside it); those already on the item are taken from it again under the lock.
      await readable(user, id, false);
      const ids = input.documentIds ? [...new Set(input.documentIds)] : null;
      const before = await repo.findItem(db, id, itemId);
      if (!before) throw notFound();
      const added = new Map<number, repo.ItemRow['documents'][number]>();
      for (const [i, uploadId] of (ids ?? []).entries()) {
        if (!before.documents.some((d) => d.uploadId === uploadId))
          added.set(uploadId, await attachable(user, uploadId, i));
      }
      const item = await db.transaction(async (tx) => {
        const { row, side } = await lockForParty(tx, user, id);
        const current = await repo.findItem(tx, id, itemId);
        if (!current) throw notFound();
        if (!ACTIVE.includes(row.stage)) throw badStage();
        if (row.stage === 'closing' && input.status === 'open') throw locked();
        let documents: repo.ItemRow['documents'] | undefined;
        if (ids) {
          documents = [];
          for (const [i, uploadId] of ids.entries()) {
            const doc = current.documents.find((d) => d.uploadId === uploadId) ?? added.get(uploadId);
            // Taken off the item meanwhile by the other party: no longer theirs to keep.
            if (!doc) throw refusedDocument(i, 'upload_unknown');
            if (added.has(uploadId) && (await repo.otherDealHolds(tx, id, doc.key)))
              throw refusedDocument(i, 'upload_elsewhere');
            documents.push(doc);
          }
        }
        const updated = await repo.updateItem(tx, itemId, {
          status: input.status,
          note: input.note === undefined ? current.note : input.note || null,
          documents: documents ?? current.documents,
        });
        await repo.insertEvent(tx, id, 'checklist_updated', user.id, {
          itemId,
          title: current.title,
          status: input.status,
        });
        await repo.updateDeal(tx, id, {});
        await notify(tx, row, other(side), 'checklist_updated', {
          ar: current.title,
          en: current.titleEn ?? current.title,
        });
        return updated;
      });
      return itemView(item, lang, user.id);
    },
  };
}
