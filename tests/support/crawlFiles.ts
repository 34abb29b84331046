import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { crawlSite, type CrawlOptions, type CrawlResult } from '../../cli/check/crawlSite.ts'

/** Writes the files of a built site (by path: 'blog/index.html') to a temporary folder, crawls it as `kube-site check` does, and removes it. */
export async function crawlFiles(files: Record<string, string>, options: Partial<CrawlOptions> = {}): Promise<CrawlResult> {
  const outDir = mkdtempSync(join(tmpdir(), 'kube-site-crawl-'))
  try {
    for (const [key, content] of Object.entries(files)) {
      mkdirSync(dirname(join(outDir, key)), { recursive: true })
      writeFileSync(join(outDir, key), content)
    }
    return await crawlSite({ outDir, base: '/', shownOut: 'dist', ...options })
  } finally {
    rmSync(outDir, { recursive: true, force: true })
  }
}
