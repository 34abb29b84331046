import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { internalError } from '../../errors.ts'
import type { RuntimeTimes } from '../buildProfile.ts'
import type { BlogPostData } from '../../../pages/_lib/pageData.ts'
import { createPageFinisher, pageSecurityOf } from './finishPage.ts'
import { pageFile } from '../../incremental/pages/pagePlan.ts'
import { isNotFoundKey } from '../../../pages/_lib/urls/urls.ts'
import { createDirectWriter } from './pageWriter.ts'
import type { PrerenderOptions } from './prerenderPages.ts'

// vike's prerender resolves the vite config first (a second); its server runtime loads in 0.15 s at twice a page's cost, so it takes small rebuilds (planBuild.ts).

/** What renderChangedPages needs: the prerender's options, with the pages named instead of skipped. */
export interface ChangedPages extends Pick<PrerenderOptions, 'content' | 'workDir' | 'base' | 'bundle' | 'onProgress' | 'pageBody' | 'onWritten'> {
  /** The keys of the pages to render (see pagePlan.ts). */
  urls: string[]
  onTimes?(times: RuntimeTimes): void
}

/** Loads vike's server runtime with `workDir`'s bundle (for `key`) once restored; only without vite, once a process (undefined: another's is loaded). */
export function loadServerRuntime(workDir: string, key: string): Promise<typeof import('vike/server')> | undefined {
  loaded ??= { key, runtime: import(pathToFileURL(join(workDir, 'server', 'entry.mjs')).href).then(() => import('vike/server')) }
  return loaded.key === key ? loaded.runtime : undefined
}
let loaded: { key: string; runtime: Promise<typeof import('vike/server')> } | undefined

/** Renders the pages `urls` with vike's server runtime, as the prerender would; returns how many. */
export async function renderChangedPages({ content, workDir, base, bundle, urls, onProgress, onTimes, pageBody, onWritten }: ChangedPages, runtime: Promise<typeof import('vike/server')>): Promise<number> {
  const started = performance.now()
  const { renderPage } = await runtime
  const ready = performance.now()
  const writer = createDirectWriter(pageSecurityOf(content, workDir, base))
  const finishPage = createPageFinisher(content, workDir, base, writer, pageBody, bundle)
  // The runtime serves the site under its base, as a server would.
  const prefix = base.slice(0, -1)
  const render = async (path: string, status: number) => {
    const pageContext = await renderPage({ urlOriginal: prefix + path })
    // An error in a page is rendered as the error page (status 500) by a server; here it fails the build.
    if (pageContext.errorWhileRendering) throw pageContext.errorWhileRendering
    const response = pageContext.httpResponse
    if (response?.statusCode !== status) throw internalError(`vike's server runtime answered ${path} with status ${response?.statusCode ?? 'none'}, not ${status}`)
    return { body: response.body, data: (pageContext as { data?: Partial<BlogPostData> }).data }
  }
  let pages = 0
  for (const url of urls) {
    // The not-found page is what vike renders for a URL no route takes ('de/404': one under the locale's prefix).
    const page = isNotFoundKey(url) ? await render(`/${url}/`, 404) : await render(url, 200)
    await finishPage(join(workDir, 'client', pageFile(url)), page.body, page.data?.post)
    onProgress(++pages)
  }
  onTimes?.({ loading: ready - started, rendering: performance.now() - ready })
  onWritten?.([...writer.pages])
  return pages
}
