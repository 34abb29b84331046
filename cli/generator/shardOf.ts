import { pageKey } from '../../pages/_lib/urls/urls.ts'

/** The prerender thread (of `count`) rendering the page at `url`, by the URL alone, so the hooks and the CLI agree. */
export function shardOf(url: string, count: number): number {
  if (count === 1) return 0
  // FNV-1a: spreads neighbouring URLs (/blog/page/2/, /blog/page/3/) evenly.
  let hash = 0x811c9dc5
  for (let index = 0; index < url.length; index++) hash = Math.imul(hash ^ url.charCodeAt(index), 0x01000193)
  return (hash >>> 0) % count
}

export interface ShareOfPages {
  shardIndex: number
  shardCount: number
  /** Pages whose output is reused (keys from pageKey). */
  skip: ReadonlySet<string>
}

/** Whether a share renders the page at `url`: its by shardOf and not reused. By key: vike's '/pricing' and the hooks' '/pricing/' must fall alike. */
export function inShare({ shardIndex, shardCount, skip }: ShareOfPages, url: string, is404 = false): boolean {
  const key = pageKey(url, is404)
  return shardOf(key, shardCount) === shardIndex && !skip.has(key)
}
