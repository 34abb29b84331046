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

/** The URL of the page a fragment (gzipped JSON of its whole text) is of: only its beginning inflated (4× faster), else the whole. */
export function fragmentUrl(gzipped: Buffer): string {
  const head = gunzipSync(gzipped.subarray(0, HEAD_BYTES), { finishFlush: constants.Z_SYNC_FLUSH }).toString('utf8')
  const leading = LEADING_URL.exec(head)
  if (leading) return JSON.parse(leading[1]!) as string
  const text = gunzipSync(gzipped).toString('utf8')
  return (JSON.parse(text.slice(text.indexOf('{'))) as { url: string }).url
}

/** The WebAssembly files a shard loads, by its entry file's text: one per language indexed (wasm.de.pagefind), wasm.unknown.pagefind without a stemmer. */
export function shardWasmFiles(entry: string): string[] {
  const { languages } = JSON.parse(entry) as { languages: Record<string, { wasm: string | null }> }
  return Object.values(languages).map(({ wasm }) => `wasm.${wasm ?? 'unknown'}.pagefind`)
}
