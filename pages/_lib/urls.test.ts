import { describe, expect, it } from 'vitest'
import { authorPageUrl, listPagesOf, listPageUrl, listRoot, pageUrls, tagFeedUrl, tagPageUrl } from './urls.ts'

// The route table of DECISIONS.md (Routes), by hand.
describe('list URLs', () => {
  it.each([
    [listPageUrl('/blog/', 1), '/blog/'],
    [listPageUrl('/blog/', 2), '/blog/page/2/'],
    [tagPageUrl('rbac'), '/blog/tags/rbac/'],
    [tagPageUrl('rbac', 3), '/blog/tags/rbac/page/3/'],
    [authorPageUrl('maya-chen'), '/blog/authors/maya-chen/'],
    [authorPageUrl('maya-chen', 2), '/blog/authors/maya-chen/page/2/'],
    [listRoot(), '/blog/'],
    [listRoot({ kind: 'tag', slug: 'rbac' }), '/blog/tags/rbac/'],
    [listRoot({ kind: 'author', slug: 'maya-chen' }), '/blog/authors/maya-chen/'],
    [tagFeedUrl('rbac'), '/blog/tags/rbac/rss.xml'],
  ])('%s is %s', (url, expected) => {
    expect(url).toBe(expected)
  })
})

const post = (slug: string, author: string, tags: string[]) => ({ slug, author, tags })
// Newest first; with 2 posts a page, Maya Chen's and rbac's lists have two pages.
const posts = [
  post('one', 'Maya Chen', ['RBAC', 'audit']),
  post('two', 'maya chen', ['rbac']),
  post('three', 'Daniel Okafor', ['rbac', '日本']),
  post('four', 'Maya Chen', []),
]

describe('listPagesOf', () => {
  it("lists the blog's pages, then each tag's, then each author's, each paginated", () => {
    expect(listPagesOf(posts, { pageSize: 2, tagPageSize: 2 })).toEqual([
      '/blog/',
      '/blog/page/2/',
      '/blog/tags/rbac/',
      '/blog/tags/rbac/page/2/',
      '/blog/tags/audit/',
      '/blog/authors/maya-chen/',
      '/blog/authors/maya-chen/page/2/',
      '/blog/authors/daniel-okafor/',
    ])
  })
})

describe('listPagesOf, with the sizes apart', () => {
  it('pages the blog by pageSize and every tag and author by tagPageSize', () => {
    expect(listPagesOf(posts, { pageSize: 3, tagPageSize: 1 })).toEqual([
      '/blog/',
      '/blog/page/2/',
      '/blog/tags/rbac/',
      '/blog/tags/rbac/page/2/',
      '/blog/tags/rbac/page/3/',
      '/blog/tags/audit/',
      '/blog/authors/maya-chen/',
      '/blog/authors/maya-chen/page/2/',
      '/blog/authors/maya-chen/page/3/',
      '/blog/authors/daniel-okafor/',
    ])
  })
})

describe('pageUrls', () => {
  it('names every page of a site: the fixed pages, the lists, both indexes, the search page and the posts, sorted', () => {
    expect(pageUrls(posts, { pageSize: 2, tagPageSize: 2 })).toEqual([
      '/',
      '/blog/',
      '/blog/authors/',
      '/blog/authors/daniel-okafor/',
      '/blog/authors/maya-chen/',
      '/blog/authors/maya-chen/page/2/',
      '/blog/four/',
      '/blog/one/',
      '/blog/page/2/',
      '/blog/search/',
      '/blog/tags/',
      '/blog/tags/audit/',
      '/blog/tags/rbac/',
      '/blog/tags/rbac/page/2/',
      '/blog/three/',
      '/blog/two/',
      '/pricing/',
      '/privacy-policy/',
      '/terms-of-service/',
    ])
  })
})
