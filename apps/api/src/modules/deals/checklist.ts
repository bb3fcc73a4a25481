import type { Language } from '@safqa/shared/constants';
import type {
  ChecklistCreateInput,
  ChecklistItem,
  ChecklistPatchInput,
  DealSide,
  DealStage,
} from '@safqa/shared/validation/deals';
import type { Db } from '../../db/client';
import type { AuthUser } from '../../plugins/auth';
import { AppError } from '../../plugins/errors';
import type { UploadsService } from '../uploads/service';
import type { DealNotify } from './reminders';
import * as repo from './repository';

const notFound = () => new AppError(404, 'NOT_FOUND');
const badStage = () => new AppError(409, 'INVALID_STATUS_TRANSITION');
const ACTIVE: DealStage[] = ['loi', 'due_diligence', 'closing'];

type PartyDeal = { row: repo.DealRow; side: DealSide };

/**
 * The deal's checklist (API.md "Deals"): a part of the deals service, handed the service's own
 * access checks and notice so the rules stay in one place.
 */
export function createChecklist(deps: {
  db: Db;
  uploads: Pick<UploadsService, 'documentOf'>;
  readable: (user: AuthUser, id: number, adminToo: boolean) => Promise<{ row: repo.DealRow }>;
  lockForParty: (tx: Db, user: AuthUser, id: number) => Promise<PartyDeal>;
  notify: DealNotify;
  other: (side: DealSide) => DealSide;
  itemView: (item: repo.ItemRow, lang: Language) => ChecklistItem;
}) {
  const { db, uploads, readable, lockForParty, notify, other, itemView } = deps;
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
        const [item] = await repo.insertItems(tx, [
          { dealId: id, title: input.title, side: input.side, dueDate: input.dueDate ?? null },
        ]);
        await repo.insertEvent(tx, id, 'checklist_added', user.id, { itemId: item!.id, title: input.title });
        await repo.updateDeal(tx, id, {});
        await notify(tx, row, other(side), 'checklist_added', { ar: input.title, en: input.title });
        return item!;
      });
      return itemView(item, lang);
    },

    /** Marks an item open, done or not applicable, with a note and documents the parties uploaded. */
    async patchItem(
      user: AuthUser,
      id: number,
      itemId: number,
      input: ChecklistPatchInput,
      lang: Language,
    ): Promise<ChecklistItem> {
      // The documents are checked before the deal is locked (the uploads area reads outside it).
      const { row: before } = await readable(user, id, false);
      let documents: repo.ItemRow['documents'] | undefined;
      if (input.documentIds) {
        documents = [];
        for (const [i, uploadId] of [...new Set(input.documentIds)].entries()) {
          const doc = await uploads.documentOf(uploadId);
          if (!doc || (doc.uploadedBy !== before.sellerId && doc.uploadedBy !== before.buyerId)) {
            throw new AppError(400, 'VALIDATION_FAILED', {
              fields: { [`documentIds.${i}`]: 'upload_unknown' },
            });
          }
          documents.push({ uploadId: doc.id, key: doc.key, name: doc.name });
        }
      }
      const item = await db.transaction(async (tx) => {
        const { row, side } = await lockForParty(tx, user, id);
        const current = await repo.findItem(tx, id, itemId);
        if (!current) throw notFound();
        if (!ACTIVE.includes(row.stage)) throw badStage();
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
      return itemView(item, lang);
    },
  };
}
