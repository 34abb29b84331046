import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { loadSiteConfig } from '../../cli/content/config/loadSiteConfig.ts'
import type { Post } from '../../cli/content/types.ts'
import { blogListData, blogPostData, termIndexData } from './pageData.ts'

const repo = fileURLToPath(new URL('../..', import.meta.url))
const { config } = await loadSiteConfig(`${repo}site.config.ts`, repo)

const post = (slug: string, fields: Partial<Post> = {}): Post => ({
  slug,
  title: `Title ${slug}`,
  excerpt: 'An excerpt.',
  author: 'A. Writer',
  date: '2025-01-01',
  readTime: '3 min read',
  tags: ['rbac'],
  draft: false,
  redirectFrom: [],
  html: '<p>Body</p>',
  sourceFile: `${slug}.md`,
  locale: 'en',
  ...fields,
})

const content = (posts: Post[]) => ({ config, posts, buildDate: '2025-06-01', includeDrafts: true })

describe('page data', () => {
  it('shows a post without its source file, draft flag, an undefined status or an image variant that repeats the image', () => {
    const posts = [post('a', { image: '/a-dark.svg', darkImage: '/a-dark.svg', lightImage: '/a-light.svg' }), post('b', { lightImage: '/b-light.svg' })]
    const list = blogListData(content(posts), 1)!
    expect(list.posts).toEqual([
      { slug: 'a', title: 'Title a', excerpt: 'An excerpt.', author: 'A. Writer', date: '2025-01-01', readTime: '3 min read', tags: ['rbac'], image: '/a-dark.svg', lightImage: '/a-light.svg', locale: 'en' },
      { slug: 'b', title: 'Title b', excerpt: 'An excerpt.', author: 'A. Writer', date: '2025-01-01', readTime: '3 min read', tags: ['rbac'], lightImage: '/b-light.svg', locale: 'en' },
    ])
    const data = blogPostData(content(posts), 'a', '/')!
    expect(Object.keys(data).sort()).toEqual(['listPage', 'post', 'related', 'totalPages'])
    expect(data.related).toEqual([{ slug: 'b', title: 'Title b', date: '2025-01-01' }])
    expect(data.post).toEqual({ ...list.posts[0], html: '<p>Body</p>' })
  })

  it('leaves out a key without a value, which vike would write out as "!undefined"', () => {
    const posts = [post('a', { updated: undefined, image: undefined })]
    const [listed] = blogListData(content(posts), 1)!.posts
    expect(Object.entries(listed!).filter(([, value]) => value === undefined)).toEqual([])
    const shown = blogPostData(content(posts), 'a', '/')!.post
    expect(Object.entries(shown).filter(([, value]) => value === undefined)).toEqual([])
  })

  it('never offers a draft or a post dated after the build at the end of a post, even where drafts are shown', () => {
    const posts = [post('draft', { draft: true }), post('later', { date: '2025-07-01' }), post('a'), post('b')]
    expect(blogPostData(content(posts), 'a', '/')!.related.map((related) => related.slug)).toEqual(['b'])
    expect(blogPostData(content(posts), 'draft', '/')!.related.map((related) => related.slug)).toEqual(['a', 'b'])
  })

  it('a draft and a post dated after the build carry their status', () => {
    const posts = [post('draft', { draft: true }), post('later', { date: '2025-07-01' })]
    expect(blogListData(content(posts), 1)!.posts.map((shown) => shown.status)).toEqual(['draft', 'scheduled'])
    expect(blogPostData(content(posts), 'later', '/')!.status).toBe('scheduled')
  })
})

describe('a tag’s and an author’s list', () => {
  // Newest first, as the content layer hands them on; the real config shows 2 posts a page.
  const posts = [
    post('one', { tags: ['RBAC', 'audit'], author: 'Maya Chen' }),
    post('two', { tags: ['cilium'], author: 'Daniel Okafor' }),
    post('three', { tags: ['rbac'], author: 'maya chen' }),
    post('four', { tags: ['rbac', 'cilium'], author: 'Maya Chen' }),
    post('five', { tags: ['Audit'], author: 'Priya Raman' }),
  ]
  // Two a page for tags and authors too, to see their pagination with a few posts.
  const site = { ...content(posts), config: { ...config, blog: { ...config.blog, tagPageSize: 2 } } }
  const slugs = (page: number, of?: Parameters<typeof blogListData>[2]) => blogListData(site, page, of)?.posts.map((shown) => shown.slug)

  it('pages a tag’s and an author’s posts by blog.tagPageSize (default 12), the blog’s by blog.pageSize', () => {
    expect([config.blog.pageSize, config.blog.tagPageSize]).toEqual([2, 12])
    expect(blogListData(content(posts), 1, { kind: 'tag', slug: 'rbac' })).toMatchObject({ page: 1, totalPages: 1 })
    expect(blogListData(content(posts), 1)).toMatchObject({ page: 1, totalPages: 3 })
  })

  it('shows only that tag’s posts, newest first, paginated, named as most of its posts write it', () => {
    expect(slugs(1, { kind: 'tag', slug: 'rbac' })).toEqual(['one', 'three'])
    expect(slugs(2, { kind: 'tag', slug: 'rbac' })).toEqual(['four'])
    expect(blogListData(site, 2, { kind: 'tag', slug: 'rbac' })).toMatchObject({
      page: 2,
      totalPages: 2,
      scope: { kind: 'tag', slug: 'rbac', name: 'rbac', count: 3 },
    })
    // 'audit' and 'Audit' once each: the newest post's spelling.
    expect(blogListData(site, 1, { kind: 'tag', slug: 'audit' })?.scope).toEqual({ kind: 'tag', slug: 'audit', name: 'audit', count: 2 })
  })

  it('shows only that author’s posts, whatever the case of their name in each', () => {
    expect(slugs(1, { kind: 'author', slug: 'maya-chen' })).toEqual(['one', 'three'])
    expect(slugs(2, { kind: 'author', slug: 'maya-chen' })).toEqual(['four'])
    expect(blogListData(site, 1, { kind: 'author', slug: 'maya-chen' })?.scope).toEqual({ kind: 'author', slug: 'maya-chen', name: 'Maya Chen', count: 3 })
    expect(blogListData(site, 1, { kind: 'author', slug: 'priya-raman' })).toMatchObject({ page: 1, totalPages: 1 })
  })

  it('the blog’s own list has no scope, and all the posts', () => {
    const list = blogListData(site, 3)!
    expect([list.posts.map((shown) => shown.slug), list.totalPages, 'scope' in list]).toEqual([['five'], 3, false])
  })

  it('is not found for a tag or an author no post has, a page out of range, or a tag asked as an author', () => {
    expect(blogListData(site, 1, { kind: 'tag', slug: 'zero-trust' })).toBeUndefined()
    expect(blogListData(site, 1, { kind: 'author', slug: 'ana-ruiz' })).toBeUndefined()
    expect(blogListData(site, 3, { kind: 'tag', slug: 'rbac' })).toBeUndefined()
    expect(blogListData(site, 0, { kind: 'tag', slug: 'rbac' })).toBeUndefined()
    expect(blogListData(site, 2, { kind: 'author', slug: 'daniel-okafor' })).toBeUndefined()
    expect(blogListData(site, 1, { kind: 'author', slug: 'rbac' })).toBeUndefined()
    expect(blogListData(site, 4)).toBeUndefined()
  })

  it('indexes every tag and every author by name, with their numbers of posts', () => {
    expect(termIndexData(site, 'tag')).toEqual({
      kind: 'tag',
      terms: [
        { slug: 'audit', name: 'audit', count: 2 },
        { slug: 'cilium', name: 'cilium', count: 2 },
        { slug: 'rbac', name: 'rbac', count: 3 },
      ],
    })
    expect(termIndexData(site, 'author')).toEqual({
      kind: 'author',
      terms: [
        { slug: 'daniel-okafor', name: 'Daniel Okafor', count: 1 },
        { slug: 'maya-chen', name: 'Maya Chen', count: 3 },
        { slug: 'priya-raman', name: 'Priya Raman', count: 1 },
      ],
    })
    expect(termIndexData(content([]), 'tag')).toEqual({ kind: 'tag', terms: [] })
  })
})
