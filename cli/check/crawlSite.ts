import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { mapConcurrent } from '../util/mapConcurrent.ts'
import { normalizeBase } from '../util/normalizeBase.ts'
import { redirectTargetOf } from '../generator/siteFiles/redirectPage.ts'
import { readPage, type PolicyBreach } from '../security/policyBreaches.ts'
import { checkPageCharacters } from './checkPageCharacters.ts'
import { checkPageText, duplicateTitles } from './checkPageText.ts'
import { checkRedirect, type RedirectingPage } from './checkRedirect.ts'
import { checkSearchIndex } from './checkSearchIndex.ts'
import { checkAnnounced } from './checkAnnounced.ts'
import { checkReference } from './checkReference.ts'
import type { Page, SiteIndex } from './siteIndex.ts'
import { extractLinks } from './extractLinks.ts'
import { dedupeFindings, finding, type Finding } from './findings.ts'
import { pageUrl } from './pageUrl.ts'

export interface CrawlOptions {
  /** Absolute path of the built site. */
  outDir: string
  /** URL prefix the site was built for ('/' or '/docs/'). */
  base: string
  /** config site.url: absolute links to it are internal. Unknown when the config did not load. */
  siteUrl?: string
  /** Name of the out folder in messages, e.g. 'dist'. */
  shownOut?: string
}

export interface CrawlResult {
  findings: Finding[]
  pagesChecked: number
}

// Relative links need an origin to resolve against; without a site URL none is real.
const PLACEHOLDER_ORIGIN = 'https://kube-site.invalid'
const PARALLEL_READS = 16

/** Reads every HTML page of a built site and follows each internal reference as object storage would serve it, without a server or the network. */
export async function crawlSite(options: CrawlOptions): Promise<CrawlResult> {
  const base = normalizeBase(options.base)
  const origin = siteOrigin(options.siteUrl)
  const shownOut = options.shownOut ?? 'the out folder'
  const keys = new Set(await listKeys(options.outDir))
  const pageKeys = [...keys].filter((key) => /\.html?$/i.test(key)).sort(byUrlOrder)
  const pages = new Map<string, Page>()
  const breaches = new Map<string, PolicyBreach[]>()
  const characters = new Map<string, Finding[]>()
  await mapConcurrent(pageKeys, PARALLEL_READS, async (key) => {
    const html = await readFile(join(options.outDir, key), 'utf8')
    pages.set(key, { key, url: pageUrl(key, base), facts: extractLinks(html), redirect: redirectTargetOf(html) })
    // A page without a policy (built by a kube-site before policies, or not by kube-site) has none to break.
    const read = readPage(html, { origin })
    breaches.set(key, read.hasPolicy ? read.breaches : [])
    characters.set(key, checkPageCharacters(pageUrl(key, base), html))
  })
  const context: SiteIndex = { base, origin, keys, pages, shownOut }
  const findings: Finding[] = []
  const titles = duplicateTitles([...pages.values()].filter((page) => page.redirect === undefined))
  for (const key of pageKeys) {
    const page = pages.get(key)!
    for (const breach of breaches.get(key)!) findings.push(finding('POLICY_BREACH', { page: page.url, target: breach.element, message: `${breach.element} ${breach.problem}`, hint: breach.hint }))
    findings.push(...characters.get(key)!)
    // A redirect page is no page a reader sees: only where it leads matters.
    if (page.redirect !== undefined) {
      findings.push(...(await checkRedirect(context, page as RedirectingPage)))
      continue
    }
    const onPage: Finding[] = []
    for (const ref of page.facts.refs) onPage.push(...(await checkReference(context, page, ref)))
    onPage.push(...checkPageText(page, titles))
    findings.push(...dedupeFindings(onPage))
  }
  findings.push(...(await checkSearchIndex(options.outDir, context)))
  findings.push(...(await checkAnnounced(options.outDir, context)))
  return { findings, pagesChecked: pages.size }
}

function siteOrigin(siteUrl: string | undefined): string {
  if (!siteUrl) return PLACEHOLDER_ORIGIN
  try {
    return new URL(siteUrl).origin
  } catch {
    return PLACEHOLDER_ORIGIN
  }
}

/** Every file under dir as an object key ('/blog/index.html'). */
async function listKeys(dir: string, prefix = ''): Promise<string[]> {
  const entries = await readdir(join(dir, prefix), { withFileTypes: true })
  const nested = await Promise.all(
    entries.map(async (entry) => {
      const key = `${prefix}/${entry.name}`
      if (entry.isDirectory()) return listKeys(dir, key)
      return entry.isFile() ? [key] : []
    }),
  )
  return nested.flat()
}

// Pages in the order a reader meets them: '/' first, then each folder's page before its children.
const byUrlOrder = (a: string, b: string) => {
  const strip = (key: string) => key.replace(/index\.html$/, '')
  return strip(a) < strip(b) ? -1 : strip(a) > strip(b) ? 1 : 0
}
