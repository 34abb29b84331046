import { describe, expect, it } from 'vitest'
import { authorPageUrl, listPageUrl, listRoot, tagFeedUrl, tagPageUrl } from './urls.ts'

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
