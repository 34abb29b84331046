import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { constants, gunzipSync } from 'node:zlib'

/** The pages a shard folder's index holds, read from its fragments: each page's id (Pagefind's) and URL. What `check` compares with the posts. */
export function indexedPages(dir: string): [page: string, url: string][] {
  const fragments = join(dir, 'fragment')
  if (!existsSync(fragments)) return []
  return readdirSync(fragments).map((name) => [name.replace(/\.pf_fragment$/, ''), fragmentUrl(readFileSync(join(fragments, name)))])
}

/** How much of a fragment is inflated first: its URL comes first, and a URL is shorter than this. */
const HEAD_BYTES = 512

/** A fragment's URL begins its JSON, after Pagefind's signature: `pagefind_dcd{"url":"/blog/a/",…`. */
const LEADING_URL = /^[^{]*\{"url":("(?:[^"\\]|\\.)*")/

/**
 * The URL of the page a fragment (gzipped JSON, which holds the page's whole text) is of. The
 * beginning alone is inflated, which holds it: a shard of 1,000 posts is read in a quarter of
 * the time. A fragment whose beginning does not hold it is read whole.
 */
export function fragmentUrl(gzipped: Buffer): string {
  const head = gunzipSync(gzipped.subarray(0, HEAD_BYTES), { finishFlush: constants.Z_SYNC_FLUSH }).toString('utf8')
  const leading = LEADING_URL.exec(head)
  if (leading) return JSON.parse(leading[1]!) as string
  const text = gunzipSync(gzipped).toString('utf8')
  return (JSON.parse(text.slice(text.indexOf('{'))) as { url: string }).url
}

/**
 * The WebAssembly files a shard's Pagefind loads, named by its entry file (pagefind-entry.json's
 * text): one per language it indexed, its stemmer's (wasm.de.pagefind), or wasm.unknown.pagefind
 * for a language Pagefind has no stemmer for (zh-Hant).
 */
export function shardWasmFiles(entry: string): string[] {
  const { languages } = JSON.parse(entry) as { languages: Record<string, { wasm: string | null }> }
  return Object.values(languages).map(({ wasm }) => `wasm.${wasm ?? 'unknown'}.pagefind`)
}
