/**
 * The prerender thread (of `count`) that renders the page at `url`. It depends on the URL alone,
 * so the hooks that list pages and the CLI, which gives each thread the posts it renders, agree.
 */
export function shardOf(url: string, count: number): number {
  if (count === 1) return 0
  // FNV-1a: spreads neighbouring URLs (/blog/page/2/, /blog/page/3/) evenly.
  let hash = 0x811c9dc5
  for (let index = 0; index < url.length; index++) hash = Math.imul(hash ^ url.charCodeAt(index), 0x01000193)
  return (hash >>> 0) % count
}
