import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { internalError } from '../../errors.ts'
import { toolRoot } from '../../toolRoot.ts'
import { renderError } from './renderError.ts'
import type { RenderTimes } from '../buildProfile.ts'
import type { BlogPostData } from '../../../pages/_lib/pageData.ts'
import type { PageBody } from '../../content/posts/postBody.ts'
import { createPageFinisher, pageSecurityOf } from './finishPage.ts'
import { pageFile } from '../../incremental/pages/pagePlan.ts'
import { isNotFoundKey } from '../../../pages/_lib/urls/urls.ts'
import { createDirectWriter, openPageWriter, type PageWriter, type WrittenPage } from './pageWriter.ts'
import type { PagePolicies } from '../../security/sitePolicies.ts'
import { setSiteContent, type SiteContent } from '../siteContent.ts'
import { mapConcurrent } from '../../util/mapConcurrent.ts'

// The one way pages are made: vike's server runtime renders each page's URL as a server would answer it, in the CLI's thread
// or in each rendering thread (renderInThreads.ts); the runtime loads from the server bundle in about 0.15 s, without vite.

/** Pages rendered at once: while one waits for its body or the writer, the next renders (1 at a time: a 4,000-post build 7–18 % longer). */
const PAGES_AT_ONCE = 8

/** Pages past which a writer thread secures and writes them (its start costs about what 30 pages' writes do); fewer are written here. (stages/prerender.ts's SMALL_BUILD_PAGES, also 200, decides another thing: the heap's growth.) */
const WRITER_THREAD_PAGES = 200

export interface RenderOptions {
  content: SiteContent
  workDir: string
  base: string
  /** The keys of the pages to render (see pagePlan.ts). */
  urls: readonly string[]
  /** The bundle's identity, when it is cached (bundleIdentity): its stylesheets' facts are kept under it. */
  bundle?: string
  onProgress(pages: number): void
  /** When `content`'s posts come without bodies (postBody.ts): each post's page waits for its own. */
  pageBody?: PageBody
  /** The pages' policies, when they come later than `content` (they wait for every body's remote images): pages wait in the writer. */
  policies?: Promise<PagePolicies>
}

export interface RenderedPages {
  pages: number
  times: RenderTimes
  /** What the writer knows of each page it wrote, by the page's path (see pageWriter.ts). */
  written: [filePath: string, page: WrittenPage][]
}

type ServerRuntime = typeof import('vike/server')

/** Loads vike's server runtime with `workDir`'s bundle, once a thread: the bundle's file names carry its content, so `key` (the bundle's identity or folder) says whether it is this one. */
export function loadServerRuntime(workDir: string, key: string): Promise<ServerRuntime> {
  loaded ??= { key, runtime: import(pathToFileURL(join(workDir, 'server', 'entry.mjs')).href).then(() => import('vike/server')) }
  if (loaded.key !== key) throw internalError(`vike's server runtime of another bundle (${loaded.key}) is loaded in this thread`)
  return loaded.runtime
}
let loaded: { key: string; runtime: Promise<ServerRuntime> } | undefined

/** Renders the pages `urls` with vike's server runtime, a few at a time, and writes them secured; returns how many, the times and what was written. */
export async function renderPages({ content, workDir, base, urls, bundle, onProgress, pageBody, policies }: RenderOptions, runtime: Promise<ServerRuntime>): Promise<RenderedPages> {
  const started = performance.now()
  // Each page's markup waits outside its document while vike puts its tags in (pages/+onAfterRenderHtml.ts): vike copies the document to search it.
  const roots = new Map<string, string>()
  let held = 0
  setSiteContent({
    ...content,
    rendering: {
      holdRoot(html) {
        const marker = rootMarker(held++)
        roots.set(marker, html)
        return marker
      },
    },
  })
  const { renderPage } = await runtime
  const ready = performance.now()
  const writer = openWriter(content, workDir, base, urls.length, policies)
  const finishPage = createPageFinisher(content, workDir, base, writer, pageBody, bundle, (document) => withRoot(document, roots))
  // The runtime serves the site under its base, as a server would.
  const prefix = base.slice(0, -1)
  const render = async (path: string, status: number) => {
    const pageContext = await renderPage({ urlOriginal: prefix + path })
    // An error in a page is rendered as the error page (status 500) by a server; here it fails the build.
    if (pageContext.errorWhileRendering) throw renderError(path, pageContext.errorWhileRendering, join(workDir, 'server'), toolRoot)
    const response = pageContext.httpResponse
    if (response?.statusCode !== status) throw internalError(`vike's server runtime answered ${path} with status ${response?.statusCode ?? 'none'}, not ${status}`)
    return { body: response.body, post: (pageContext as { data?: Partial<BlogPostData> }).data?.post }
  }
  let pages = 0
  const breathe = breather()
  try {
    await mapConcurrent(urls, PAGES_AT_ONCE, async (url) => {
      // The not-found page is what vike renders for a URL no route takes ('de/404': one under the locale's prefix).
      const page = isNotFoundKey(url) ? await render(`/${url}/`, 404) : await render(url, 200)
      onProgress(++pages)
      await finishPage(join(workDir, 'client', pageFile(url)), page.body, page.post)
      await breathe()
    })
  } catch (error) {
    await writer.abort()
    throw error
  }
  const rendered = performance.now()
  const writerBusy = await writer.close()
  return { pages, times: { loading: ready - started, rendering: rendered - ready, writing: performance.now() - rendered, writerBusy }, written: [...writer.pages] }
}

/** The writer of `pages` pages: a thread past WRITER_THREAD_PAGES or while the policies are to come, else this thread. */
function openWriter(content: SiteContent, workDir: string, base: string, pages: number, policies?: Promise<PagePolicies>): PageWriter {
  if (policies) return openPageWriter({ security: policies.then((known) => pageSecurityOf({ ...content, policies: known }, workDir, base)) })
  const security = pageSecurityOf(content, workDir, base)
  return pages > WRITER_THREAD_PAGES ? openPageWriter({ security }) : createDirectWriter(security)
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

/** How long the pages rendered keep their thread's event loop from turning, at most. */
const TURN_EVERY_MS = 20

/** Lets the event loop turn while pages render (vike's promise chains held Pagefind's pipe 10 s): past TURN_EVERY_MS a page waits one setImmediate. */
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
