import { existsSync, statSync } from 'node:fs'
import { relative } from 'node:path'
import { loadSiteConfig } from '../content/config/loadSiteConfig.ts'
import { normalizeBase } from '../util/normalizeBase.ts'
import { crawlSite } from './crawlSite.ts'
import { toReport, type CheckReport } from './findings.ts'
import { validateContent, type ContentOptions, type ScheduledPost } from './validateContent.ts'

export interface CheckOptions extends Omit<ContentOptions, 'today'> {
  /** Absolute paths. */
  outDir: string
  /** URL prefix; default: the config's site.base, or '/' when the config does not load. */
  base?: string
}

/** What was checked, for the lines a person reads above the findings. */
export interface CheckSummary {
  /** Absent when only the crawl ran (build --check). */
  content?: {
    configFile: string
    configValid: boolean
    /** Posts the build would publish; undefined when some post is invalid. */
    posts?: number
    /** Posts that go live on a later day (not drafts); undefined when some post is invalid. */
    scheduled?: ScheduledPost[]
    drafts: boolean
  }
  outDir: string
}

export interface CheckRun {
  report: CheckReport
  summary: CheckSummary
}

/** `kube-site check`: validates the content, then crawls the out folder when there is one. */
export async function runCheck(options: CheckOptions): Promise<CheckRun> {
  const shown = (path: string) => relative(options.cwd, path) || path
  const content = await validateContent(options)
  const findings = [...content.findings]
  const crawled = isDirectory(options.outDir)
  let pagesChecked = 0
  if (crawled) {
    const crawl = await crawlSite({ outDir: options.outDir, base: normalizeBase(options.base ?? content.config?.site.base ?? '/'), siteUrl: content.config?.site.url, shownOut: shown(options.outDir) })
    findings.push(...crawl.findings)
    pagesChecked = crawl.pagesChecked
  }
  return {
    report: toReport(findings, pagesChecked, crawled),
    summary: {
      content: { configFile: shown(options.configFile), configValid: content.config !== undefined, posts: content.posts, scheduled: content.scheduled, drafts: options.drafts },
      outDir: shown(options.outDir),
    },
  }
}

export type BuiltSiteOptions = Pick<CheckOptions, 'outDir' | 'configFile' | 'base' | 'cwd'>

/** `kube-site build --check`: the crawl alone, on a site just built from content the build validated. */
export async function checkBuiltSite(options: BuiltSiteOptions): Promise<CheckRun> {
  const { config } = await loadSiteConfig(options.configFile, options.cwd)
  const shownOut = relative(options.cwd, options.outDir) || options.outDir
  const crawl = await crawlSite({ outDir: options.outDir, base: normalizeBase(options.base ?? config.site.base), siteUrl: config.site.url, shownOut })
  return { report: toReport(crawl.findings, crawl.pagesChecked, true), summary: { outDir: shownOut } }
}

const isDirectory = (path: string) => existsSync(path) && statSync(path).isDirectory()
