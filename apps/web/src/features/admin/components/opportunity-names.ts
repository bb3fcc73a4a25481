import type { Language } from '@safqa/shared/constants';
import type { OpportunityDetail } from '@safqa/shared/validation/opportunities';

/** A lookup's or listing's name in the UI language. */
export function nameIn(value: { nameAR: string; nameEN: string }, lng: Language): string {
  return lng === 'en' ? value.nameEN : value.nameAR;
}

export function listingName(o: Pick<OpportunityDetail, 'name' | 'nameAr'>, lng: Language): string {
  return lng === 'en' ? o.name : o.nameAr;
}
