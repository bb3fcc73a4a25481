/** A paged answer (API.md "Paged lists"): one page of `data` and where it sits among `total` rows. */
export function paged<T>(data: T[], page: number, pageSize: number, total: number) {
  return { data, pagination: { page, pageSize, total, totalPages: Math.ceil(total / pageSize) } };
}
