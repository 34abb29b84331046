/** The share (of `count`) a page or post falls in by its URL or key alone: its rendering thread (renderInThreads.ts), its search shard. */
export function shardOf(url: string, count: number): number {
  if (count === 1) return 0
  // FNV-1a: spreads neighbouring URLs (/blog/page/2/, /blog/page/3/) evenly.
  let hash = 0x811c9dc5
  for (let index = 0; index < url.length; index++) hash = Math.imul(hash ^ url.charCodeAt(index), 0x01000193)
  return (hash >>> 0) % count
}
