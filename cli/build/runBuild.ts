import { existsSync, mkdirSync, rmSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { KubeSiteError, internalError } from '../errors.ts'
import { normalizeBase } from '../util/normalizeBase.ts'
import { today } from '../content/dates.ts'
import { loadPosts } from '../content/loadPosts.ts'
import { loadSiteConfig } from '../content/loadSiteConfig.ts'
import type { Reporter } from '../ui/createReporter.ts'
import { blogPageCount } from '../../pages/_lib/urls.ts'
import { acquireWorkDir, recoverInterruptedSwap, stageBeside, swapIntoPlace } from './outputDir.ts'
import { setSiteContent } from './siteContent.ts'
import { formatBytes, summarizeOutput, type OutputSummary } from './summarizeOutput.ts'
import { writeSiteFiles } from './writeSiteFiles.ts'
import { createViteConfig } from './viteConfig.ts'
import { prerenderPages } from './prerenderPages.ts'
import { bundleKey, restoreBundle, saveBundle } from './bundleCache.ts'
import { pageHashes, reuseUnchangedPages, writeManifest } from './pagePlan.ts'
import { openPostCache } from '../content/postCache.ts'
import { toolRoot } from '../toolRoot.ts'

export interface BuildOptions {
  /** Absolute paths. */
  outDir: string
  postsDir: string
  configFile: string
  /** URL prefix; default: the config's site.base. */
  base?: string
  drafts: boolean
  /** Use and update the caches of rendered posts and bundles. Default: true. */
  cache?: boolean
  cwd: string
}

export interface BuildResult extends OutputSummary {
  posts: number
  durationMs: number
}

/** Builds the site into a staging folder and swaps it into place; the old output survives any failure. */
export async function runBuild(options: BuildOptions, reporter: Reporter): Promise<BuildResult> {
  const started = performance.now()
  const shownOut = relative(options.cwd, options.outDir) || options.outDir
  // What this build creates and holds; whatever happens, none of it outlives the build.
  const temporary: string[] = []
  const releases: (() => void)[] = []
  const removeTemporary = () => {
    for (const dir of temporary) rmSync(dir, { recursive: true, force: true })
    for (const release of releases) release()
  }
  const onSignal = (signal: NodeJS.Signals) => {
    removeTemporary()
    process.stderr.write(`\nBuild interrupted (${signal}); ${shownOut}/ was left as it was.\n`)
    process.exit(130)
  }
  process.once('SIGINT', onSignal)
  process.once('SIGTERM', onSignal)
  try {
    return await buildInto(options, reporter, { shownOut, started, temporary, releases })
  } finally {
    removeTemporary()
    setSiteContent(undefined)
    process.off('SIGINT', onSignal)
    process.off('SIGTERM', onSignal)
  }
}

interface BuildRun {
  shownOut: string
  started: number
  temporary: string[]
  releases: (() => void)[]
}

async function buildInto(options: BuildOptions, reporter: Reporter, { shownOut, started, temporary, releases }: BuildRun): Promise<BuildResult> {
  let done = reporter.phase('config')
  const { config } = await loadSiteConfig(options.configFile, options.cwd)
  const base = normalizeBase(options.base ?? config.site.base)
  done(relative(options.cwd, options.configFile))

  done = reporter.phase('posts')
  const useCache = options.cache !== false
  const cache = openPostCache(options.postsDir, useCache)
  const posts = await loadPosts(options.postsDir, { includeDrafts: options.drafts, cwd: options.cwd, cache })
  const drafts = options.drafts ? ', drafts and scheduled included' : ''
  done(`${posts.length} post${posts.length === 1 ? '' : 's'}${cache.hits ? ` (${cache.hits} unchanged, from cache${drafts})` : drafts ? ` (${drafts.slice(2)})` : ''}`)

  mkdirSync(dirname(options.outDir), { recursive: true })
  recoverInterruptedSwap(options.outDir)
  const { workDir, release } = await acquireWorkDir((owner) => reporter.info(`  waiting for another build of this site to finish (process ${owner})`))
  releases.push(release)
  const content = { config, posts, buildDate: today(), includeDrafts: options.drafts }
  setSiteContent(content)
  // vike decides whether a path is absolute by comparing it with the cwd; every user path is
  // resolved by now, so vike runs from the folder that holds the pages.
  const previousCwd = process.cwd()
  process.chdir(toolRoot)
  try {
    const viteConfig = createViteConfig({ getConfig: () => config, base, outDir: workDir, mode: 'production' })
    const { build } = await import('vike/api')

    done = reporter.phase('bundle')
    const key = useCache ? bundleKey({ config, base, mode: 'production' }) : undefined
    if (key && restoreBundle(key, workDir)) done('unchanged code and config: reused')
    else {
      await build({ viteConfig })
      if (key) saveBundle(key, workDir)
      done()
    }

    done = reporter.phase('prerender')
    const client = join(workDir, 'client')
    const hashes = key ? pageHashes(content, base, key) : undefined
    const skip = hashes ? reuseUnchangedPages(hashes, options.outDir, client) : []
    const expectedPages = (hashes?.size ?? 4 + blogPageCount(posts.length, config.blog.pageSize) + posts.length + 1) - skip.length
    const prerenderStart = performance.now()
    const pages =
      expectedPages > 0
        ? await prerenderPages({ content, workDir, base, expectedPages, skip, onProgress: (rendered) => reporter.progress(rendered, expectedPages) })
        : 0
    const seconds = (performance.now() - prerenderStart) / 1000
    const reused = skip.length ? `, ${skip.length} unchanged reused` : ''
    done(`${pages} pages rendered (${Math.round(pages / Math.max(seconds, 0.001))} pages/s)${reused}`)

    done = reporter.phase('write')
    if (!existsSync(join(client, 'index.html'))) throw internalError('the prerender wrote no index.html')
    await writeSiteFiles(client, { ...content, base })
    const staging = stageBeside(client, options.outDir)
    temporary.push(staging)
    swapIntoPlace(staging, options.outDir)
    if (hashes) writeManifest(hashes, options.outDir)
    const summary = summarizeOutput(options.outDir)
    done(`${shownOut}/`)

    const durationMs = performance.now() - started
    const largest = summary.largestScript
    reporter.info(
      `\n  ${summary.pages} pages, ${summary.files} files, ${formatBytes(summary.bytes)}` +
        (largest ? `; largest JS chunk ${formatBytes(largest.gzipBytes)} gzipped (${largest.file})` : '') +
        `; built in ${(durationMs / 1000).toFixed(2)} s`,
    )
    return { ...summary, posts: posts.length, durationMs }
  } catch (error) {
    if (error instanceof KubeSiteError) throw error
    throw new KubeSiteError('BUILD_FAILED', `The build failed: ${(error as Error)?.message ?? String(error)}`, {
      hint: `${shownOut}/ was left as it was. Run with --debug for the full stack trace.`,
      cause: error,
    })
  } finally {
    process.chdir(previousCwd)
  }
}
