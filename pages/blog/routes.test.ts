import { describe, expect, it } from 'vitest'
import type { PageContext } from 'vike/types'
import { pageUrls } from '../_lib/urls/routes.ts'
import listRoute from './list/+route.ts'
import postRoute from './post/+route.ts'
import searchRoute from './search/+route.ts'
import termsRoute from './terms/+route.ts'

// The blog's route functions, from the route table of DECISIONS.md by hand: a URL of the
// blog is a list, an index, the search page or a post, never two of them.
const at = (urlPathname: string) => ({ urlPathname }) as PageContext

describe('the list route (the blog, a tag, an author)', () => {
  it.each([
    ['/blog', { page: '1' }],
    ['/blog/', { page: '1' }],
    ['/blog/page/2/', { page: '2' }],
    ['/blog/page/12', { page: '12' }],
    ['/blog/tags/rbac/', { page: '1', tag: 'rbac' }],
    ['/blog/tags/rbac/page/3', { page: '3', tag: 'rbac' }],
    ['/blog/tags/network-security/page/2/', { page: '2', tag: 'network-security' }],
    ['/blog/authors/maya-chen/', { page: '1', author: 'maya-chen' }],
    ['/blog/authors/maya-chen/page/2/', { page: '2', author: 'maya-chen' }],
  ])('%s → %o', (url, routeParams) => {
    expect(listRoute(at(url))).toEqual({ routeParams })
  })

  it.each([
    // Page 1 is the list's own root, with no second URL.
    '/blog/page/1/',
    '/blog/tags/rbac/page/1/',
    '/blog/page/0/',
    '/blog/page/02/',
    '/blog/page/',
    // The indexes are another page.
    '/blog/tags/',
    '/blog/authors/',
    // A URL segment is what termSlug makes: lowercase, digits, single dashes.
    '/blog/tags/Bad_Slug/',
    '/blog/tags/-rbac/',
    '/blog/tags/rbac--audit/',
    '/blog/authors/maya chen/',
    '/blog/categories/rbac/',
    '/blog/tags/rbac/rss.xml',
    '/blog/some-post/',
    '/blogs/',
  ])('%s is not a list', (url) => {
    expect(listRoute(at(url))).toBe(false)
  })
})

describe('the index route', () => {
  it.each([
    ['/blog/tags/', { kind: 'tag' }],
    ['/blog/tags', { kind: 'tag' }],
    ['/blog/authors/', { kind: 'author' }],
  ])('%s → %o', (url, routeParams) => {
    expect(termsRoute(at(url))).toEqual({ routeParams })
  })

  it.each(['/blog/', '/blog/tags/rbac/', '/blog/categories/', '/blog/tag/'])('%s is not an index', (url) => {
    expect(termsRoute(at(url))).toBe(false)
  })
})

describe('the post route', () => {
  it.each([
    ['/blog/least-privilege-network-policies/', 'least-privilege-network-policies'],
    ['/blog/k8s-1-30', 'k8s-1-30'],
    // Only the exact folder is reserved.
    ['/blog/tags-explained/', 'tags-explained'],
  ])('%s → %s', (url, slug) => {
    expect(postRoute(at(url))).toEqual({ routeParams: { slug } })
  })

  it.each(['/blog/page/', '/blog/tags/', '/blog/authors/', '/blog/search/', '/blog/', '/blog/Bad_Slug/', '/blog/a/b/'])('%s is not a post', (url) => {
    expect(postRoute(at(url))).toBe(false)
  })
})

describe('the routes together', () => {
  it('route every page of the blog a site has to exactly one of them', () => {
    const posts = [
      { slug: 'one', author: 'Maya Chen', tags: ['RBAC', 'page', 'tags'] },
      { slug: 'two', author: 'Page', tags: ['rbac', 'authors'] },
      { slug: 'three', author: 'Maya Chen', tags: ['audit'] },
    ]
    const blogPages = pageUrls(posts, { pageSize: 1, tagPageSize: 1 }).filter((url) => url.startsWith('/blog/'))
    expect(blogPages.length).toBeGreaterThan(10)
    for (const url of blogPages) {
      const matches = [listRoute, termsRoute, searchRoute, postRoute].filter((route) => route(at(url)) !== false)
      expect(matches, url).toHaveLength(1)
    }
  })
})
