import type { PageFacts } from './extractLinks.ts'

/** A page of the built site: its key in the out folder, the URL it is served at, what it holds. */
export interface Page {
  key: string
  url: string
  facts: PageFacts
  /** Where the page redirects, for a redirect page (cli/generator/siteFiles/redirectPage.ts). */
  redirect?: string
}

/** The built site a reference is checked against. */
export interface SiteIndex {
  base: string
  /** The origin of config site.url (absolute URLs on it are internal), or a placeholder. */
  origin: string
  /** Every file of the out folder as an object key. */
  keys: Set<string>
  pages: Map<string, Page>
  /** Name of the out folder in messages. */
  shownOut: string
}
