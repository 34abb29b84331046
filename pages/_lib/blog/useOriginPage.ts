import { useEffect, useState } from 'react'
import { originOf } from './blogOrigin.ts'
import { isPageInRange } from './pageNumbers.ts'
import { blogPageUrl } from '../urls/urls.ts'

/**
 * The list page Back to Blog returns to, as a path without the base: the one the post was opened
 * from in this tab (the blog's list, a tag's or an author's), else the post's own page of the
 * blog's list (`fallback`). A page of the blog the list no longer has (a rebuild since) is
 * ignored. The server and the first render use the fallback, so hydration matches.
 */
export function useOriginPage(slug: string, fallback: number, totalPages: number): string {
  const [path, setPath] = useState(() => blogPageUrl(fallback))
  useEffect(() => {
    const origin = originOf(slug)
    setPath(origin && (!origin.blog || isPageInRange(origin.page, totalPages)) ? origin.path : blogPageUrl(fallback))
  }, [slug, fallback, totalPages])
  return path
}
