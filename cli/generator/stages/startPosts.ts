import { shownPath, type StagedPosts } from '../../content/posts/loadPosts.ts'
import type { LocaleConfig } from '../../content/locales/localeConfigs.ts'
import { loadSitePostsInStages, type SitePostsOptions } from '../../content/posts/loadSitePosts.ts'
import { localePostCache } from '../../incremental/posts/postCache.ts'
import type { CacheLog } from '../../incremental/explainCaches.ts'
import type { Fingerprint } from '../../incremental/fingerprint.ts'
import type { SiteConfig } from '../../content/types.ts'
import type { Reporter } from '../../ui/createReporter.ts'
import type { BuildProfile } from '../buildProfile.ts'

export interface PostsStage {
  /** Every post read and checked, newest first; their bodies go on rendering beside (StagedPosts.done). */
  known: Promise<StagedPosts>
  /** Stops rendering bodies a failed build will not write, and keeps no part of the cache. */
  stop(): void
}

export interface PostsInput {
  postsDir: string
  cwd: string
  drafts: boolean
  useCache: boolean
  config: SiteConfig
  /** Every locale of the site with its config, the default first (localeConfigs). */
  locales: readonly LocaleConfig[]
  configFile: string
  /** The build's inputs: the post cache's key (cli/incremental/). */
  fingerprint: Fingerprint
  log: CacheLog
  /** The build's today (YYYY-MM-DD): what is scheduled, and how late an update may be. */
  today: string
}

/** The posts stage: every locale's posts read and checked (known once all are), their bodies rendered in worker threads beside bundle and prerender. */
export function startPosts({ postsDir, cwd, drafts, useCache, config, locales, configFile, today, fingerprint, log }: PostsInput, reporter: Reporter, profile: BuildProfile): PostsStage {
  const started = performance.now()
  const done = reporter.phase('posts')
  // A cache per locale's folder, keyed with the words its bodies write and the locale its posts carry.
  const cacheFor: SitePostsOptions['cacheFor'] = (locale, labels) => localePostCache(postsDir, locale, labels, useCache ? fingerprint : undefined)
  const known = loadSitePostsInStages(postsDir, locales, { includeDrafts: drafts, today, cwd, cacheFor, site: { config, file: configFile } })
  let staged: StagedPosts | undefined
  known.then(
    (posts) => {
      staged = posts
      // Of the posts the build shows (a draft or a scheduled one is read, not counted), named as the writer sees them: those whose file is not the one the cache holds.
      const missed = posts.posts.filter((post) => !posts.cached(post.sourceFile)).map((post) => shownPath(postsDir, post.sourceFile, cwd))
      const hits = posts.posts.length - missed.length
      done(postsNote(posts.posts.length, hits, drafts))
      log.hit('posts', hits)
      log.miss('posts', 'content changed', missed.length, missed)
      posts.done.then(() => profile.add('posts.bodies, rendered beside', performance.now() - started), () => {})
    },
    () => {},
  )
  return { known, stop: () => staged?.stop() }
}

/** The posts phase's line: how many, how many from the cache, and whether drafts are in. */
function postsNote(count: number, hits: number, drafts: boolean): string {
  const included = drafts ? 'drafts and scheduled included' : ''
  const cached = hits ? `${hits} unchanged, from cache` : ''
  const detail = [cached, included].filter(Boolean).join(', ')
  return `${count} post${count === 1 ? '' : 's'}${detail ? ` (${detail})` : ''}`
}
