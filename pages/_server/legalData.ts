import type { SiteConfig } from '../../cli/content/types.ts'
import { getSiteContent } from './getSiteContent.server.ts'

export interface LegalData {
  /** The 'Last updated' day: the config's date, else the build date. */
  updated: string
}

/** Data of a legal page, for its +data hook. */
export function legalData(key: keyof SiteConfig['legal']): LegalData {
  const { config, buildDate } = getSiteContent()
  return { updated: config.legal[key].updated ?? buildDate }
}
