import type { Cell } from './copy';
import { approvedAtOf } from './listings';
import { DAY, iso, ownerOf, type Layout, type Plan } from './plan';
import { Prng } from './random';
import { userCreatedAt, usernameOf } from './users';

export type DealStage = 'loi' | 'due_diligence' | 'closing' | 'closed' | 'cancelled';

/** One deal and the accepted offer it began from (offer id = deal id: deal offers come first). */
export interface DealSpec {
  id: number;
  listingId: number;
  sellerId: number;
  buyerId: number;
  amount: number;
  madeAt: number;
  stage: DealStage;
}

/**
 * Sold listings get one closed deal each, listings under offer one in due diligence or closing, and
 * the rest are at the letter of intent or cancelled on open listings. Built once: offers and deals
 * both read it, so each deal's offer names the same listing, buyer and amount.
 */
export function dealSpecs(plan: Plan, layout: Layout): DealSpec[] {
  const random = new Prng('deals');
  const specs: DealSpec[] = [];
  const closed = Math.min(plan.closedDeals, layout.closed.length);
  const underOffer = Math.min(layout.underOffer.length, Math.max(0, plan.deals - closed));
  const rest = Math.max(0, plan.deals - closed - underOffer);
  const add = (listingId: number, stage: DealStage) => {
    const sellerId = ownerOf(plan, listingId);
    let buyerId = random.int(3, plan.users);
    if (buyerId === sellerId) buyerId = buyerId === plan.users ? 3 : buyerId + 1;
    const from = Math.max(approvedAtOf(plan, listingId), userCreatedAt(plan, buyerId)) + DAY;
    // Sold deals started at least 60 days ago (they went through diligence), others any time since.
    const until = stage === 'closed' ? plan.now - 60 * DAY : plan.now - 2 * DAY;
    const madeAt = Math.min(until, from + random.next() * Math.max(0, until - from));
    specs.push({
      id: specs.length + 1,
      listingId,
      sellerId,
      buyerId,
      amount: random.int(5, 500) * 10_000,
      madeAt,
      stage,
    });
  };
  for (let i = 0; i < closed; i++) add(layout.closed[i] as number, 'closed');
  for (let i = 0; i < underOffer; i++)
    add(layout.underOffer[i] as number, i % 2 ? 'closing' : 'due_diligence');
  for (let i = 0; i < rest; i++)
    add(layout.open[(i * 13) % layout.open.length] as number, i % 2 ? 'cancelled' : 'loi');
  return specs;
}

export const DEAL_COLUMNS = [
  'id',
  'opportunity_id',
  'offer_id',
  'seller_id',
  'buyer_id',
  'offer_amount',
  'offer_made_at',
  'stage',
  'seller_closing_at',
  'buyer_closing_at',
  'cancel_reason',
  'due_diligence_ends_at',
  'created_at',
  'updated_at',
] as const;

export function* dealRows(specs: DealSpec[]): Generator<Cell[]> {
  for (const d of specs) {
    const created = d.madeAt + DAY;
    const ddEnds = d.stage === 'loi' || d.stage === 'cancelled' ? null : created + 30 * DAY;
    const closingAt = d.stage === 'closed' ? created + 45 * DAY : null;
    yield [
      d.id,
      d.listingId,
      d.id,
      d.sellerId,
      d.buyerId,
      d.amount,
      iso(d.madeAt),
      d.stage,
      closingAt ? iso(closingAt) : d.stage === 'closing' ? iso(created + 20 * DAY) : null,
      closingAt ? iso(closingAt) : null,
      d.stage === 'cancelled' ? 'اختلاف على السعر / Could not agree on the price' : null,
      ddEnds ? iso(ddEnds) : null,
      iso(created),
      iso(closingAt ?? ddEnds ?? created),
    ];
  }
}

export const LOI_COLUMNS = [
  'id',
  'deal_id',
  'version',
  'price',
  'percentage',
  'exclusivity_days',
  'due_diligence_days',
  'conditions',
  'proposed_by',
  'seller_signature',
  'seller_signed_at',
  'buyer_signature',
  'buyer_signed_at',
  'created_at',
] as const;

/** One letter per deal; signed by both once the deal is past its letter of intent. */
export function* loiRows(specs: DealSpec[]): Generator<Cell[]> {
  for (const d of specs) {
    const created = d.madeAt + DAY;
    const signed = d.stage !== 'loi' && d.stage !== 'cancelled';
    const proposer = d.id % 3 ? 'buyer' : 'seller';
    // The proposer signs when proposing; the other side's signature is what moves the deal on.
    const sellerSigned = signed || proposer === 'seller';
    const buyerSigned = signed || proposer === 'buyer';
    yield [
      d.id,
      d.id,
      1,
      d.amount,
      100,
      30,
      30,
      'إتمام الفحص النافي للجهالة ونقل التراخيص / Completion of due diligence and transfer of licences',
      proposer,
      sellerSigned ? usernameOf(d.sellerId) : null,
      sellerSigned ? iso(created + DAY) : null,
      buyerSigned ? usernameOf(d.buyerId) : null,
      buyerSigned ? iso(created + 2 * DAY) : null,
      iso(created),
    ];
  }
}
