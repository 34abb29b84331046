import { describe, expect, it } from 'vitest'
import { blogPageUrl, postUrl } from '../../pages/_lib/urls/urls.ts'
import { inShare, shardOf } from './shardOf.ts'

describe('shardOf', () => {
  const urls = [...Array.from({ length: 4000 }, (_, n) => postUrl(`post-${n}`)), ...Array.from({ length: 2000 }, (_, n) => blogPageUrl(n + 1))]

  it('gives every URL one thread, the same every time', () => {
    for (const url of urls.slice(0, 50)) {
      const shard = shardOf(url, 3)
      expect(shard).toBeGreaterThanOrEqual(0)
      expect(shard).toBeLessThan(3)
      expect(shardOf(url, 3)).toBe(shard)
    }
    expect(urls.every((url) => shardOf(url, 1) === 0)).toBe(true)
  })

  it.each([2, 3, 4])('splits 6,000 blog URLs evenly across %i threads (each within 5%% of its share)', (count) => {
    const sizes = new Array<number>(count).fill(0)
    for (const url of urls) sizes[shardOf(url, count)]!++
    for (const size of sizes) expect(Math.abs(size - urls.length / count)).toBeLessThan((0.05 * urls.length) / count)
  })
})

describe('inShare', () => {
  it('gives a page vike finds by its folder (/pricing) the share the hooks list it in (/pricing/), in exactly one share', () => {
    const skip = new Set<string>()
    for (const shardCount of [2, 3, 5, 7]) {
      for (const path of ['/pricing', '/privacy-policy', '/terms-of-service', '/de/pricing']) {
        const shares = Array.from({ length: shardCount }, (_, shardIndex) => ({ shardIndex, shardCount, skip }))
        const bare = shares.filter((share) => inShare(share, path)).map((share) => share.shardIndex)
        const slashed = shares.filter((share) => inShare(share, `${path}/`)).map((share) => share.shardIndex)
        expect(bare, `${path} in ${shardCount}`).toHaveLength(1)
        expect(bare, `${path} in ${shardCount}`).toEqual(slashed)
      }
    }
  })

  it('leaves out a reused page, however its URL is written', () => {
    const share = { shardIndex: 0, shardCount: 1, skip: new Set(['/pricing/', '404']) }
    expect([inShare(share, '/pricing'), inShare(share, '/pricing/'), inShare(share, '/404', true), inShare(share, '/blog/')]).toEqual([false, false, false, true])
  })
})
