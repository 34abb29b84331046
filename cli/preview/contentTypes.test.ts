import { describe, it, expect } from 'vitest'
import { contentTypeFor, isTextContentType } from './contentTypes.ts'

describe('contentTypeFor', () => {
  it.each([
    ['index.html', 'text/html; charset=utf-8'],
    ['old/page.htm', 'text/html; charset=utf-8'],
    ['BLOG/INDEX.HTML', 'text/html; charset=utf-8'],
    ['assets/site.css', 'text/css; charset=utf-8'],
    ['assets/app-abc123.js', 'text/javascript; charset=utf-8'],
    ['assets/x.mjs', 'text/javascript; charset=utf-8'],
    ['data.json', 'application/json; charset=utf-8'],
    ['blog/index.pageContext.json', 'application/json; charset=utf-8'],
    ['assets/app.js.map', 'application/json; charset=utf-8'],
    ['sitemap.xml', 'application/xml; charset=utf-8'],
    ['feed.rss', 'application/rss+xml; charset=utf-8'],
    ['feed.atom', 'application/atom+xml; charset=utf-8'],
    ['robots.txt', 'text/plain; charset=utf-8'],
    ['README.md', 'text/markdown; charset=utf-8'],
    ['prices.csv', 'text/csv; charset=utf-8'],
    ['logo.svg', 'image/svg+xml'],
    ['logo.png', 'image/png'],
    ['photo.jpg', 'image/jpeg'],
    ['photo.JPEG', 'image/jpeg'],
    ['anim.gif', 'image/gif'],
    ['hero.webp', 'image/webp'],
    ['hero.avif', 'image/avif'],
    ['favicon.ico', 'image/x-icon'],
    ['font.woff', 'font/woff'],
    ['font.woff2', 'font/woff2'],
    ['font.ttf', 'font/ttf'],
    ['font.otf', 'font/otf'],
    ['uploads/doc.pdf', 'application/pdf'],
    ['demo.mp4', 'video/mp4'],
    ['demo.webm', 'video/webm'],
    ['module.wasm', 'application/wasm'],
    ['site.webmanifest', 'application/manifest+json'],
    ['C:\\dist\\assets\\App.CSS', 'text/css; charset=utf-8'],
  ])('%s → %s', (file, type) => {
    expect(contentTypeFor(file)).toBe(type)
  })

  it.each([
    'archive.tar.gz',
    'LICENSE',
    'v1.2/LICENSE',
    '.htaccess',
    'dir/',
    'file.',
    '',
    'x.constructor',
    'x.__proto__',
    'x.toString',
  ])('%s → application/octet-stream', (file) => {
    expect(contentTypeFor(file)).toBe('application/octet-stream')
  })
})

describe('isTextContentType', () => {
  it.each([
    'text/html; charset=utf-8',
    'text/css',
    'TEXT/PLAIN',
    'text/javascript; charset=utf-8',
    'application/javascript',
    'application/json; charset=utf-8',
    'application/ld+json',
    'application/xml; charset=utf-8',
    'application/rss+xml; charset=utf-8',
    'application/atom+xml; charset=utf-8',
    'application/manifest+json',
    'image/svg+xml',
  ])('%s is text', (type) => {
    expect(isTextContentType(type)).toBe(true)
  })

  it.each([
    'image/png',
    'image/x-icon',
    'font/woff2',
    'application/pdf',
    'application/wasm',
    'video/mp4',
    'application/octet-stream',
    'application/jsonp-not-really',
    '',
  ])('%s is not text', (type) => {
    expect(isTextContentType(type)).toBe(false)
  })
})
