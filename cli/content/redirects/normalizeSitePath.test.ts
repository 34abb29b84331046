import { describe, expect, it } from 'vitest'
import { normalizeSitePath } from './normalizeSitePath.ts'

describe('normalizeSitePath', () => {
  it.each([
    ['/blog/old-slug', '/blog/old-slug/'],
    ['/blog/old-slug/', '/blog/old-slug/'],
    ['/', '/'],
    ['/docs', '/docs/'],
    ['/old.html', '/old.html/'],
    ['/caf%C3%A9/', '/café/'],
    ['/café', '/café/'],
    ['/a%20b', '/a b/'],
    ['/Blog/Old_Post', '/Blog/Old_Post/'],
  ])('%s → %s', (value, path) => expect(normalizeSitePath(value)).toEqual({ path }))

  it.each([
    ['blog/old/', "must be a path on this site starting with '/', like /blog/old-post/"],
    ['https://example.com/old/', "must be a path on this site starting with '/', like /blog/old-post/"],
    ['//example.com/old/', "must be a path on this site starting with '/', like /blog/old-post/"],
    ['', "must be a path on this site starting with '/', like /blog/old-post/"],
    ['/old/?page=2', 'must be a path alone, without ?query or #fragment (a redirect keeps those of the URL visited)'],
    ['/old/#top', 'must be a path alone, without ?query or #fragment (a redirect keeps those of the URL visited)'],
    ['/old page/', 'must not contain spaces (write a space as %20)'],
    ['/100%/', 'has a % that does not start an escape like %20'],
    ['/a\\b/', 'must not contain backslashes or control characters'],
    ['/a%00b/', 'must not contain backslashes or control characters'],
    ['/a/../b/', "must not contain '//', '/./' or '/../'"],
    ['/a/./b', "must not contain '//', '/./' or '/../'"],
    ['/a//b/', "must not contain '//', '/./' or '/../'"],
    ['/a/%2E%2E/b/', "must not contain '//', '/./' or '/../'"],
  ])('%j: %s', (value, problem) => expect(normalizeSitePath(value)).toEqual({ problem }))
})
