import { createHash, hash as hashOf } from 'node:crypto'
import { closeSync, mkdirSync, openSync, readFileSync, readSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { blogListPage, blogPostData, legalData, listedPost, searchPageData, termIndexData, type ListPage } from '../../pages/_lib/pageData.ts'
import type { Post } from '../content/types.ts'
import { taxonomyOf } from '../../pages/_lib/taxonomy.ts'
import { AUTHORS_URL, HOME_URL, MARKDOWN_TWIN, PRICING_URL, PRIVACY_POLICY_URL, SEARCH_URL, TAGS_URL, TERMS_OF_SERVICE_URL, authorPageUrl, blogPageCount, blogPageUrl, pageKey, postUrl, tagPageUrl } from '../../pages/_lib/urls.ts'
import { cacheDir } from '../toolRoot.ts'
import { linkedStylesheets } from './linkedStylesheets.ts'
import type { SiteContent } from './siteContent.ts'

// A rebuild renders again only the pages whose inputs changed. A page's output is a function of
// the bundle (its bundleIdentity: code, config and base, and the asset files it names), its URL
// and the data its +data hook returns; its hash covers all three. Unchanged pages are taken from
// the previous output, but only when its files are still exactly the ones that build wrote (same
// size and time), so an output edited or replaced since is never trusted. They stay where they are: the rebuild updates the
// output in place (outputDir.ts).

/** The key vike's not-found page is known by (it has no URL of its own). */
export const NOT_FOUND = pageKey('/404', true)

/** One manifest per output folder: building elsewhere in between does not forget the others. */
export const manifestFile = (outDir: string) => join(cacheDir, 'pages', `${createHash('sha1').update(outDir).digest('hex').slice(0, 16)}.json`)

export interface Manifest {
  outDir: string
  /** The key of what the pages' data was made from (see pageHashes). */
  inputs?: string
  /** Each page: its hash, its data's hash, and its files with their sizes and times. */
  pages: Record<string, { hash: string; data?: string; files: Record<string, [size: number, mtimeMs: number]> }>
}

/** The output files of a page, relative to the output folder: its HTML (no page has a page context file; see pages/_lib/pageFromHtml.ts). */
export function pageFiles(url: string): string[] {
  return [url === NOT_FOUND ? '404.html' : `${url.slice(1)}index.html`]
}

/**
 * Files written beside a page, from nothing its hash does not cover, that are its own when they
 * are there: a published post's markdown twin (writeMarkdownTwins.ts), made from the post's file,
 * its images, the site's URL and the base. Recorded with the page, they are taken over with it.
 */
const filesBesidePage = (url: string): string[] => (url === NOT_FOUND ? [] : [`${url.slice(1)}${MARKDOWN_TWIN}`])

/** Changes whenever what goes into a page's hash changes (pageHashes). */
const PLAN_FORMAT = 2

/** Each page's hash, and what the next build may start from (the manifest keeps it). */
export interface PageHashes {
  /** Each page's hash, by its key (URL). */
  hashes: Map<string, string>
  /** The key of what the pages' data is made from (planInputs), and each page's hash of its data alone (pageData). */
  memo: { inputs: string; data: Map<string, string> }
}

/**
 * Every page of the site with the hash of everything it is rendered from: its data (pageData),
 * and for a post's page, its source. A post's body stands in as its source: the post's cache key
 * (its file name and text), from which the renderer makes it, and the renderer (the compiled CLI,
 * the lockfile and public/) is part of the bundle key. When nothing the pages' data is made from
 * changed since the build that wrote `previous` (a post's body alone was edited), its pages'
 * data hashes are taken from there: making every page's data is most of this (about 0.1 s of a
 * one-post rebuild at 4,000 posts), and planInputs a tenth of it.
 */
export function pageHashes(content: SiteContent, base: string, bundle: string, sourceKey: (sourceFile: string) => string, previous?: Manifest): PageHashes {
  const inputs = planInputs(content, base, bundle)
  const data = (previous && previousData(previous, inputs)) ?? pageData(content, base, bundle)
  const sources = new Map(content.posts.map((post) => [postUrl(post.slug), post.sourceFile]))
  const hashes = new Map<string, string>()
  for (const [url, dataHash] of data) {
    const source = sources.get(url)
    // One call per hash (about half the time of createHash for text this short; the same digest).
    hashes.set(url, hashOf('sha1', `${dataHash}\0${source === undefined ? '' : sourceKey(source)}`, 'hex'))
  }
  return { hashes, memo: { inputs, data } }
}

/**
 * The key of everything pageData reads: the bundle (with the policies and the cards' template),
 * the base, the day, the config, and every field of every post but its body.
 */
function planInputs(content: SiteContent, base: string, bundle: string): string {
  const hash = createHash('sha1').update(`${PLAN_FORMAT}\0${bundle}\0${base}\0${content.buildDate}\0${JSON.stringify(content.config)}`)
  for (const post of content.posts) hash.update('\0').update(JSON.stringify({ ...post, html: undefined }))
  return hash.digest('hex')
}

/** The data hashes the previous build recorded, if it had the same inputs and recorded every page's. */
function previousData(previous: Manifest, inputs: string): Map<string, string> | undefined {
  if (previous.inputs !== inputs) return undefined
  const data = new Map<string, string>()
  for (const [url, entry] of Object.entries(previous.pages)) {
    if (entry.data === undefined) return undefined
    data.set(url, entry.data)
  }
  return data
}

/** Every page of the site with the hash of its data (what its +data hook returns, bodies aside), its URL and the bundle. */
function pageData(content: SiteContent, base: string, bundle: string): Map<string, string> {
  const hashes = new Map<string, string>()
  // Each page's data is hashed as soon as it is made: on a large site all of it at once (post
  // bodies rebased for the base) would be hundreds of megabytes, all garbage a moment later.
  const add = (url: string, data: string | undefined) => hashes.set(url, hashOf('sha1', `${bundle}\0${url}\0${data ?? ''}`, 'hex'))
  // A post is on a list page of the blog, of each of its tags and of its author: made into its
  // card's data, and that into text, once.
  const listed = new Map<Post, string>()
  const cardText = (post: Post) => listed.get(post) ?? listed.set(post, JSON.stringify(listedPost(post, content.buildDate))).get(post)!
  const listText = (list: ListPage | undefined) => list && [JSON.stringify({ ...list, posts: undefined }), ...list.posts.map(cardText)].join('\0')
  add(HOME_URL, 'null')
  add(PRICING_URL, 'null')
  add(NOT_FOUND, 'null')
  add(PRIVACY_POLICY_URL, JSON.stringify(legalData(content, 'privacyPolicy')))
  add(TERMS_OF_SERVICE_URL, JSON.stringify(legalData(content, 'termsOfService')))
  const { pageSize, tagPageSize } = content.config.blog
  for (let page = 1; page <= blogPageCount(content.posts.length, pageSize); page++) add(blogPageUrl(page), listText(blogListPage(content, page)))
  add(TAGS_URL, JSON.stringify(termIndexData(content, 'tag')))
  add(AUTHORS_URL, JSON.stringify(termIndexData(content, 'author')))
  add(SEARCH_URL, JSON.stringify(searchPageData(content)))
  const { tags, authors } = taxonomyOf(content.posts)
  for (const [kind, terms, url] of [['tag', tags, tagPageUrl], ['author', authors, authorPageUrl]] as const) {
    for (const { slug, posts } of terms.values()) {
      for (let page = 1; page <= blogPageCount(posts.length, tagPageSize); page++) add(url(slug, page), listText(blogListPage(content, page, { kind, slug })))
    }
  }
  for (const post of content.posts) add(postUrl(post.slug), JSON.stringify(blogPostData(content, post.slug, base, { body: false })))
  return hashes
}

/** The pages a rebuild takes over from the previous output, left where they are. */
export interface ReusedPages {
  /** Their keys (URLs), for the prerender to skip. */
  urls: string[]
  /** Their files and the stylesheets they link, relative to the output folder, with their sizes. */
  files: Map<string, number>
  /** What the previous manifest recorded of them, still true: the files stay untouched. */
  entries: Manifest['pages']
}

/** What the previous build into an output folder recorded, and its recorded files as they are now. */
export interface PreviousOutput {
  manifest?: Manifest
  /** Size and time of each file the manifest records that still exists. */
  found: Map<string, [size: number, mtimeMs: number]>
}

/**
 * Reads the previous build's manifest into `outDir` (kept at `manifestPath`) and stats the files
 * it records: every one, or with `hashes` (pageHashes) only those of the pages whose hash is the
 * same, the only ones reusablePages may take over.
 */
export function readPreviousOutput(outDir: string, manifestPath = manifestFile(outDir), hashes?: Map<string, string>): PreviousOutput {
  return previousOutput(outDir, readManifestText(manifestPath), hashes)
}

/** The text of a manifest file; none when it cannot be read. */
export function readManifestText(manifestPath: string): string | undefined {
  try {
    return readFileSync(manifestPath, 'utf8')
  } catch {
    return undefined
  }
}

/** The manifest a text holds, if it is one of a build into `outDir`. */
export function manifestFromText(outDir: string, text: string | undefined): Manifest | undefined {
  if (text === undefined) return undefined
  try {
    const manifest = JSON.parse(text) as Manifest
    return manifest.outDir === outDir ? manifest : undefined
  } catch {
    return undefined
  }
}

/** readPreviousOutput, from the manifest's text. */
export function previousOutput(outDir: string, text: string | undefined, hashes?: Map<string, string>): PreviousOutput {
  const found: PreviousOutput['found'] = new Map()
  const manifest = manifestFromText(outDir, text)
  if (!manifest) return { found }
  for (const [url, entry] of Object.entries(manifest.pages)) {
    if (hashes && hashes.get(url) !== entry.hash) continue
    for (const file of Object.keys(entry.files)) {
      if (found.has(file)) continue
      const stats = statSync(join(outDir, file), { throwIfNoEntry: false })
      if (stats) found.set(file, [stats.size, stats.mtimeMs])
    }
  }
  return { manifest, found }
}

/** The pages the previous build left unchanged (`previous`: readPreviousOutput), whose files are still the ones it wrote. */
export function reusablePages(hashes: Map<string, string>, { manifest, found }: PreviousOutput): ReusedPages {
  const reused: ReusedPages = { urls: [], files: new Map(), entries: {} }
  if (!manifest) return reused
  const same = (file: string, [size, mtimeMs]: [number, number]) => found.get(file)?.[0] === size && found.get(file)?.[1] === mtimeMs
  for (const [url, hash] of hashes) {
    const entry = manifest.pages[url]
    if (entry?.hash !== hash) continue
    // Its own files, and what else it was recorded with (its combined stylesheet).
    const files = Object.entries(entry.files)
    if (!pageFiles(url).every((file) => file in entry.files) || !files.every(([file, recorded]) => same(file, recorded))) continue
    for (const [file, [size]] of files) reused.files.set(file, size)
    reused.urls.push(url)
    reused.entries[url] = entry
  }
  return reused
}

/**
 * Records what the build wrote into `outDir` (its URLs starting with `base`), for the next build
 * to compare with, with the memo of its pages' hashes (PageHashes). The entries of pages taken
 * over untouched are carried over as they were.
 */
export function writeManifest({ hashes, memo }: PageHashes, outDir: string, base: string, reused: ReusedPages['entries'] = {}): void {
  const manifest: Manifest = { outDir, inputs: memo.inputs, pages: {} }
  for (const [url, hash] of hashes) {
    if (reused[url]?.hash === hash) {
      manifest.pages[url] = { ...reused[url], data: memo.data.get(url) }
      continue
    }
    const files: Manifest['pages'][string]['files'] = {}
    const own = pageFiles(url)
    // A page links a stylesheet its render wrote (combineStylesheets.ts): reusing the page takes
    // it over too. vike puts the links first in the head, so its first kilobytes say which.
    const linked = linkedStylesheets(readStart(join(outDir, own[0]!)), base)
    for (const file of [...own, ...linked, ...filesBesidePage(url)]) {
      const stats = statSync(join(outDir, file), { throwIfNoEntry: false })
      if (stats) files[file] = [stats.size, stats.mtimeMs]
    }
    manifest.pages[url] = { hash, data: memo.data.get(url), files }
  }
  mkdirSync(dirname(manifestFile(outDir)), { recursive: true })
  writeFileSync(manifestFile(outDir), JSON.stringify(manifest))
}

/** The start of a file, as text: enough to hold a page's stylesheet links. */
function readStart(path: string, bytes = 8192): string {
  const fd = openSync(path, 'r')
  try {
    const buffer = Buffer.alloc(bytes)
    return buffer.toString('utf8', 0, readSync(fd, buffer, 0, bytes, 0))
  } finally {
    closeSync(fd)
  }
}
