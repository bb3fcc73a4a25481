/** The paged answer of the data-room lists (API.md conventions). */
export interface Paged<T> {
  data: T[];
  pagination: { page: number; pageSize: number; total: number; totalPages: number };
}
