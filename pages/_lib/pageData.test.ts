import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { loadSiteConfig } from '../../cli/content/loadSiteConfig.ts'
import type { Post } from '../../cli/content/types.ts'
import { blogListData, blogPostData } from './pageData.ts'

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
  ...fields,
})

const content = (posts: Post[]) => ({ config, posts, buildDate: '2025-06-01', includeDrafts: true })

describe('page data', () => {
  it('shows a post without its source file, draft flag, an undefined status or an image variant that repeats the image', () => {
    const posts = [post('a', { image: '/a-dark.svg', darkImage: '/a-dark.svg', lightImage: '/a-light.svg' }), post('b', { lightImage: '/b-light.svg' })]
    const list = blogListData(content(posts), 1)!
    expect(list.posts).toEqual([
      { slug: 'a', title: 'Title a', excerpt: 'An excerpt.', author: 'A. Writer', date: '2025-01-01', readTime: '3 min read', tags: ['rbac'], image: '/a-dark.svg', lightImage: '/a-light.svg' },
      { slug: 'b', title: 'Title b', excerpt: 'An excerpt.', author: 'A. Writer', date: '2025-01-01', readTime: '3 min read', tags: ['rbac'], lightImage: '/b-light.svg' },
    ])
    const data = blogPostData(content(posts), 'a', '/')!
    expect(Object.keys(data).sort()).toEqual(['listPage', 'post', 'totalPages'])
    expect(data.post).toEqual({ ...list.posts[0], html: '<p>Body</p>' })
  })

  it('a draft and a post dated after the build carry their status', () => {
    const posts = [post('draft', { draft: true }), post('later', { date: '2025-07-01' })]
    expect(blogListData(content(posts), 1)!.posts.map((shown) => shown.status)).toEqual(['draft', 'scheduled'])
    expect(blogPostData(content(posts), 'later', '/')!.status).toBe('scheduled')
  })
})
