import { describe, expect, it } from 'vitest'
import { RELATED_POSTS, relatedPostsFinder } from './relatedPosts.ts'
import { termSlug } from './taxonomy.ts'

// Newest first, as the build lists posts.
const posts = [
  { slug: 'p0', title: 'P0', date: '2025-06-01', author: 'A', tags: ['other'] },
  { slug: 'p1', title: 'P1', date: '2025-05-01', author: 'A', tags: ['RBAC'] },
  { slug: 'p2', title: 'P2', date: '2025-04-01', author: 'A', tags: ['rbac', 'audit'] },
  { slug: 'p3', title: 'P3', date: '2025-03-01', author: 'A', tags: ['audit', 'rbac', 'k8s'] },
  { slug: 'p4', title: 'P4', date: '2025-02-01', author: 'A', tags: ['rbac', 'audit', 'k8s'] },
  { slug: 'p5', title: 'P5', date: '2025-01-01', author: 'A', tags: [] as string[] },
]
const slugs = (position: number, offered?: (post: (typeof posts)[number]) => boolean) => relatedPostsFinder(posts, offered)(position).map((post) => post.slug)

describe('relatedPosts', () => {
  it('offers the posts sharing the most tags, the newest first among equals, never the post itself', () => {
    // p4 shares 3 tags with p3; p2 shares 2; p1 one ('RBAC' is the tag 'rbac').
    expect(slugs(3)).toEqual(['p4', 'p2', 'p1'])
    expect(slugs(2)).toEqual(['p3', 'p4', 'p1'])
  })

  it('fills up with the newest posts when too few share a tag', () => {
    expect(slugs(0)).toEqual(['p1', 'p2', 'p3'])
    expect(slugs(5)).toEqual(['p0', 'p1', 'p2'])
  })

  it('never offers a post it is told not to (a draft), and gives fewer when there are no more', () => {
    expect(slugs(3, (post) => post.slug !== 'p4')).toEqual(['p2', 'p1', 'p0'])
    expect(relatedPostsFinder(posts.slice(0, 2))(0).map((post) => post.slug)).toEqual(['p1'])
  })

  it('carries only the slug, title and date of each', () => {
    expect(relatedPostsFinder(posts)(3)[0]).toEqual({ slug: 'p4', title: 'P4', date: '2025-02-01' })
  })

  it('finds for every post what a plain ranking by shared tags, then recency, finds (posts with the same tags share a ranking)', () => {
    // 400 posts with 1 to 4 of 6 tags (many posts share a set of tags), a few of them refused.
    let seed = 7
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648)
    const names = ['rbac', 'audit', 'k8s', 'cni', 'gitops', 'RBAC']
    const many = Array.from({ length: 400 }, (_, index) => ({
      slug: `q${index}`,
      title: `Q${index}`,
      date: '2025-01-01',
      author: 'A',
      tags: Array.from({ length: 1 + Math.floor(random() * 4) }, () => names[Math.floor(random() * names.length)]!),
    }))
    const offered = (post: (typeof many)[number]) => !post.slug.endsWith('7')
    const plain = (position: number) => {
      const own = new Set(many[position]!.tags.map(termSlug))
      const sharedWith = (index: number) => new Set(many[index]!.tags.map(termSlug).filter((slug) => own.has(slug))).size
      const others = many.map((_, index) => index).filter((index) => index !== position && offered(many[index]!))
      const ranked = others.filter((index) => sharedWith(index) > 0).sort((a, b) => sharedWith(b) - sharedWith(a) || a - b)
      const best = ranked.slice(0, RELATED_POSTS)
      for (const index of others) if (best.length < RELATED_POSTS && !best.includes(index)) best.push(index)
      return best.map((index) => many[index]!.slug)
    }
    const find = relatedPostsFinder(many, offered)
    for (let position = 0; position < many.length; position++) expect(find(position).map((post) => post.slug), `post ${position}`).toEqual(plain(position))
  })
})
