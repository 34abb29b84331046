// The blog's page-number list (SPEC §4 Blog, §9 "up to 5 entries before ellipses"), as a pure
// function so the rule can be tested as a table and shared by every list page.

/** One entry of the pagination control: a page number, or a gap shown as an ellipsis. */
export type PageItem = number | 'ellipsis'

/** With this many pages or fewer, every page number is shown. */
export const MAX_PAGES_WITHOUT_ELLIPSIS = 5

/** Whether `page` is a page of a list of `total` pages (numbers outside 1..total are ignored). */
export function isPageInRange(page: number, total: number): boolean {
  return Number.isInteger(page) && page >= 1 && page <= total
}

/**
 * The entries of the pagination control for page `current` of `total`: every page when there are
 * 5 or fewer; otherwise the first, the last, and the current page with one neighbour on each side,
 * with an ellipsis before when current > 3 and after when current < total - 2.
 * A current page outside 1..total is ignored: the list is the one of page 1.
 */
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

