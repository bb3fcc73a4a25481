/** Ids the API can hold (int4): anything else is a listing that cannot exist. */
export function isOpportunityId(id: number) {
  return Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647;
}

/** The id of an address like /opportunities/42: digits only (not `1e3`, `042` or `4.0`), else NaN. */
export function parseOpportunityId(param: string | undefined): number {
  return param && /^[1-9][0-9]{0,9}$/.test(param) ? Number(param) : Number.NaN;
}

/** The id of any row named in an address (/deals/7): int4 like a listing's, the same digits-only rule. */
export const parseRowId = parseOpportunityId;
export const isRowId = isOpportunityId;
