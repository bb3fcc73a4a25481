/** A paged list of API.md "Conventions": `{data, pagination}`. */
export interface Paged<T> {
  data: T[];
  pagination: { page: number; pageSize: number; total: number; totalPages: number };
}
