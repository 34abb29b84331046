import { describe, expect, it } from 'vitest'
import { OVERLAY_MAX_POSTS, OVERLAY_MIN_SHARD_POSTS, planSearchShards, searchShardCount, searchShards, type IndexedPost, type SearchShard, type ShardRecord } from './searchShards.ts'

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

describe('planSearchShards', () => {
  const all = posts(1200)
  // The record a build writes of a shard it indexed: each post's key and the id of its page.
  const recordOf = (shard: SearchShard, count = 2): ShardRecord => ({ key: shard.key, kind: 'base', indexKey: 'index', count, number: shard.number, posts: Object.fromEntries(shard.posts.map((one, at) => [`/blog/${one.slug}/`, [shard.entryKeys[at]!, `page-${one.slug}`]])) })
  const bases = searchShards(all, 'index', sourceKey, 2)
  const edit = (slugs: string[]) => (file: string) => (slugs.some((slug) => file === `${slug}.md`) ? `${file}:v2` : sourceKey(file))

  it('takes each shard from the cache when it is there, and reads no record', () => {
    const plan = planSearchShards(all, 'index', sourceKey, () => true, () => expect.unreachable('records read'), { count: 2 })
    expect(plan).toEqual(bases)
  })

  it("takes a shard's cached index with the edited posts' pages hidden, and indexes those posts apart, newest first", () => {
    const keys = new Set(bases.map((shard) => shard.key))
    const home = bases.find((shard) => shard.posts.some((one) => one.slug === 'post-7'))!
    const plan = planSearchShards(all, 'index', edit(['post-7']), (key) => keys.has(key), () => bases.map((shard) => recordOf(shard)), { count: 2 })
    expect(plan.map((shard) => [shard.kind, shard.key, shard.number, shard.size, shard.hidden, shard.posts.map((one) => one.slug)])).toEqual([
      ...bases.map((shard) => ['base', shard.key, shard.number, shard.size, shard === home ? ['page-post-7'] : [], shard === home ? [] : shard.posts.map((one) => one.slug)]),
      ['edits', expect.any(String), 2, 1, [], ['post-7']],
    ])
    // The record of another number of shards, or of another index key, is no candidate: the shard is indexed whole.
    for (const other of [recordOf(home, 4), { ...recordOf(home), indexKey: 'index 2' }]) {
      const whole = planSearchShards(all, 'index', edit(['post-7']), (key) => keys.has(key), () => [other], { count: 2 })
      expect(whole.map((shard) => shard.kind)).toEqual(['base', 'base'])
      expect(whole.find((shard) => shard.number === home.number)!.posts).toEqual(home.posts)
    }
  })

  it(`indexes whole a shard of fewer than ${OVERLAY_MIN_SHARD_POSTS} posts (the same files as a clean build), or of fewer than asked`, () => {
    const keys = new Set(bases.map((shard) => shard.key))
    const few = all.slice(0, OVERLAY_MIN_SHARD_POSTS - 1)
    const small = searchShards(few, 'index', sourceKey, 1)
    const smallKeys = new Set(small.map((shard) => shard.key))
    const edited = planSearchShards(few, 'index', edit(['post-7']), (key) => smallKeys.has(key), () => small.map((shard) => recordOf(shard, 1)), { count: 1 })
    expect(edited).toEqual(searchShards(few, 'index', edit(['post-7']), 1))
    expect(planSearchShards(few, 'index', edit(['post-7']), (key) => smallKeys.has(key), () => small.map((shard) => recordOf(shard, 1)), { count: 1, minShardPosts: 1 }).map((shard) => shard.kind)).toEqual(['base', 'edits'])
    const whole = planSearchShards(all, 'index', edit(['post-7']), (key) => keys.has(key), () => bases.map((shard) => recordOf(shard)), { count: 2, minShardPosts: 1000 })
    expect(whole).toEqual(searchShards(all, 'index', edit(['post-7']), 2))
  })

  it(`indexes whole the shards that differ most once more than ${OVERLAY_MAX_POSTS} posts would be indexed apart`, () => {
    const keys = new Set(bases.map((shard) => shard.key))
    const [few, many] = [bases[0]!.posts.slice(0, 3), bases[1]!.posts.slice(0, OVERLAY_MAX_POSTS)].map((list) => list.map((one) => one.slug))
    const plan = planSearchShards(all, 'index', edit([...few!, ...many!]), (key) => keys.has(key), () => bases.map((shard) => recordOf(shard)), { count: 2 })
    expect(plan.map((shard) => [shard.kind, shard.hidden.length, shard.posts.length])).toEqual([
      ['base', 3, 0],
      ['base', 0, bases[1]!.posts.length],
      ['edits', 0, 3],
    ])
  })
})
