import { describe, expect, it } from 'vitest'
import { absoluteUrl, pagePath } from './absoluteUrl.ts'

describe('absoluteUrl', () => {
  it.each([
    ['/', '/', 'https://kubeguard.dev/'],
    ['/', '/blog/x/', 'https://kubeguard.dev/blog/x/'],
    ['/marketing/', '/blog/rss.xml', 'https://kubeguard.dev/marketing/blog/rss.xml'],
    ['/marketing/', 'images/a.svg', 'https://kubeguard.dev/marketing/images/a.svg'],
    ['/', 'https://cdn.example.com/a.png', 'https://cdn.example.com/a.png'],
  ])('base %s + %s → %s', (base, path, expected) => {
    expect(absoluteUrl('https://kubeguard.dev', base, path)).toBe(expected)
  })
})

describe('pagePath', () => {
  it.each([
    ['/pricing', '/pricing/'],
    ['/blog/', '/blog/'],
    ['/', '/'],
    ['/blog/rss.xml', '/blog/rss.xml'],
  ])('%s → %s', (path, expected) => {
    expect(pagePath(path)).toBe(expected)
  })
})
