import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { originOf, rememberOrigin } from './blogOrigin.ts'

// sessionStorage as a browser tab has it; a test of the node environment has none.
let stored: Map<string, string>
beforeEach(() => {
  stored = new Map()
  vi.stubGlobal('sessionStorage', {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => void stored.set(key, String(value)),
  })
})
afterEach(() => vi.unstubAllGlobals())

describe('rememberOrigin and originOf', () => {
  it.each([
    ['/blog/', { path: '/blog/', page: 1, blog: true }],
    ['/blog/page/3/', { path: '/blog/page/3/', page: 3, blog: true }],
    ['/blog/tags/rbac/', { path: '/blog/tags/rbac/', page: 1, blog: false }],
    ['/blog/tags/network-security/page/2/', { path: '/blog/tags/network-security/page/2/', page: 2, blog: false }],
    ['/blog/authors/maya-chen/page/12/', { path: '/blog/authors/maya-chen/page/12/', page: 12, blog: false }],
  ])('keeps the list page %s a post was opened from, per post', (path, origin) => {
    rememberOrigin('a-post', path)
    expect(originOf('a-post')).toEqual(origin)
    expect(originOf('another-post')).toBeUndefined()
  })

  it.each([
    // What the version before tags stored: a page number. A tab open across a deploy has it.
    '2',
    '',
    '/blog',
    '/blog/page/0/',
    '/blog/page/two/',
    '/blog/tags/',
    '/blog/tags/Bad_Slug/',
    '/blog/categories/rbac/',
    '/blog/some-post/',
    '/pricing/',
    '//evil.example/blog/',
    'https://evil.example/blog/',
    'javascript:alert(1)//blog/',
    '/blog/tags/rbac/../../../pricing/',
    '/blog/\n/pricing/',
  ])('ignores %j in storage, written by hand or by another version: Back to Blog then takes its own way', (value) => {
    stored.set('kube-site:blog-origin:a-post', value)
    expect(originOf('a-post')).toBeUndefined()
  })

  it('never throws where storage is disabled', () => {
    const denied = () => {
      throw new DOMException('The operation is insecure.', 'SecurityError')
    }
    vi.stubGlobal('sessionStorage', { getItem: denied, setItem: denied })
    expect(() => rememberOrigin('a-post', '/blog/page/2/')).not.toThrow()
    expect(originOf('a-post')).toBeUndefined()
  })
})
