/** Ids the API can hold (int4): anything else names a row that cannot exist. */
export function isRowId(id: number) {
  return Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647;
}

/** The id in an address like /deals/7: digits only (not `1e3`, `042` or `4.0`), else NaN. */
export function parseRowId(param: string | undefined): number {
  return param && /^[1-9][0-9]{0,9}$/.test(param) ? Number(param) : Number.NaN;
}

/** A listing's id: a row id (the name the listing pages and their tests read by). */
export function isOpportunityId(id: number) {
  return isRowId(id);
}

/** The id of an address like /opportunities/42, by the row id rule. */
export function parseOpportunityId(param: string | undefined): number {
  return parseRowId(param);
}
