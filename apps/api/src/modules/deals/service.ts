import type { Language } from '@safqa/shared/constants';
import type {
  ChecklistItem,
  Deal,
  DealSide,
  DealStage,
  DealSummary,
  LoiInput,
  LoiSignInput,
  StageInput,
} from '@safqa/shared/validation/deals';
import type { OpportunityCard } from '@safqa/shared/validation/opportunities';
import type { Db } from '../../db/client';
import type { AuthUser } from '../../plugins/auth';
import { AppError } from '../../lib/app-error';
import type { Mailer } from '../../plugins/mailer';
import type { Notifier } from '../notifications/notifier';
import type { OpportunitiesService } from '../opportunities/service';
import type { UploadsService } from '../uploads/service';
import type { DealDocumentScope } from '../uploads/signed-url';
import type { UsersService } from '../users/service';
import { loiPdfData, renderLoiPdf } from './loi-pdf';
import { remindOverdue } from './reminders';
import { beforeListingRemoved } from './listing-removal';
import { dealEmail, dealNotice, signedLoiEmail, type DealNoticeKind } from './notices';
import * as repo from './repository';
import { createChecklist } from './checklist';
import { checklistTemplate } from './templates';
import { sideOf, toDeal, toItem, toLoi, toSummary } from './views';

const DAY_MS = 24 * 60 * 60 * 1000;
const notFound = () => new AppError(404, 'NOT_FOUND');
const badStage = () => new AppError(409, 'INVALID_STATUS_TRANSITION');

/** The accepted offer a deal starts from (handed over by the offers area in its transaction). */
export interface AcceptedOffer {
  id: number;
  opportunityId: number;
  userId: number;
  amount: number | null;
  createdAt: Date;
}

/**
 * Deals (API.md "Deals"): opened by an accepted offer, between the listing's owner (seller) and the
 * offer's author (buyer). Every write locks the deal row first (SELECT ... FOR UPDATE), so two
 * parties acting at once are applied one after the other.
 */
export function createDealsService(deps: {
  db: Db;
  mailer: Mailer;
  notifier: Notifier;
  publicUrl: string;
  /** `room` answers which listings hold a file (a checklist document must be held by none). */
  opportunities: Pick<OpportunitiesService, 'dealTarget' | 'setDealState' | 'cardsById' | 'room'>;
  uploads: Pick<UploadsService, 'documentOf' | 'signDocument'>;
  /** An admin's role, read when a deal's document link is used. */
  users: Pick<UsersService, 'findById'>;
}) {
  const { db, mailer, notifier, publicUrl, opportunities, uploads, users } = deps;
  const dealUrl = (id: number) => `${publicUrl}/deals/${id}`;

  /** The deal for a party (or, when `adminToo`, an admin); 404 for anyone else. */
  async function readable(user: AuthUser, id: number, adminToo: boolean) {
    const row = await repo.findDeal(db, id);
    if (!row) throw notFound();
    const side = sideOf(row, user.id);
    if (!side && !(adminToo && user.role === 'admin')) throw notFound();
    return { row, side };
  }

  /** Locks the deal for a party's write; 404 for anyone else, 409 once it is closed or cancelled. */
  async function lockForParty(tx: Db, user: AuthUser, id: number) {
    const row = await repo.lockDeal(tx, id);
    if (!row) throw notFound();
    const side = sideOf(row, user.id);
    if (!side) throw notFound();
    return { row, side };
  }

  /** The deal's listing, or for a deleted one the card kept with the deal (listing-removal.ts). */
  async function listing(tx: Db, row: repo.DealRow) {
    const found =
      row.opportunityId === null ? undefined : await opportunities.dealTarget(tx, row.opportunityId);
    if (found) return found;
    if (!row.listing) throw notFound();
    return {
      name: row.listing.opportunityName,
      nameAr: row.listing.opportunityNameAr,
      type: row.listing.type,
    };
  }
  /** The card a deal shows: its listing's now, or the one kept when the listing was deleted. */
  const cardOf = (row: repo.DealRow, cards: Map<number, OpportunityCard>) =>
    (row.opportunityId === null ? undefined : cards.get(row.opportunityId)) ?? row.listing ?? undefined;
  const listingIds = (rows: repo.DealRow[]) =>
    rows.flatMap((r) => (r.opportunityId === null ? [] : [r.opportunityId]));

  /** A notice (bell, and email where the recipient's switch is on) to one party. */
  async function notify(
    tx: Db,
    row: repo.DealRow,
    to: DealSide,
    kind: DealNoticeKind,
    detail?: Record<Language, string>,
  ) {
    const target = await listing(tx, row);
    const notice = dealNotice(kind, target, detail);
    await notifier.notify(tx, {
      userId: to === 'seller' ? row.sellerId : row.buyerId,
      type: 'deal_update',
      ...notice,
      link: `/deals/${row.id}`,
      email: (lang) => dealEmail(lang, notice, dealUrl(row.id)),
    });
  }
  const other = (side: DealSide): DealSide => (side === 'seller' ? 'buyer' : 'seller');

  async function syncListing(tx: Db, opportunityId: number | null) {
    if (opportunityId === null) return;
    await opportunities.setDealState(tx, opportunityId, await repo.listingDealState(tx, opportunityId));
  }

  async function view(row: repo.DealRow, viewerId: number, lang: Language): Promise<Deal> {
    const [cards, names, lois, items, events] = await Promise.all([
      opportunities.cardsById(listingIds([row])),
      repo.usernames(db, [row.sellerId, row.buyerId]),
      repo.loisOf(db, row.id),
      repo.checklistOf(db, row.id),
      repo.eventsOf(db, row.id),
    ]);
    const actors = await repo.usernames(
      db,
      events.flatMap((e) => (e.actorId === null ? [] : [e.actorId])),
    );
    for (const [id, name] of actors) names.set(id, name);
    const card = cardOf(row, cards);
    if (!card) throw notFound();
    return toDeal(
      {
        row,
        card,
        names,
        offer: { id: row.offerId, amount: row.offerAmount, createdAt: row.offerMadeAt.toISOString() },
        lois,
        items: items.map((i) => itemView(i, lang, viewerId)),
        events,
      },
      viewerId,
    );
  }
  // Each link names the deal and the viewer: the download checks both again (checkDownload).
  const itemView = (i: repo.ItemRow, lang: Language, viewerId: number): ChecklistItem =>
    toItem(i, lang, (key) => uploads.signDocument(key, { dealId: i.dealId, userId: viewerId }));

  async function loiPdf(row: repo.DealRow, loi: repo.LoiRow, lang: Language, tx: Db = db) {
    const [target, names] = await Promise.all([
      listing(tx, row),
      repo.usernames(tx, [row.sellerId, row.buyerId]),
    ]);
    return renderLoiPdf(loiPdfData(row, loi, target, names), lang);
  }

  return {
    /**
     * Opens the deal of an offer its owner accepts, in the offers area's transaction `tx`: the
     * stage `loi`, the sector's checklist, and the first line of the timeline.
     */
    async openFromOffer(tx: Db, offer: AcceptedOffer, ownerId: number): Promise<number> {
      const target = await opportunities.dealTarget(tx, offer.opportunityId);
      if (!target) throw notFound();
      const row = await repo.insertDeal(tx, {
        opportunityId: offer.opportunityId,
        offerId: offer.id,
        sellerId: ownerId,
        buyerId: offer.userId,
        offerAmount: offer.amount,
        offerMadeAt: offer.createdAt,
      });
      await repo.insertItems(
        tx,
        checklistTemplate(target.sector).map((t) => ({
          dealId: row.id,
          title: t.ar,
          titleEn: t.en,
          side: t.side,
        })),
      );
      await repo.insertEvent(tx, row.id, 'opened', ownerId, { offerId: offer.id });
      return row.id;
    },

    /** The caller's deals, most recently changed first. */
    async list(user: AuthUser, stage: DealStage | undefined, page: number, pageSize: number, all = false) {
      const { rows, total } = await repo.dealsPage(
        db,
        { userId: all ? undefined : user.id, stage },
        page,
        pageSize,
      );
      const [cards, names] = await Promise.all([
        opportunities.cardsById(listingIds(rows)),
        repo.usernames(
          db,
          rows.flatMap((r) => [r.sellerId, r.buyerId]),
        ),
      ]);
      const data: DealSummary[] = rows.flatMap((r) => {
        const card = cardOf(r, cards);
        return card ? [toSummary(r, card, names, user.id)] : [];
      });
      return { data, total };
    },

    async get(user: AuthUser, id: number, lang: Language): Promise<Deal> {
      const { row } = await readable(user, id, true);
      return view(row, user.id, lang);
    },

    /** A new version of the letter of intent, while the deal is at `loi`; the other party is told. */
    async proposeLoi(user: AuthUser, id: number, input: LoiInput, lang: Language): Promise<Deal> {
      const row = await db.transaction(async (tx) => {
        const { row, side } = await lockForParty(tx, user, id);
        if (row.stage !== 'loi') throw badStage();
        const latest = (await repo.loisOf(tx, id)).at(-1);
        const version = (latest?.version ?? 0) + 1;
        await repo.insertLoi(tx, { dealId: id, version, ...input, proposedBy: side });
        await repo.insertEvent(tx, id, 'loi_proposed', user.id, { version });
        const touched = await repo.updateDeal(tx, id, {});
        await notify(tx, row, other(side), 'loi_proposed', {
          ar: `النسخة ${version}`,
          en: `version ${version}`,
        });
        return touched;
      });
      return view(row, user.id, lang);
    },

    /**
     * Signs a version: only the latest (LOI_OUTDATED), once per party (ALREADY_SIGNED). When both
     * have signed it, the deal moves to due diligence and each party is emailed the PDF, once.
     */
    async signLoi(user: AuthUser, id: number, version: number, input: LoiSignInput) {
      const signed = await db.transaction(async (tx) => {
        const { row, side } = await lockForParty(tx, user, id);
        const lois = await repo.loisOf(tx, id);
        const loi = lois.find((l) => l.version === version);
        if (!loi) throw notFound();
        if ((side === 'seller' ? loi.sellerSignedAt : loi.buyerSignedAt) !== null)
          throw new AppError(409, 'ALREADY_SIGNED');
        if (row.stage !== 'loi') throw badStage();
        if (lois.at(-1)!.version !== version) throw new AppError(409, 'LOI_OUTDATED');
        const after = await repo.signLoi(tx, loi.id, side, input.fullName);
        if (!after) throw new AppError(409, 'ALREADY_SIGNED');
        await repo.insertEvent(tx, id, 'loi_signed', user.id, { version, side });
        if (!after.sellerSignedAt || !after.buyerSignedAt) {
          await repo.updateDeal(tx, id, {});
          await notify(tx, row, other(side), 'loi_signed', {
            ar: `النسخة ${version}`,
            en: `version ${version}`,
          });
          return after;
        }
        const moved = await repo.updateDeal(tx, id, {
          stage: 'due_diligence',
          dueDiligenceEndsAt: new Date(after.buyerSignedAt.getTime() + after.dueDiligenceDays * DAY_MS),
        });
        await repo.insertEvent(tx, id, 'stage_changed', user.id, { from: 'loi', to: 'due_diligence' });
        await syncListing(tx, row.opportunityId);
        const target = await listing(tx, row);
        for (const party of ['seller', 'buyer'] as const) {
          const userId = party === 'seller' ? row.sellerId : row.buyerId;
          const recipient = await notifier.recipient(tx, userId);
          if (!recipient) continue;
          const pdf = await loiPdf(moved, after, recipient.language, tx);
          await mailer.enqueue(
            {
              to: recipient.email,
              ...signedLoiEmail(recipient.language, target, dealUrl(id)),
              attachments: [
                { filename: `loi-${id}-${version}.pdf`, contentType: 'application/pdf', content: pdf },
              ],
            },
            tx,
          );
          // The bell too; the email with the PDF is sent whatever the switches (a signed document).
          await notifier.notify(tx, {
            userId,
            type: 'deal_update',
            ...dealNotice('loi_complete', target),
            link: `/deals/${id}`,
          });
        }
        return after;
      });
      return toLoi(signed);
    },

    /** The letter of intent as a PDF, for the parties and admins. */
    async loiPdf(user: AuthUser, id: number, version: number, lang: Language): Promise<Buffer> {
      const { row } = await readable(user, id, true);
      const loi = (await repo.loisOf(db, id)).find((l) => l.version === version);
      if (!loi) throw notFound();
      return loiPdf(row, loi, lang);
    },

    ...createChecklist({
      db,
      uploads,
      heldByListing: async (key) => (await opportunities.room.holding(key)).length > 0,
      readable,
      lockForParty,
      notify,
      other,
      itemView,
    }),

    /**
     * The uploads guard for a deal's document link: served only while the deal holds the document
     * and the user the link was handed to is a party or an admin, and never a file that a listing
     * has since taken as confidential (the data room decides those).
     */
    async checkDownload({ key, scope }: { key: string; scope: DealDocumentScope }): Promise<void> {
      const forbidden = new AppError(403, 'FORBIDDEN');
      const row = await repo.findDeal(db, scope.dealId);
      if (!row || !(await repo.dealHolds(db, row.id, key))) throw forbidden;
      if (!sideOf(row, scope.userId) && (await users.findById(scope.userId))?.role !== 'admin')
        throw forbidden;
      const holders = await opportunities.room.holding(key);
      if (holders.some((l) => l.documents.some((d) => d.key === key && d.confidential))) throw forbidden;
    },

    /**
     * closing: from due diligence, with every item done or not applicable. closed: from closing,
     * once both parties asked (each ask is recorded). cancelled: any time before closed, with a reason.
     */
    async changeStage(user: AuthUser, id: number, input: StageInput, lang: Language): Promise<Deal> {
      const row = await db.transaction(async (tx) => {
        const { row, side } = await lockForParty(tx, user, id);
        const from = row.stage;
        if (input.stage === 'cancelled') {
          if (from === 'closed' || from === 'cancelled') throw badStage();
          const moved = await repo.updateDeal(tx, id, { stage: 'cancelled', cancelReason: input.reason! });
          await repo.insertEvent(tx, id, 'stage_changed', user.id, {
            from,
            to: 'cancelled',
            reason: input.reason!,
          });
          await syncListing(tx, row.opportunityId);
          await notify(tx, row, other(side), 'cancelled', { ar: input.reason!, en: input.reason! });
          return moved;
        }
        if (input.stage === 'closing') {
          if (from !== 'due_diligence') throw badStage();
          if ((await repo.countOpenItems(tx, id)) > 0) throw new AppError(409, 'CHECKLIST_OPEN');
          const moved = await repo.updateDeal(tx, id, { stage: 'closing' });
          await repo.insertEvent(tx, id, 'stage_changed', user.id, { from, to: 'closing' });
          await notify(tx, row, other(side), 'closing');
          return moved;
        }
        if (from !== 'closing') throw badStage();
        // Checked again at each ask: closed needs every item done or not applicable, as closing did.
        if ((await repo.countOpenItems(tx, id)) > 0) throw new AppError(409, 'CHECKLIST_OPEN');
        const asked = side === 'seller' ? row.sellerClosingAt : row.buyerClosingAt;
        if (asked) return row;
        let moved = await repo.updateDeal(
          tx,
          id,
          side === 'seller' ? { sellerClosingAt: new Date() } : { buyerClosingAt: new Date() },
        );
        await repo.insertEvent(tx, id, 'close_requested', user.id, { side });
        if (!moved.sellerClosingAt || !moved.buyerClosingAt) {
          await notify(tx, row, other(side), 'close_requested');
          return moved;
        }
        moved = await repo.updateDeal(tx, id, { stage: 'closed' });
        await repo.insertEvent(tx, id, 'stage_changed', user.id, { from, to: 'closed' });
        await syncListing(tx, row.opportunityId);
        await notify(tx, row, 'seller', 'closed');
        await notify(tx, row, 'buyer', 'closed');
        return moved;
      });
      return view(row, user.id, lang);
    },

    /** In a listing deletion's transaction: refuse it, or keep and close its deals (listing-removal.ts). */
    beforeListingRemoved: (tx: Db, opportunityId: number, actor: AuthUser) =>
      beforeListingRemoved({ notify, cardsById: opportunities.cardsById }, tx, opportunityId, actor),

    /** The daily reminder of overdue checklist items (reminders.ts). */
    remindOverdue: (now: Date, dealsPerBatch?: number) => remindOverdue(db, notify, now, dealsPerBatch),
  };
}

export type DealsService = ReturnType<typeof createDealsService>;
