import type { Post, SiteConfig } from '../content/types.ts'

/** Everything the pages' server hooks read while prerendering (or serving in dev). */
export interface SiteContent {
  config: SiteConfig
  /** Published posts, newest first (drafts included only with --drafts). */
  posts: Post[]
  /** The day of the build, YYYY-MM-DD: the default 'Last updated' of the legal pages. */
  buildDate: string
  /** Whether drafts and scheduled posts are shown. */
  includeDrafts: boolean
  /** Set in prerender workers: which share of the pages this one renders. */
  prerender?: PrerenderShare
}

export interface PrerenderShare {
  shardIndex: number
  shardCount: number
  /** vike's list of rendered files, handed over by +onPrerenderStart so it can be emptied. */
  output?: unknown[]
  /** Called by +onPrerenderStart: vike has loaded its config and starts rendering. */
  onStart?: () => void
  /**
   * Pages not to render (keys from pageKey): unchanged since the last build, whose output is
   * reused. Everything else is rendered, a page the CLI does not know of included.
   */
  skip?: string[]
}

// The CLI and vike's prerender run in one process: the content is handed over on globalThis
// rather than bundled, so the page bundle does not change when only a post changes.
const KEY = Symbol.for('kube-site.siteContent')

/** Makes the loaded content available to the pages' server hooks. */
export function setSiteContent(content: SiteContent | undefined): void {
  ;(globalThis as Record<symbol, unknown>)[KEY] = content
}
