/**
 * Paging of long lists (the operator's queue, search and logs): a fixed page size, pages counted from 1.
 */

export const PAGE_SIZE = 50

export type Page = { page: number; pages: number; total: number; offset: number }

/** The page to show of `total` rows, or null when `page` is past the last one (the first page is never past). */
export function pageOf(page: number, total: number, size = PAGE_SIZE): Page | null {
  const pages = Math.max(1, Math.ceil(total / size))
  if (!Number.isSafeInteger(page) || page < 1 || page > pages) return null
  return { page, pages, total, offset: (page - 1) * size }
}
