import { describe, expect, it } from 'vitest'
import { IMMUTABLE, MEDIUM, REVALIDATE, cacheControlFor, isDocument } from './cacheControlFor.ts'

describe('cacheControlFor, defaults', () => {
  it.each([
    ['assets/entries/entry-client-routing.5sxvJPPo.js', IMMUTABLE],
    ['assets/chunks/chunk-XKyaHtl9.js', IMMUTABLE],
    ['assets/static/Layout.Caf63VvY.css', IMMUTABLE],
    ['assets/static/pdf.worker.min.qwK7q_zL.mjs', IMMUTABLE],
    // The search index: each shard's folder is named by its content, the list of them is asked for every time.
    ['assets/search/6b712e955bf56384/pagefind-entry.json', IMMUTABLE],
    ['assets/search/6b712e955bf56384/pagefind.js', IMMUTABLE],
    ['assets/search/6b712e955bf56384/fragment/en_2332644.pf_fragment', IMMUTABLE],
    ['blog/search/shards.json', REVALIDATE],
    ['index.html', REVALIDATE],
    ['404.html', REVALIDATE],
    ['blog/index.html', REVALIDATE],
    ['blog/page/2/index.html', REVALIDATE],
    ['index.pageContext.json', REVALIDATE],
    ['blog/some-post/index.pageContext.json', REVALIDATE],
    ['sitemap.xml', REVALIDATE],
    ['sitemap-0.xml', REVALIDATE],
    ['robots.txt', REVALIDATE],
    ['llms.txt', REVALIDATE],
    ['blog/some-post/index.md', REVALIDATE],
    ['feed.xml', REVALIDATE],
    ['rss.xml', REVALIDATE],
    ['blog/atom.xml', REVALIDATE],
    ['blog/feed.json', REVALIDATE],
    ['blog/index.rss', REVALIDATE],
    // public/ files keep their names across builds: never immutable
    ['images/blog/x-dark.svg', MEDIUM],
    ['uploads/privacy-policy.pdf', MEDIUM],
    ['favicon.svg', MEDIUM],
    ['brand/logo-light.svg', MEDIUM],
    ['images/assets/x.png', MEDIUM],
    ['data.json', MEDIUM],
    ['notes.txt', MEDIUM],
  ])('%s → %s', (path, expected) => {
    expect(cacheControlFor(path)).toBe(expected)
  })
})

describe('cacheControlFor, rules of the config', () => {
  const rules = [
    { match: 'uploads/*.pdf', value: 'public, max-age=86400' },
    { match: '/images/**', value: 'public, max-age=604800' },
    { match: '**/*.html', value: 'no-cache' },
    { match: '.well-known/*', value: 'public, max-age=60' },
    { match: 'images/blog/**', value: 'never reached: an earlier rule matches first' },
  ]

  it.each([
    ['uploads/privacy-policy.pdf', 'public, max-age=86400'],
    ['uploads/2025/old.pdf', MEDIUM], // * does not cross '/'
    ['images/blog/x-dark.svg', 'public, max-age=604800'], // a leading '/' in a rule is ignored
    ['index.html', 'no-cache'],
    ['blog/post/index.html', 'no-cache'],
    ['.well-known/security.txt', 'public, max-age=60'], // dotfiles match
    ['blog/post/index.pageContext.json', REVALIDATE], // no rule: the default
    ['assets/chunks/chunk-XKyaHtl9.js', IMMUTABLE],
  ])('%s → %s', (path, expected) => {
    expect(cacheControlFor(path, rules)).toBe(expected)
  })

  it('a rule can override the hashed assets too', () => {
    expect(cacheControlFor('assets/chunks/a.js', [{ match: 'assets/**', value: 'public, max-age=600' }])).toBe('public, max-age=600')
  })
})

describe('isDocument', () => {
  it.each([
    ['index.html', true],
    ['a/b.htm', true],
    ['blog/index.pageContext.json', true],
    ['robots.txt', true],
    ['llms.txt', true],
    ['blog/some-post/index.md', true],
    ['docs/notes.md', false],
    ['sitemap.xml', true],
    ['data/robots.txt.bak', false],
    ['assets/entries/x.js', false],
    ['uploads/terms.pdf', false],
    ['config.xml', false],
  ])('%s → %s', (path, expected) => {
    expect(isDocument(path)).toBe(expected)
  })
})
