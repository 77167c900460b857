// The arithmetic of a page of a list: no zod here, so a public page that pages reads it without the
// schemas (issue 12). The page envelope's schema is in common.ts.

/** Which page of how many: the part of every page envelope that does not name the rows or their total. */
export type Paging = { page: number; size: number; totalPages: number };

export function pagingOf(total: number, page: number, size: number): Paging {
  return { page, size, totalPages: Math.ceil(total / size) };
}

export type Page<T> = { items: T[]; total: number } & Paging;

/** The page envelope around rows a query returned. */
export function toPage<T>(items: T[], total: number, page: number, size: number): Page<T> {
  return { items, total, ...pagingOf(total, page, size) };
}
