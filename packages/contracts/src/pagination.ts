/** A cursor page: what follows is asked for with `?before=<nextCursor>`. */
export interface CursorPage {
  hasMore: boolean;
  nextCursor: string | null;
}

/** A numbered page (product-spec §3 Pagination); the profile's variant adds `total` and `hasMore`. */
export interface Pagination {
  current: number;
  pages: number;
}

export interface ProfilePagination extends Pagination {
  total: number;
  hasMore: boolean;
}
