import { internalError } from '../../errors.ts'
import type { BlogPostData } from '../../../pages/_lib/pageData.ts'
import type { PageBody } from '../../content/posts/postBody.ts'
import type { PrerenderTimes } from '../buildProfile.ts'
import { createPageFinisher, pageSecurityOf } from './finishPage.ts'
import { openPageWriter, type WrittenPage } from './pageWriter.ts'
import { inShare } from '../shardOf.ts'
import type { PagePolicies } from '../../security/sitePolicies.ts'
import { setSiteContent, type PrerenderShare, type SiteContent } from '../siteContent.ts'

export interface PrerenderJob {
  content: SiteContent
  shardIndex: number
  shardCount: number
  workDir: string
  base: string
  /** Pages whose output is reused (see pagePlan.ts). */
  skip: string[]
  /** The bundle's identity, when it is cached (bundleIdentity): its stylesheets' facts are kept under it. */
  bundle?: string
}

interface RenderedPage {
  _prerenderResult?: { filePath: string; fileContent: string }
  [field: string]: unknown
}

/**
 * What a page context still holds once its files are written: its data, the rendered body, the
 * serialised client context and React's element tree. vike keeps every page context to the end
 * of the prerender, so on a large site these were most of the memory (about 50 KB and a tree a
 * page). After the write vike reads only the URL and its own bookkeeping.
 */
const RENDERED_FIELDS = ['_prerenderResult', 'page', 'pageHtmlString', '_pageContextHtmlTag', 'data'] as const

/**
 * Prerenders one share of the pages with vike and writes them; returns the pages written and
 * where the time went (a clock read at the edges of each part, for `build --profile`).
 * `onConfigLoaded` is called once vike has loaded its config; rendering waits for what it returns.
 * With `pageBody`, the posts of `job.content` come without their bodies, which it gives as they are
 * rendered (content/posts/postBody.ts): a post's page waits for its body as it is written. With
 * `policies`, the pages' policies come later than `job.content` (see pageWriter.ts).
 */
export async function prerenderShare(
  job: PrerenderJob,
  onPage: (pages: number) => void,
  onConfigLoaded?: () => Promise<void>,
  pageBody?: PageBody,
  policies?: Promise<PagePolicies>,
): Promise<{ pages: number; times: PrerenderTimes; written: [filePath: string, page: WrittenPage][] }> {
  const mine = { shardIndex: job.shardIndex, shardCount: job.shardCount, skip: new Set(job.skip) }
  const started = performance.now()
  let configLoaded = started
  let mayRender = started
  let firstPage = 0
  let lastPage = 0
  let ready: Promise<void> | undefined
  // The markup of the pages rendered and not yet written, by the marker that stands in for each.
  const roots = new Map<string, string>()
  let held = 0
  const share: PrerenderShare = {
    holdRoot(html) {
      const marker = rootMarker(held++)
      roots.set(marker, html)
      return marker
    },
    renders: (url, is404) => inShare(mine, url, is404),
    shareConfig: sharedPageConfig(),
    ready: () =>
      (ready ??= (async () => {
        configLoaded = performance.now()
        await onConfigLoaded?.()
        mayRender = performance.now()
      })()),
  }
  setSiteContent({ ...job.content, prerender: share })
  const [{ prerender }, { createViteConfig }] = await Promise.all([import('vike/api'), import('../bundle/viteConfig.ts')])
  const viteConfig = createViteConfig({ getConfig: () => job.content.config, base: job.base, outDir: job.workDir, mode: 'production', noindex: job.content.noindex })
  // Pages are written by a thread of their own (see pageWriter.ts).
  // With `policies` to come (they wait for every body's remote images), pages are rendered at once
  // and held until the writer can secure them.
  const security = policies ? policies.then((known) => pageSecurityOf({ ...job.content, policies: known }, job.workDir, job.base)) : pageSecurityOf(job.content, job.workDir, job.base)
  const writer = openPageWriter({ security })
  const finishPage = createPageFinisher(job.content, job.workDir, job.base, writer, pageBody, job.bundle, (document) => withRoot(document, roots))
  let pages = 0
  const breathe = breather()
  try {
    await prerender({
      viteConfig,
      async onPagePrerender(pageContext: RenderedPage) {
        // Read at once: vike sets the field again for the page's JSON file right after.
        const { filePath, fileContent } = pageContext._prerenderResult!
        const post = (pageContext.data as Partial<BlogPostData> | undefined)?.post
        for (const field of RENDERED_FIELDS) delete pageContext[field]
        // vike has queued every page by now, and keeps both lists to the end (see PrerenderShare).
        for (const list of share.lists ?? []) list.splice(0)
        // vike serializes a page context for every page once any page routes in the browser; a
        // move in place reads it from the page's HTML instead (pages/_lib/pageFromHtml.ts).
        if (!filePath.endsWith('.html')) return
        lastPage = performance.now()
        if (!pages) firstPage = lastPage
        onPage(++pages)
        await breathe()
        return finishPage(filePath, fileContent, post)
      },
    })
  } catch (error) {
    await writer.abort()
    throw error
  }
  const rendered = performance.now()
  const writerBusy = await writer.close()
  const end = performance.now()
  // With no page to render (all reused), vike never calls the hooks that mark the set-up's end.
  if (!pages) firstPage = lastPage = rendered
  if (configLoaded === started) configLoaded = mayRender = firstPage
  const times = { setup: configLoaded - started, waiting: mayRender - configLoaded, contexts: firstPage - mayRender, rendering: lastPage - firstPage, writing: end - lastPage, writerBusy }
  return { pages, times, written: [...writer.pages] }
}

/** What stands in a document for its page's markup while vike puts its tags in: a comment React never writes. */
const rootMarker = (number: number) => `<!--kube-site:root:${number}-->`
/** A marker of rootMarker's form. */
const ROOT_MARKER = /<!--kube-site:root:\d+-->/

/** The document with its page's markup back where its marker stands (see pages/+onAfterRenderHtml.ts). */
export function withRoot(document: string, roots: Map<string, string>): string {
  const found = ROOT_MARKER.exec(document)
  if (!found) return document
  const root = roots.get(found[0])
  if (root === undefined) throw internalError(`a page's markup was not held (${found[0]})`)
  roots.delete(found[0])
  return document.slice(0, found.index) + root + document.slice(found.index + found[0].length)
}

/**
 * What vike resolves from a page's config files for each page context it makes: the same for
 * every page of a route, since it is made from the route's config alone
 * (resolvePageContextConfig), and made anew for each page all the same. vike makes the context of
 * every page before it renders the first, and keeps each to the end: at 4,000 posts these copies
 * (an array per config and per hook, a description of where each is defined) were 126 MB of the
 * 297 MB live when the first page rendered.
 */
const RESOLVED_CONFIG = ['config', 'configEntries', 'exports', 'exportsAll', 'pageExports', 'from', 'source', 'sources'] as const

/**
 * Makes each page context it is given hold the config fields of the first context of the same
 * route it was given (as property descriptors: `pageExports` is a getter), so a share's thousands
 * of pages hold one copy per route; the copies vike made are dropped at once. A field vike does
 * not set is left alone. One per prerender: a later build's routes are other objects.
 */
export function sharedPageConfig(): (pageContext: object) => void {
  const byRoute = new Map<string, PropertyDescriptorMap>()
  return (pageContext) => {
    const pageId = (pageContext as { pageId?: unknown }).pageId
    if (typeof pageId !== 'string') return
    const first = byRoute.get(pageId)
    if (first) {
      Object.defineProperties(pageContext, first)
      return
    }
    const fields: PropertyDescriptorMap = {}
    for (const field of RESOLVED_CONFIG) {
      const descriptor = Object.getOwnPropertyDescriptor(pageContext, field)
      if (descriptor) fields[field] = descriptor
    }
    byRoute.set(pageId, fields)
  }
}

/** How long the pages rendered keep their thread's event loop from turning, at most. */
const TURN_EVERY_MS = 20

/**
 * Lets the event loop turn while vike renders. vike renders pages as chains of promises that
 * never wait for the loop: on the CLI's own thread a 4,000-post prerender kept it from turning
 * for 10 s, and whatever waits on the loop waited as long. Pagefind, indexing beside, answers on
 * a pipe: its next step (a shard's files written once its pages were read) was not asked for
 * until the prerender ended, and the build then waited about 2 s for the index with one core idle.
 * Each rendered page awaits what this returns before it is written: once TURN_EVERY_MS has
 * passed, every page waits for one turn of the loop (setImmediate), and all go on together.
 */
export function breather(): () => Promise<void> | undefined {
  let last = performance.now()
  let turn: Promise<void> | undefined
  return () => {
    if (!turn && performance.now() - last > TURN_EVERY_MS) {
      turn = new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
        turn = undefined
        last = performance.now()
      })
    }
    return turn
  }
}
