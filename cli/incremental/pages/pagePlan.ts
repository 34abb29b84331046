import { createHash, hash as hashOf } from 'node:crypto'
import { mkdirSync, readdirSync, statSync, writeFileSync, type Stats } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { SITE_ROUTES, localePages, localizedKey, type Route } from '../../../pages/_lib/urls/routes.ts'
import { MARKDOWN_TWIN, isNotFoundKey, postUrl } from '../../../pages/_lib/urls/urls.ts'
import { internalError } from '../../errors.ts'
import { cacheDir } from '../../toolRoot.ts'
import type { BodyPlace } from '../../generator/prerender/insertPostBody.ts'
import type { WrittenPage } from '../../generator/prerender/pageWriter.ts'
import { contentIn, localesOf, type SiteContent } from '../../generator/siteContent.ts'
import { sameFile } from '../sameFile.js'
import type { Fingerprint } from '../fingerprint.ts'
import type { PagePolicies } from '../../security/sitePolicies.ts'
import { readTextFile } from '../../util/readFile.ts'

// A rebuild renders only pages whose hash (bundle, URL, +data) changed; the others stay, updated in place, while their files are exactly as written.

/** One manifest per output folder: building elsewhere in between does not forget the others. */
export const manifestFile = (outDir: string) => join(cacheDir, 'pages', `${createHash('sha1').update(outDir).digest('hex').slice(0, 16)}.json`)

/** What a build into an output folder recorded, a text line per page: a rebuild keeps most lines as written, parsing only kept pages' files. */
export interface Manifest {
  outDir: string
  /** The key of what the pages' data was made from (see pageHashes). */
  inputs?: string
  /** The bundle's identity (bundleCache.ts bundleIdentity) the pages were rendered with: a plan tells a new bundle from new data by it (planBuild.ts). */
  bundle?: string
  /** Each page, in the order recorded. */
  pages: Map<string, RecordedPage>
}

/** A page as the manifest records it: its hash, its data's hash, and its files with their sizes and times. */
export interface RecordedPage {
  hash: string
  data?: string
  /** For a post's page, where its body is in its file (see insertPostBody.ts). */
  body?: BodyPlace
  /** Its files as recorded: each file, its size and its time, tab-separated (recordedFiles). */
  files: string
}

/** The manifest's first line; another is a manifest of no use. 6: the bundle's identity follows the inputs. */
const MANIFEST_HEADER = 'kube-site pages 6'

/** A page's recorded files, each with its size and time. */
export function recordedFiles({ files }: RecordedPage): [file: string, size: number, mtimeMs: number][] {
  const fields = files === '' ? [] : files.split('\t')
  const recorded: [string, number, number][] = []
  for (let at = 0; at + 2 < fields.length; at += 3) recorded.push([fields[at]!, Number(fields[at + 1]), Number(fields[at + 2])])
  return recorded
}

/** The manifest's text (see Manifest). A page whose URL or files hold a tab or a line break is left out, and so never taken over. */
function manifestText(manifest: Manifest): string {
  const lines = [`${MANIFEST_HEADER}\t${JSON.stringify(manifest.outDir)}\t${manifest.inputs ?? ''}\t${manifest.bundle ?? ''}`]
  for (const [url, { hash, data, body, files }] of manifest.pages) {
    if (!/[\t\n]/.test(url) && !files.includes('\n')) lines.push(`${url}\t${hash}\t${data ?? ''}\t${body ? body.join(':') : ''}\t${files}`)
  }
  return lines.join('\n')
}

/** The manifest a text holds, if it is one of a build into `outDir`. */
export function manifestFromText(outDir: string, text: string | undefined): Manifest | undefined {
  if (text === undefined) return undefined
  const lines = text.split('\n')
  const [header, recordedOut, inputs, bundle] = lines[0]!.split('\t')
  if (header !== MANIFEST_HEADER || recordedOut !== JSON.stringify(outDir)) return undefined
  const pages: Manifest['pages'] = new Map()
  for (let at = 1; at < lines.length; at++) {
    const line = lines[at]!
    const afterUrl = line.indexOf('\t')
    const afterHash = line.indexOf('\t', afterUrl + 1)
    const afterData = line.indexOf('\t', afterHash + 1)
    const afterBody = line.indexOf('\t', afterData + 1)
    if (afterUrl < 0 || afterHash < 0 || afterData < 0 || afterBody < 0) return undefined
    const url = line.slice(0, afterUrl)
    // Never written twice: a page's place in the list stands for it (surveyOutput.ts).
    if (pages.has(url)) return undefined
    const data = line.slice(afterHash + 1, afterData)
    const body = line.slice(afterData + 1, afterBody).split(':').map(Number)
    pages.set(url, {
      hash: line.slice(afterUrl + 1, afterHash),
      data: data === '' ? undefined : data,
      body: body.length === 2 && body.every(Number.isSafeInteger) ? (body as BodyPlace) : undefined,
      files: line.slice(afterBody + 1),
    })
  }
  return { outDir, inputs: inputs || undefined, bundle: bundle || undefined, pages }
}

/** The output file of a page, relative to the output folder: its HTML (no page has a page context file; see pages/_lib/pageFromHtml.ts). A not-found page's is its key's ('de/404' → de/404.html). */
export function pageFile(url: string): string {
  return isNotFoundKey(url) ? `${url}.html` : `${url.slice(1)}index.html`
}

/** Files beside a page made from nothing its hash does not cover (a post's markdown twin, writeMarkdownTwins.ts): recorded with the page, taken over with it. */
const filesBesidePage = (url: string): string[] => (isNotFoundKey(url) ? [] : [`${url.slice(1)}${MARKDOWN_TWIN}`])

/** The files a page was recorded with besides its own and those beside it: the stylesheet it links, with their sizes. */
export function linkedFiles(url: string, page: RecordedPage): [file: string, size: number][] {
  const made = new Set([pageFile(url), ...filesBesidePage(url)])
  return recordedFiles(page).flatMap(([file, size]) => (made.has(file) ? [] : [[file, size] as [string, number]]))
}

/** Changes whenever what goes into a page's hash changes (pageHashes). 3: a page without data hashes none ('null' before). */
const PLAN_FORMAT = 3

/** What a post's page (and a feed of it) is made from besides its data: its file (`fileKey`), and the files beside the posts its images may come from by name, size and time (public/ is in the bundle's key). */
export function postSourceKey(fileKey: (sourceFile: string) => string, postsDir: string): (sourceFile: string) => string {
  const hash = createHash('sha1')
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue
      const path = join(dir, entry.name)
      if (entry.isDirectory()) walk(path)
      else if (!entry.name.endsWith('.md')) {
        const stat = statSync(path)
        hash.update(`${relative(postsDir, path)}\0${stat.size}\0${stat.mtimeMs}\0`)
      }
    }
  }
  walk(postsDir)
  const assetsKey = hash.digest('hex')
  return (sourceFile) => `${fileKey(sourceFile)}\0${assetsKey}`
}

/** What every page renders from besides the bundle and its data: the `pages` inputs, the cards' template (a new logo renames every card) and the pages' policies. */
export const pagesKey = (fingerprint: Fingerprint, cardsKey: string) => (policies: PagePolicies) => `${fingerprint.key('pages')}\0${cardsKey}\0${JSON.stringify(policies)}`

/** Each page's hash, and what the next build may start from (the manifest keeps it). */
export interface PageHashes {
  hashes: Map<string, string>
  /** The key of what the pages' data is made from (planInputs), each page's hash of its data alone (pageData), and the bundle's identity (for the plan's reasons). */
  memo: { inputs: string; data: Map<string, string>; bundle?: string }
}

/** Every page with the hash of all it renders from: its data and a post's cache key; data hashes reused when nothing they come from changed since `previous`. */
export function pageHashes(content: SiteContent, base: string, bundle: string, sourceKey: (sourceFile: string) => string, previous?: Manifest, routes: readonly Route[] = SITE_ROUTES): PageHashes {
  // A post's body is no part of its data's hash: the build puts it in as it writes the page.
  if (!content.bodiesInserted) throw internalError('the page plan was asked for pages whose data carries the post bodies')
  const inputs = planInputs(content, base, bundle)
  const data = (previous && previousData(previous, inputs)) ?? pageData(content, base, bundle, routes)
  const sources = new Map(localesOf(content).flatMap(({ locale, posts }) => posts.map((post) => [localizedKey(locale, postUrl(post.slug)), post.sourceFile])))
  const hashes = new Map<string, string>()
  for (const [url, dataHash] of data) {
    const source = sources.get(url)
    // One call per hash: about half the time of createHash for text this short.
    hashes.set(url, hashOf('sha1', `${dataHash}\0${source === undefined ? '' : sourceKey(source)}`, 'hex'))
  }
  return { hashes, memo: { inputs, data } }
}

/** The key of everything pageData reads: bundle, base, day, each locale's config and its posts but their bodies. */
function planInputs(content: SiteContent, base: string, bundle: string): string {
  const hash = createHash('sha1').update(`${PLAN_FORMAT}\0${bundle}\0${base}\0${content.buildDate}`)
  for (const { locale, config, posts } of localesOf(content)) {
    hash.update(`\0${JSON.stringify(locale)}\0${JSON.stringify(config)}`)
    for (const post of posts) hash.update('\0').update(JSON.stringify({ ...post, html: undefined }))
  }
  return hash.digest('hex')
}

/** The data hashes the previous build recorded, if it had the same inputs and recorded every page's. */
function previousData(previous: Manifest, inputs: string): Map<string, string> | undefined {
  if (previous.inputs !== inputs) return undefined
  const data = new Map<string, string>()
  for (const [url, page] of previous.pages) {
    if (page.data === undefined) return undefined
    data.set(url, page.data)
  }
  return data
}

/** Every page of the site's routes with the hash of its data (a post's without its body), its URL and the bundle. */
function pageData(content: SiteContent, base: string, bundle: string, routes: readonly Route[]): Map<string, string> {
  const hashes = new Map<string, string>()
  // A post's card is on the list pages of the blog, its tags and its author: made into text once.
  const texts = new Map<object, string>()
  // Each locale's pages see its config and posts (made once: a locale's name comes from Intl).
  const localized = new Map(localesOf(content).map(({ locale }) => [locale.code, contentIn(content, locale.code)]))
  for (const route of routes) {
    // An edit to a German post changes only the German pages that show it.
    for (const page of localePages(route, content)) {
      const { key } = page
      // Hashed as soon as made: all the data at once would be hundreds of megabytes of garbage.
      const text = route.data && dataText(route.data(localized.get(page.locale)!, page.routeParams, base), texts)
      hashes.set(key, hashOf('sha1', `${bundle}\0${key}\0${text ?? ''}`, 'hex'))
    }
  }
  return hashes
}

/** JSON.stringify(data), with each frozen object in an array field (a post's card, on several list pages) made into text once in `texts`: frozen, it cannot have changed. */
export function dataText(data: unknown, texts: Map<object, string>): string | undefined {
  if (typeof data !== 'object' || data === null || !sharesItems(data)) return JSON.stringify(data)
  let text = '{'
  for (const [key, value] of Object.entries(data)) {
    const valueText = Array.isArray(value) ? itemsText(value, texts) : JSON.stringify(value)
    if (valueText !== undefined) text += `${text === '{' ? '' : ','}${JSON.stringify(key)}:${valueText}`
  }
  return `${text}}`
}

/** Whether a field of `data` is an array that holds a frozen object. */
function sharesItems(data: object): boolean {
  for (const value of Object.values(data)) if (Array.isArray(value) && value.some(isFrozenObject)) return true
  return false
}

/** JSON.stringify(items), each frozen object's text taken from `texts`, or made and kept there. */
function itemsText(items: unknown[], texts: Map<object, string>): string {
  let text = '['
  for (let at = 0; at < items.length; at++) {
    const item = items[at]
    let itemText = isFrozenObject(item) ? texts.get(item) : undefined
    if (itemText === undefined) {
      itemText = JSON.stringify(item) ?? 'null'
      if (isFrozenObject(item)) texts.set(item, itemText)
    }
    text += at === 0 ? itemText : `,${itemText}`
  }
  return `${text}]`
}

const isFrozenObject = (value: unknown): value is object => typeof value === 'object' && value !== null && Object.isFrozen(value)

/** The pages a rebuild takes over from the previous output (the plan's kept ones), left where they are. */
export interface ReusedPages {
  /** Their files and the stylesheets they link, relative to the output folder, with their sizes. */
  files: Map<string, number>
  /** What the previous manifest recorded of them, still true: the files stay untouched. */
  pages: Map<string, RecordedPage>
}

/** What the previous build into an output folder recorded, and which of its pages' files are still as it wrote them. */
export interface PreviousOutput {
  manifest?: Manifest
  /** The pages whose every recorded file is there with the size and time recorded. */
  intact: Set<string>
}

/** Reads the previous manifest in `outDir` and checks the recorded files: all, or with `hashes` those of pages whose hash is the same. */
export function readPreviousOutput(outDir: string, hashes?: Map<string, string>): PreviousOutput {
  const manifest = manifestFromText(outDir, readTextFile(manifestFile(outDir)))
  return { manifest, intact: manifest ? intactPages(outDir, manifest, hashes) : new Set() }
}

/** The pages of `manifest` (with `hashes`, of those whose hash is the same) whose recorded files are all as recorded. */
export function intactPages(outDir: string, manifest: Manifest, hashes?: Map<string, string>): Set<string> {
  const intact = new Set<string>()
  // Pages may record the same file (a combined stylesheet): each is looked at once.
  const found = new Map<string, Stats | undefined>()
  const stat = (file: string) => (found.has(file) ? found.get(file) : found.set(file, statSync(join(outDir, file), { throwIfNoEntry: false })).get(file))
  for (const [url, page] of manifest.pages) {
    if (hashes && hashes.get(url) !== page.hash) continue
    if (recordedFiles(page).every(([file, size, mtimeMs]) => sameFile({ size, mtimeMs }, stat(file)))) intact.add(url)
  }
  return intact
}

/** The pages `urls` of the previous output (`manifest`), kept: their files and the stylesheets they link, with their sizes, and their records. */
export function takeOver(urls: string[], manifest: Manifest | undefined): ReusedPages {
  const reused: ReusedPages = { files: new Map(), pages: new Map() }
  for (const url of urls) {
    const page = manifest!.pages.get(url)!
    // Its own files first, then what else it was recorded with, read without recordedFiles' objects (11,000 files at 4,000 posts).
    const fields = page.files.split('\t')
    for (let at = 0; at + 2 < fields.length; at += 3) reused.files.set(fields[at]!, Number(fields[at + 1]))
    reused.pages.set(url, page)
  }
  return reused
}

/** Records what the build wrote into `outDir`: page hashes and what the writer knew of each; taken-over pages keep theirs, one the writer said nothing of is remade. */
export function writeManifest({ hashes, memo }: PageHashes, outDir: string, reused: ReusedPages['pages'] = new Map(), written: ReadonlyMap<string, WrittenPage> = new Map()): void {
  const manifest: Manifest = { outDir, inputs: memo.inputs, bundle: memo.bundle, pages: new Map() }
  // The stylesheets pages link are a few files shared by thousands of pages: each stat once.
  const stylesheets = new Map<string, Stats | undefined>()
  const statOf = (file: string) => statSync(join(outDir, file), { throwIfNoEntry: false })
  const stylesheetStat = (file: string) => (stylesheets.has(file) ? stylesheets.get(file) : stylesheets.set(file, statOf(file)).get(file))
  for (const [url, hash] of hashes) {
    const kept = reused.get(url)
    if (kept?.hash === hash) {
      manifest.pages.set(url, { ...kept, data: memo.data.get(url) })
      continue
    }
    const files: string[] = []
    // Its own file first: the plan looks for it there.
    const own = pageFile(url)
    // A page links a stylesheet its render wrote, taken over with it; the writer found which in the whole page (securePage.ts).
    const page = written.get(own)
    const linked = page?.stylesheets
    if (!linked) continue
    for (const file of new Set([own, ...linked, ...filesBesidePage(url)])) {
      const stats = linked.includes(file) ? stylesheetStat(file) : statOf(file)
      if (stats) files.push(file, String(stats.size), String(stats.mtimeMs))
    }
    // A name with a tab or a line break cannot be recorded: such a page is made again next time.
    if (files.some((field) => /[\t\n]/.test(field))) continue
    manifest.pages.set(url, { hash, data: memo.data.get(url), body: page.body, files: files.join('\t') })
  }
  mkdirSync(dirname(manifestFile(outDir)), { recursive: true })
  writeFileSync(manifestFile(outDir), manifestText(manifest))
}

