import { mkdir, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import { setSiteContent, type SiteContent } from './siteContent.ts'
import { createViteConfig } from './viteConfig.ts'

export interface PrerenderJob {
  content: SiteContent
  shardIndex: number
  shardCount: number
  workDir: string
  base: string
  /** Pages whose output is reused (see pagePlan.ts). */
  skip: string[]
}

interface RenderedPage {
  _prerenderResult?: { filePath: string; fileContent: string }
}

/** Prerenders one share of the pages with vike (every shardCount-th page) and writes them; returns the pages written. */
export async function prerenderShare(job: PrerenderJob, onPage: (pages: number) => void, onStart?: () => void): Promise<number> {
  const share = { shardIndex: job.shardIndex, shardCount: job.shardCount, skip: job.skip, output: undefined as unknown[] | undefined, onStart }
  setSiteContent({ ...job.content, prerender: share })
  const viteConfig = createViteConfig({ getConfig: () => job.content.config, base: job.base, outDir: job.workDir, mode: 'production' })
  const { prerender } = await import('vike/api')
  const madeDirs = new Map<string, Promise<unknown>>()
  let pages = 0
  await prerender({
    viteConfig,
    async onPagePrerender(pageContext: RenderedPage) {
      // Read at once: vike reuses the field for the page's JSON file right after. Then dropped:
      // the page context outlives the write, and the file need not.
      const { filePath, fileContent } = pageContext._prerenderResult!
      delete pageContext._prerenderResult
      // vike keeps every rendered file in this list; nothing reads it, so it is emptied.
      share.output?.splice(0)
      const dir = dirname(filePath)
      if (!madeDirs.has(dir)) madeDirs.set(dir, mkdir(dir, { recursive: true }))
      await madeDirs.get(dir)
      await writeFile(filePath, fileContent)
      if (filePath.endsWith('.html')) onPage(++pages)
    },
  })
  return pages
}
