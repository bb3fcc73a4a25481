import type { Lookup } from '@safqa/shared/validation/common';
import type { MyOpportunityCard, OpportunityCard } from '@safqa/shared/validation/opportunities';
import type { CardRow } from './queries';

export function iso(value: Date | string): string {
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}

export function lookupOf(id: number, nameAr: string, nameEn: string): Lookup {
  return { id, nameAR: nameAr, nameEN: nameEn };
}

export function toCard(row: CardRow): OpportunityCard {
  return {
    id: row.id,
    opportunityName: row.name,
    opportunityNameAr: row.name_ar,
    type: row.type,
    offeredPercentage: Number(row.offered_percentage),
    requiredAmount: Number(row.required_amount),
    logo: row.logo,
    coverImage: row.cover_image,
    businessType: lookupOf(row.bt_id, row.bt_name_ar, row.bt_name_en),
    region: lookupOf(row.region_id, row.region_name_ar, row.region_name_en),
    city: lookupOf(row.city_id, row.city_name_ar, row.city_name_en),
    isVerified: row.is_verified,
    createdAt: iso(row.created_at),
    dealState: dealStateOf(row.deal_state, row.type),
  };
}

/** The public word for a listing's deal: "sold" for a business for sale, "funded" for an investment. */
export function dealStateOf(
  state: 'under_offer' | 'closed' | null,
  type: 'invest' | 'buy',
): OpportunityCard['dealState'] {
  if (state === 'closed') return type === 'buy' ? 'sold' : 'funded';
  return state;
}

export interface MyCardRow extends CardRow {
  status: MyOpportunityCard['status'];
  rejection_reason: string | null;
  offers_count: number;
  views_count: number;
}

export function toMyCard(row: MyCardRow): MyOpportunityCard {
  return {
    ...toCard(row),
    status: row.status,
    rejectionReason: row.rejection_reason,
    offersCount: Number(row.offers_count),
    viewsCount: Number(row.views_count),
  };
}
