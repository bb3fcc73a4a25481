import type { Language } from '@safqa/shared/constants';
import type {
  ChecklistItem,
  Deal,
  DealEvent,
  DealEventType,
  DealLoi,
  DealSide,
  DealSummary,
} from '@safqa/shared/validation/deals';
import type { OpportunityCard } from '@safqa/shared/validation/opportunities';
import type { SignedUrl } from '../uploads/signed-url';
import type { DealRow, EventRow, ItemRow, LoiRow } from './repository';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function sideOf(deal: DealRow, userId: number): DealSide | null {
  if (deal.sellerId === userId) return 'seller';
  if (deal.buyerId === userId) return 'buyer';
  return null;
}

export function toLoi(row: LoiRow): DealLoi {
  return {
    version: row.version,
    price: row.price,
    percentage: row.percentage,
    exclusivityDays: row.exclusivityDays,
    dueDiligenceDays: row.dueDiligenceDays,
    conditions: row.conditions,
    proposedBy: row.proposedBy,
    createdAt: row.createdAt.toISOString(),
    signedBySellerAt: iso(row.sellerSignedAt),
    signedByBuyerAt: iso(row.buyerSignedAt),
    sellerSignature: row.sellerSignature,
    buyerSignature: row.buyerSignature,
  };
}

export function toItem(row: ItemRow, lang: Language, sign: (key: string) => SignedUrl): ChecklistItem {
  return {
    id: row.id,
    title: lang === 'en' && row.titleEn ? row.titleEn : row.title,
    side: row.side,
    status: row.status,
    dueDate: row.dueDate,
    note: row.note,
    documents: row.documents.map((d) => ({ id: d.uploadId, name: d.name, url: sign(d.key).url })),
  };
}

export function toEvent(row: EventRow, names: Map<number, string>): DealEvent {
  return {
    type: row.type as DealEventType,
    actor:
      row.actorId !== null && names.has(row.actorId)
        ? { id: row.actorId, username: names.get(row.actorId)! }
        : null,
    at: row.createdAt.toISOString(),
    details: row.details,
  };
}

export function party(id: number, names: Map<number, string>) {
  return { id, username: names.get(id) ?? '' };
}

export function toSummary(
  row: DealRow,
  card: OpportunityCard,
  names: Map<number, string>,
  viewerId: number,
): DealSummary {
  return {
    id: row.id,
    opportunity: card,
    seller: party(row.sellerId, names),
    buyer: party(row.buyerId, names),
    stage: row.stage,
    you: sideOf(row, viewerId),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toDeal(
  parts: {
    row: DealRow;
    card: OpportunityCard;
    names: Map<number, string>;
    offer: { id: number | null; amount: number | null; createdAt: string };
    lois: LoiRow[];
    items: ChecklistItem[];
    events: EventRow[];
  },
  viewerId: number,
): Deal {
  const { row, names } = parts;
  return {
    ...toSummary(row, parts.card, names, viewerId),
    offer: parts.offer,
    closeRequestedBy: [
      ...(row.sellerClosingAt ? (['seller'] as const) : []),
      ...(row.buyerClosingAt ? (['buyer'] as const) : []),
    ],
    cancelReason: row.cancelReason,
    lois: parts.lois.map(toLoi),
    checklist: parts.items,
    timeline: parts.events.map((e) => toEvent(e, names)),
    dueDiligenceEndsAt: iso(row.dueDiligenceEndsAt),
  };
}
