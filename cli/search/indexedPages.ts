import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'

/** The pages a shard folder's index holds, read from its fragments: each page's id (Pagefind's) and URL. What `check` compares with the posts. */
export function indexedPages(dir: string): [page: string, url: string][] {
  const fragments = join(dir, 'fragment')
  if (!existsSync(fragments)) return []
  return readdirSync(fragments).map((name) => {
    const text = gunzipSync(readFileSync(join(fragments, name))).toString('utf8')
    return [name.replace(/\.pf_fragment$/, ''), (JSON.parse(text.slice(text.indexOf('{'))) as { url: string }).url]
  })
}
