// The blog's page-number list (SPEC §4 Blog, §9 "up to 5 entries before ellipses"), for every list page.

/** One entry of the pagination control: a page number, or a gap shown as an ellipsis. */
export type PageItem = number | 'ellipsis'

/** With this many pages or fewer, every page number is shown. */
export const MAX_PAGES_WITHOUT_ELLIPSIS = 5

/** Whether `page` is a page of a list of `total` pages (numbers outside 1..total are ignored). */
export function isPageInRange(page: number, total: number): boolean {
  return Number.isInteger(page) && page >= 1 && page <= total
}

/** The pagination entries for page `current` (outside 1..total: page 1) of `total`: every page up to 5; else the first, the last, and the current with a neighbour each side, an ellipsis between. */
export function pageNumbers(current: number, total: number): PageItem[] {
  if (!Number.isInteger(total) || total < 1) return []
  const page = isPageInRange(current, total) ? current : 1
  if (total <= MAX_PAGES_WITHOUT_ELLIPSIS) return Array.from({ length: total }, (_, index) => index + 1)
  const items: PageItem[] = [1]
  if (page > 3) items.push('ellipsis')
  for (let number = Math.max(2, page - 1); number <= Math.min(total - 1, page + 1); number++) items.push(number)
  if (page < total - 2) items.push('ellipsis')
  items.push(total)
  return items
}

