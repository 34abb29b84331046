import { describe, expect, it } from 'vitest'
import { searchShardCount, searchShards, type IndexedPost } from './searchShards.ts'

const post = (slug: string, extra: Partial<IndexedPost> = {}): IndexedPost => ({ slug, title: slug, excerpt: '', author: 'Maya Chen', date: '2025-01-01', tags: [], sourceFile: `${slug}.md`, ...extra })
const posts = (count: number) => Array.from({ length: count }, (_, index) => post(`post-${index}`))
const sourceKey = (sourceFile: string) => `${sourceFile}:v1`

describe('searchShardCount', () => {
  it('is one shard up to 1,000 posts, then a power of two of at most 1,000 posts each, up to 32', () => {
    expect([0, 1, 1000, 1001, 2000, 2001, 4000, 4001, 32_000, 100_000].map(searchShardCount)).toEqual([1, 1, 1, 2, 2, 4, 4, 8, 32, 32])
  })
})

describe('searchShards', () => {
  it('puts every post in one shard, in the order given, and leaves no shard empty', () => {
    const all = posts(1200)
    const shards = searchShards(all, 'index', sourceKey, 8)
    expect(shards.length).toBe(8)
    expect(shards.flatMap((shard) => shard.posts).sort((a, b) => a.slug.localeCompare(b.slug))).toEqual([...all].sort((a, b) => a.slug.localeCompare(b.slug)))
    for (const shard of shards) {
      expect(shard.posts.length).toBeGreaterThan(100)
      expect(shard.posts).toEqual(all.filter((candidate) => shard.posts.includes(candidate)))
    }
    expect(new Set(shards.map((shard) => shard.key)).size).toBe(8)
  })

  it('changes the key of the one shard whose post changed, in its text or in what results show', () => {
    const all = posts(1200)
    const before = searchShards(all, 'index', sourceKey, 8)
    for (const change of [{ sourceFile: 'post-7.md', key: 'v2' }, { title: 'Retitled' }, { tags: ['rbac'] }, { date: '2025-02-02' }]) {
      const edited = all.map((candidate) => (candidate.slug === 'post-7' ? { ...candidate, ...('key' in change ? {} : change) } : candidate))
      const keyOf = 'key' in change ? (file: string) => (file === change.sourceFile ? `${file}:${change.key}` : sourceKey(file)) : sourceKey
      const after = searchShards(edited, 'index', keyOf, 8)
      const changed = after.filter((shard, at) => shard.key !== before[at]!.key)
      expect(changed.map((shard) => shard.posts.some((candidate) => candidate.slug === 'post-7')), JSON.stringify(change)).toEqual([true])
    }
  })

  it("changes every key with Pagefind's version or options, and with the number of shards", () => {
    const all = posts(1200)
    const keys = (index: string, list = all) => searchShards(list, index, sourceKey).map((shard) => shard.key)
    expect(keys('index')).toHaveLength(2)
    expect(keys('index').some((key) => keys('index 2').includes(key))).toBe(false)
    expect(keys('index', all.slice(0, 1000))).toHaveLength(1)
    expect(keys('index', all.slice(0, 1000)).some((key) => keys('index').includes(key))).toBe(false)
  })
})
