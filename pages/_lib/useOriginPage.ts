import { useEffect, useState } from 'react'
import { originOf } from './blogOrigin.ts'
import { isPageInRange } from './pageNumbers.ts'

/**
 * The list page Back to Blog returns to: the one the post was opened from in this tab, else
 * `fallback` (the post's own list page); a page the list no longer has (a rebuild since) is
 * ignored. The server and the first render use the fallback, so hydration matches.
 */
export function useOriginPage(slug: string, fallback: number, totalPages: number): number {
  const [page, setPage] = useState(fallback)
  useEffect(() => {
    const origin = originOf(slug)
    setPage(origin !== undefined && isPageInRange(origin, totalPages) ? origin : fallback)
  }, [slug, fallback, totalPages])
  return page
}
