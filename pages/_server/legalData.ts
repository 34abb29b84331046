import type { SiteConfig } from '../../cli/content/types.ts'
import { legalData as legalPageData, type LegalData } from '../_lib/pageData.ts'
import { getSiteContent } from './getSiteContent.server.ts'

export type { LegalData } from '../_lib/pageData.ts'

/** Data of a legal page, for its +data hook. */
export function legalData(key: keyof SiteConfig['legal']): LegalData {
  return legalPageData(getSiteContent(), key)
}
