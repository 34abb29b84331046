import { describe, expect, it } from 'vitest'
import { normalizeBase } from '../util/normalizeBase.ts'
import { resolveKey } from './resolveKey.ts'

const keys = new Set(['/index.html', '/blog/index.html', '/blog/page/2/index.html', '/assets/app.js', '/feed.xml', '/a b/index.html'])
const lookup = (key: string) => (keys.has(key) ? key : undefined)

describe('resolveKey', () => {
  it.each([
    ['/', '/', { kind: 'file', key: '/index.html', found: '/index.html' }],
    ['/index.html', '/', { kind: 'file', key: '/index.html', found: '/index.html' }],
    ['/blog/', '/', { kind: 'file', key: '/blog/index.html', found: '/blog/index.html' }],
    ['/blog/page/2/', '/', { kind: 'file', key: '/blog/page/2/index.html', found: '/blog/page/2/index.html' }],
    ['/assets/app.js', '/', { kind: 'file', key: '/assets/app.js', found: '/assets/app.js' }],
    ['/a%20b/', '/', { kind: 'file', key: '/a b/index.html', found: '/a b/index.html' }],
    ['/blog', '/', { kind: 'redirect', key: '/blog' }],
    ['/blog/page/2', '/', { kind: 'redirect', key: '/blog/page/2' }],
    ['/blog/nope/', '/', { kind: 'not-found', key: '/blog/nope/index.html' }],
    ['/blog/page/', '/', { kind: 'not-found', key: '/blog/page/index.html' }],
    ['/assets', '/', { kind: 'not-found', key: '/assets' }],
    ['/%zz', '/', { kind: 'bad-request' }],
    ['/%2e%2e/secret', '/', { kind: 'forbidden' }],
    ['//evil.example', '/', { kind: 'forbidden' }],
    ['/a%5cb', '/', { kind: 'forbidden' }],
    ['/sub/blog/', '/sub/', { kind: 'file', key: '/blog/index.html', found: '/blog/index.html' }],
    ['/sub/', '/sub/', { kind: 'file', key: '/index.html', found: '/index.html' }],
    ['/sub', '/sub/', { kind: 'redirect', key: '' }],
    ['/sub/blog', '/sub/', { kind: 'redirect', key: '/blog' }],
    ['/blog/', '/sub/', { kind: 'outside-base' }],
    ['/subway/', '/sub/', { kind: 'outside-base' }],
  ])('%s under base %s', async (path, base, expected) => {
    expect(await resolveKey(path, base, lookup)).toEqual(expected)
  })

  it('accepts an asynchronous lookup', async () => {
    expect(await resolveKey('/blog/', '/', async (key) => lookup(key))).toEqual({ kind: 'file', key: '/blog/index.html', found: '/blog/index.html' })
  })
})

describe('normalizeBase', () => {
  it.each([
    ['', '/'],
    ['/', '/'],
    ['docs', '/docs/'],
    ['/docs', '/docs/'],
    ['//docs//', '/docs/'],
    ['/a/b/', '/a/b/'],
  ])('%j → %j', (base, expected) => {
    expect(normalizeBase(base)).toBe(expected)
  })
})
