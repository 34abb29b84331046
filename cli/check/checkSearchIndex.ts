import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { indexedPages, shardWasmFiles } from '../search/indexedPages.ts'
import { SEARCH_MANIFEST_URL, type SearchManifest } from '../../pages/_lib/search/searchManifest.ts'
import { RESERVED_BLOG_FOLDERS, SEARCH_URL } from '../../pages/_lib/urls/urls.ts'
import { finding, type Finding } from './findings.ts'
import type { SiteIndex } from './siteIndex.ts'

// The search index as its page loads it, per locale: shard list, entries, scripts, WebAssembly, and the posts found: a post missing or a dead result is an error.

/** What a shard needs for a browser to search it, with the WebAssembly its entry names (the first is the primary index: its script and worker too). */
const SHARD_FILES = ['pagefind-entry.json']
const PRIMARY_FILES = ['pagefind.js', 'pagefind-worker.js']

/** A search page, in the default locale or under another's folder: its key, and the folder ('' or '/de'). */
const SEARCH_PAGE = new RegExp(`^((?:/[^/]+)?)${SEARCH_URL}index\\.html$`)

/** The findings about the search indexes of the site `context` indexes, each locale's: none when the site has no search page. */
export async function checkSearchIndex(outDir: string, context: SiteIndex): Promise<Finding[]> {
  const folders = [...context.keys].flatMap((key) => SEARCH_PAGE.exec(key)?.[1] ?? []).sort()
  return (await Promise.all(folders.map((folder) => checkLocaleSearchIndex(outDir, context, folder)))).flat()
}

/** The findings about the index the search page under `folder` ('' or a locale's, '/de') loads, against that locale's posts. */
async function checkLocaleSearchIndex(outDir: string, context: SiteIndex, folder: string): Promise<Finding[]> {
  const { base, keys, pages } = context
  const searchPage = `${base}${folder.slice(1)}${folder ? '/' : ''}${SEARCH_URL.slice(1)}`
  const manifestUrl = `${folder}${SEARCH_MANIFEST_URL}`
  const missing = (file: string) => finding('SEARCH_INDEX_MISSING', { page: searchPage, target: `${base}${file.slice(1)}`, message: `the search index has no ${file.slice(1)}`, hint: 'Build the site again (kube-site build): the search page cannot search without it.' })
  if (!keys.has(manifestUrl)) return [missing(manifestUrl)]
  const manifest = JSON.parse(await readFile(join(outDir, manifestUrl), 'utf8')) as SearchManifest
  const findings: Finding[] = []
  const indexed = new Set<string>()
  for (const [at, shard] of manifest.shards.entries()) {
    const wasm = keys.has(`${shard}pagefind-entry.json`) ? shardWasmFiles(await readFile(join(outDir, shard, 'pagefind-entry.json'), 'utf8')) : []
    for (const file of [...SHARD_FILES, ...wasm, ...(at === 0 ? PRIMARY_FILES : [])]) if (!keys.has(`${shard}${file}`)) findings.push(missing(`${shard}${file}`))
    // The pages the shard must not show (posts edited or gone since it was indexed) are no results.
    const hidden = new Set(manifest.hidden?.[at])
    for (const [page, url] of indexedPages(join(outDir, shard))) if (!hidden.has(page)) indexed.add(url)
  }
  // The posts: the pages at /blog/<slug>/ (under the locale's folder) that are no folder of the blog's own, and no redirect.
  const posts = [...pages.values()]
    .filter((page) => page.redirect === undefined)
    .map((page) => page.url.slice(base.length - 1))
    .filter((url) => url.startsWith(`${folder}/blog/`) && /^\/blog\/[^/]+\/$/.test(url.slice(folder.length)) && !RESERVED_BLOG_FOLDERS.includes(url.slice(folder.length).split('/')[2]!))
  const postSet = new Set(posts)
  for (const post of posts.filter((url) => !indexed.has(url)).sort()) {
    findings.push(finding('SEARCH_INDEX_INCOMPLETE', { page: `${base}${post.slice(1)}`, message: 'the search index does not have this post: a search never finds it', hint: 'Build the site again (kube-site build).' }))
  }
  for (const url of [...indexed].filter((url) => !postSet.has(url)).sort()) {
    findings.push(finding('SEARCH_INDEX_STALE', { page: searchPage, target: `${base}${url.slice(1)}`, message: `the search index has ${url}, which is no post of the site: a result would lead nowhere`, hint: 'Build the site again (kube-site build).' }))
  }
  return findings
}
