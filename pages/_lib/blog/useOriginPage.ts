import { useEffect, useState } from 'react'
import { originOf } from './blogOrigin.ts'
import { isPageInRange } from './pageNumbers.ts'
import { blogPageUrl } from '../urls/urls.ts'

/**
 * The list page Back to Blog returns to (a path without the base): the one the post was opened from in
 * this tab if the list still has it, else the post's page of the blog (`fallback`), as on the server.
 */
export function useOriginPage(slug: string, fallback: number, totalPages: number): string {
  const [path, setPath] = useState(() => blogPageUrl(fallback))
  useEffect(() => {
    const origin = originOf(slug)
    setPath(origin && (!origin.blog || isPageInRange(origin.page, totalPages)) ? origin.path : blogPageUrl(fallback))
  }, [slug, fallback, totalPages])
  return path
}
