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

/** What a page context holds once written (data, body, client context, React tree): vike keeps every context to the end, so it is dropped. */
const RENDERED_FIELDS = ['_prerenderResult', 'page', 'pageHtmlString', '_pageContextHtmlTag', 'data'] as const

/** Prerenders one share and writes it; returns pages and times. `onConfigLoaded` is awaited before rendering; `pageBody` and `policies` come later. */
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
  // Pages are written by a thread of their own (see pageWriter.ts). With `policies` to come (after every body's remote images), pages are held until the writer can secure them.
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
        // vike serializes a page context once any page routes in the browser; a move in place reads the HTML instead (pageFromHtml.ts).
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

/** What vike resolves from a route's config for each page context, the same for the route's every page yet made anew (126 of 297 MB at 4,000 posts). */
const RESOLVED_CONFIG = ['config', 'configEntries', 'exports', 'exportsAll', 'pageExports', 'from', 'source', 'sources'] as const

/** Makes each page context share its route's first context's config fields (as descriptors: `pageExports` is a getter), dropping vike's copies. */
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

/** Lets the event loop turn while vike renders (its promise chains held Pagefind's pipe 10 s): past TURN_EVERY_MS each page waits one setImmediate. */
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
