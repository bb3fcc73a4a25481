/** API.md paged list: `{data, pagination}`. */
export interface PagedResponse<T> {
  data: T[];
  pagination: { page: number; pageSize: number; total: number; totalPages: number };
}
