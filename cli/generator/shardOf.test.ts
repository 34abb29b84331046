import { describe, expect, it } from 'vitest'
import { blogPageUrl, postUrl } from '../../pages/_lib/urls/urls.ts'
import { shardOf } from './shardOf.ts'

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
