import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { crawlFiles as crawl } from '../../tests/support/crawlFiles.ts'
import { renderRedirectPage } from '../generator/siteFiles/redirectPage.ts'
import { crawlSite } from './crawlSite.ts'
import type { Finding } from './findings.ts'

/** A complete page: title, description, then the body given. */
const page = (title: string, body = '', head = '<meta name="description" content="A page.">') =>
  `<!doctype html><html><head><title>${title}</title>${head}</head><body>${body}</body></html>`

const brief = (findings: Finding[]) => findings.map(({ code, page, target }) => [code, page, target])

describe('crawlSite', () => {
  it('finds exactly the four problems of the fixture build', async () => {
    const outDir = fileURLToPath(new URL('./__fixtures__/dist-broken', import.meta.url))
    const { findings, pagesChecked } = await crawlSite({ outDir, base: '/', siteUrl: 'https://kubeguard.dev', shownOut: 'dist' })
    expect(pagesChecked).toBe(3)
    expect(findings).toEqual([
      { severity: 'error', code: 'BROKEN_LINK', page: '/', target: '/pricing/', message: 'link to /pricing/ is not in dist/ (object storage answers 404)' },
      {
        severity: 'error',
        code: 'LINK_NEEDS_REDIRECT',
        page: '/',
        target: '/about',
        message: 'link to /about has no trailing slash: object storage answers it with a redirect to /about/',
        hint: 'Write /about/.',
      },
      { severity: 'error', code: 'BROKEN_ANCHOR', page: '/about/', target: '/#plans', message: 'link to /#plans names #plans, but / has no element with id="plans"' },
      {
        severity: 'error',
        code: 'MISSING_IMAGE',
        page: '/about/',
        target: '/images/team.png',
        message: 'image /images/team.png is not in dist/ (object storage answers 404)',
        hint: 'Files in public/ are copied into the build as they are: add the image there, or fix the path.',
      },
    ])
  })

  it('resolves relative, root-relative and absolute links like object storage', async () => {
    const { findings } = await crawl(
      {
        'index.html': page('Home', '<a href="blog/">b</a><a href="./blog/page/2/">2</a><a href="https://example.com/blog/">abs</a><a href="https://example.com/nope/">x</a><a href="/blog/page">p</a><a href="/blog/page/2">p2</a><a href="/%zz/">z</a><a href="blog/../nope/">n</a>'),
        'blog/index.html': page('Blog', '<a href="../">home</a><a href="page/2/">2</a><a href="post/">missing</a>'),
        'blog/page/2/index.html': page('Blog page 2', '<a href="../../">blog</a>'),
      },
      { siteUrl: 'https://example.com' },
    )
    expect(brief(findings)).toEqual([
      ['BROKEN_LINK', '/', 'https://example.com/nope/'],
      ['BROKEN_LINK', '/', '/blog/page'],
      ['LINK_NEEDS_REDIRECT', '/', '/blog/page/2'],
      ['BROKEN_LINK', '/', '/%zz/'],
      ['BROKEN_LINK', '/', 'blog/../nope/'],
      ['BROKEN_LINK', '/blog/', 'post/'],
    ])
  })

  it('leaves other sites and non-web schemes alone, and absolute URLs too when the site URL is unknown', async () => {
    const body = '<a href="https://other.example/nope/">o</a><a href="//cdn.example/x.js">c</a><a href="mailto:a@b.c">m</a><a href="tel:+1">t</a><img src="data:image/png;base64,AA" alt=""><a href="https://example.com/nope/">x</a>'
    expect((await crawl({ 'index.html': page('Home', body) })).findings).toEqual([])
    expect(brief((await crawl({ 'index.html': page('Home', body) }, { siteUrl: 'https://example.com/' })).findings)).toEqual([
      ['BROKEN_LINK', '/', 'https://example.com/nope/'],
    ])
  })

  it('respects the base: pages are served under it, and a link that leaves it is broken', async () => {
    const { findings } = await crawl(
      {
        'index.html': page('Home', '<a href="/docs/blog/">ok</a><a href="/blog/">outside</a><img src="/images/a.png" alt="A"><a href="/docs">bare base</a>'),
        'blog/index.html': page('Blog', '<a href="/docs/">home</a><a href="/docs/blog">no slash</a>'),
      },
      { base: '/docs/' },
    )
    expect(brief(findings)).toEqual([
      ['BROKEN_LINK', '/docs/', '/blog/'],
      ['MISSING_IMAGE', '/docs/', '/images/a.png'],
      ['LINK_NEEDS_REDIRECT', '/docs/', '/docs'],
      ['LINK_NEEDS_REDIRECT', '/docs/blog/', '/docs/blog'],
    ])
    expect(findings[0]?.message).toBe("link to /blog/ is outside the site's base /docs/, so object storage does not have it")
    expect(findings[0]?.hint).toBe('Write site paths through the base: /docs/blog/.')
  })

  it('checks anchors on the same page and on others', async () => {
    const { findings } = await crawl({
      'index.html': page(
        'Home',
        '<h2 id="über">x</h2><a href="#über">ok</a><a href="#%C3%BCber">encoded</a><a href="#">top</a><a href="#top">top</a><a href="#:~:text=x">text</a><a href="#gone">x</a><a href="/guide.pdf#page=2">pdf</a><a href="/blog/#posts">ok</a><a href="/blog/#nope">x</a>',
      ),
      'blog/index.html': page('Blog', '<ul id="posts"></ul>'),
      'guide.pdf': '%PDF',
    })
    expect(brief(findings)).toEqual([
      ['BROKEN_ANCHOR', '/', '#gone'],
      ['BROKEN_ANCHOR', '/', '/blog/#nope'],
    ])
    expect(findings.map((item) => item.message)).toEqual([
      'link to #gone names #gone, but this page has no element with id="gone"',
      'link to /blog/#nope names #nope, but /blog/ has no element with id="nope"',
    ])
  })

  it('reports missing assets and a canonical URL that is not a page', async () => {
    const head = '<meta name="description" content="d"><link rel="stylesheet" href="/s.css"><link rel="modulepreload" href="/gone.js">'
    const { findings } = await crawl(
      {
        'index.html': page(
          'Home',
          '<script src="/app.js"></script><video src="/v.mp4" poster="/v.jpg"></video>',
          `${head}<link rel="canonical" href="https://example.com/"><link rel="alternate" type="application/rss+xml" href="https://example.com/blog/rss.xml">`,
        ),
        'a/index.html': page('A', '', `${head}<link rel="canonical" href="https://example.com/b/">`),
        'c/index.html': page('C', '', `${head}<link rel="canonical" href="https://example.com/c">`),
        's.css': '',
        'app.js': '',
      },
      { siteUrl: 'https://example.com' },
    )
    expect(brief(findings)).toEqual([
      ['MISSING_ASSET', '/', '/gone.js'],
      ['BROKEN_LINK', '/', 'https://example.com/blog/rss.xml'],
      ['MISSING_ASSET', '/', '/v.mp4'],
      ['MISSING_IMAGE', '/', '/v.jpg'],
      ['MISSING_ASSET', '/a/', '/gone.js'],
      ['BROKEN_CANONICAL', '/a/', 'https://example.com/b/'],
      ['MISSING_ASSET', '/c/', '/gone.js'],
      ['LINK_NEEDS_REDIRECT', '/c/', 'https://example.com/c'],
    ])
    expect(findings[0]?.message).toBe('<link rel=modulepreload> /gone.js is not in dist/ (object storage answers 404)')
    expect(findings[1]?.message).toBe('link to /blog/rss.xml (<link rel=alternate>) is not in dist/ (object storage answers 404)')
    expect(findings[5]?.message).toBe('canonical URL https://example.com/b/ is not a page of this site')
  })

  it('reports titles, descriptions, alt text and remote images without a size; a noindex page needs no description and may share a title', async () => {
    const noindex = '<meta name="robots" content="noindex">'
    const { findings } = await crawl({
      'index.html': page('Home', '<img src="/a.svg"><img src="/a.svg" alt="">'),
      'a/index.html': page('Same', '<img src="https://example.org/chart.png" alt="A chart"><img src="https://example.org/sized.png" alt="" width="640" height="360">'),
      'b/index.html': page('Same', ''),
      'c/index.html': '<!doctype html><html><head></head><body><svg><title>icon</title></svg></body></html>',
      '404.html': page('Same', '', noindex),
      'a.svg': '<svg/>',
    })
    expect(findings.map(({ severity, code, page: at, target }) => [severity, code, at, target])).toEqual([
      ['error', 'IMAGE_WITHOUT_ALT', '/', '/a.svg'],
      ['warning', 'REMOTE_IMAGE_WITHOUT_SIZE', '/a/', 'https://example.org/chart.png'],
      ['warning', 'DUPLICATE_TITLE', '/a/', 'Same'],
      ['warning', 'DUPLICATE_TITLE', '/b/', 'Same'],
      ['error', 'MISSING_TITLE', '/c/', undefined],
      ['warning', 'MISSING_DESCRIPTION', '/c/', undefined],
    ])
    expect(findings[2]?.message).toBe('title "Same" is also the title of /b/')
  })

  it('compares titles within a language: a German page may share its English twin\'s title', async () => {
    const inLanguage = (lang: string, title: string) => `<!doctype html><html lang="${lang}"><head><title>${title}</title><meta name="description" content="d"></head><body></body></html>`
    const { findings } = await crawl({
      'index.html': inLanguage('en', 'Home'),
      'blog/index.html': inLanguage('en', 'Blog | KubeGuard'),
      'de/blog/index.html': inLanguage('de', 'Blog | KubeGuard'),
      'de/blog/page/2/index.html': inLanguage('de', 'Blog | KubeGuard'),
    })
    expect(findings.map(({ code, page: at }) => [code, at])).toEqual([
      ['DUPLICATE_TITLE', '/de/blog/'],
      ['DUPLICATE_TITLE', '/de/blog/page/2/'],
    ])
  })

  it('reports a problem once per page, however often the page repeats it', async () => {
    const { findings } = await crawl({
      'index.html': page('Home', '<a href="/x/">1</a><a href="/x/">2</a><img src="/y.png" alt=""><img src="/z.png" srcset="/y.png 2x" alt="">'),
      'a/index.html': page('A', '<a href="/x/">again</a>'),
    })
    expect(brief(findings)).toEqual([
      ['BROKEN_LINK', '/', '/x/'],
      ['MISSING_IMAGE', '/', '/y.png'],
      ['MISSING_IMAGE', '/', '/z.png'],
      ['BROKEN_LINK', '/a/', '/x/'],
    ])
  })
})

describe('crawlSite and redirect pages', () => {
  const moved = (target: string, base = '/') => renderRedirectPage({ target, base, siteUrl: 'https://example.com' })

  it('follows a redirect page to its page, asks nothing of it a page needs, and warns of links to it', async () => {
    const { findings, pagesChecked } = await crawl(
      {
        'index.html': page('Home', '<a href="/docs/blog/new/">ok</a><a href="/docs/blog/old/">moved</a><a href="/docs/blog/old/?q=1#part">moved, anchor</a><a href="/docs/blog/old/#nope">x</a>'),
        'blog/new/index.html': page('New', '<h2 id="part">Part</h2>'),
        'blog/old/index.html': moved('/blog/new/', '/docs/'),
        'blog/older/index.html': moved('/blog/new/', '/docs/'),
      },
      { base: '/docs/', siteUrl: 'https://example.com' },
    )
    expect(pagesChecked).toBe(4)
    expect(findings.map(({ severity, code, target, message, hint }) => [severity, code, target, message, hint])).toEqual([
      ['warning', 'LINK_TO_REDIRECT', '/docs/blog/old/', 'link to /docs/blog/old/ leads to a page that has moved to /docs/blog/new/', 'Link to /docs/blog/new/ directly.'],
      ['warning', 'LINK_TO_REDIRECT', '/docs/blog/old/?q=1#part', 'link to /docs/blog/old/ leads to a page that has moved to /docs/blog/new/', 'Link to /docs/blog/new/?q=1#part directly.'],
      ['warning', 'LINK_TO_REDIRECT', '/docs/blog/old/#nope', 'link to /docs/blog/old/ leads to a page that has moved to /docs/blog/new/', 'Link to /docs/blog/new/#nope directly.'],
      ['error', 'BROKEN_ANCHOR', '/docs/blog/old/#nope', 'link to /docs/blog/old/#nope names #nope, but /docs/blog/new/ has no element with id="nope"', undefined],
    ])
  })

  it('fails on a redirect to what is not a page of the site, a chain and a loop', async () => {
    const { findings } = await crawl(
      {
        'index.html': page('Home'),
        'pricing/index.html': page('Pricing'),
        'guide.pdf': '%PDF',
        'gone/index.html': moved('/nowhere/'),
        'pdf/index.html': '<html><head><meta http-equiv="refresh" content="0; url=/guide.pdf"></head></html>',
        'bare/index.html': '<html><head><meta http-equiv="refresh" content="0; url=/pricing"></head></html>',
        'away/index.html': '<html><head><meta http-equiv="refresh" content="0; url=https://elsewhere.example/"></head></html>',
        'one/index.html': moved('/two/'),
        'two/index.html': moved('/pricing/'),
        'ping/index.html': moved('/pong/'),
        'pong/index.html': moved('/ping/'),
        'self/index.html': moved('/self/'),
        'into-loop/index.html': moved('/ping/'),
      },
      { siteUrl: 'https://example.com' },
    )
    expect(findings.map(({ code, page: at, message }) => [code, at, message])).toEqual([
      ['BROKEN_REDIRECT', '/away/', 'redirects to https://elsewhere.example/, which is not a page of this site'],
      ['BROKEN_REDIRECT', '/bare/', 'redirects to /pricing, which has no trailing slash: object storage answers it with one more redirect, to /pricing/'],
      ['BROKEN_REDIRECT', '/gone/', 'redirects to /nowhere/, which is not in dist/ (object storage answers 404)'],
      ['REDIRECT_LOOP', '/into-loop/', 'redirects in a loop: /into-loop/ → /ping/ → /pong/ → /ping/'],
      ['REDIRECT_CHAIN', '/one/', 'redirects to /two/, which redirects again: /one/ → /two/ → /pricing/'],
      ['BROKEN_REDIRECT', '/pdf/', 'redirects to /guide.pdf, which is a file, not a page'],
      ['REDIRECT_LOOP', '/ping/', 'redirects in a loop: /ping/ → /pong/ → /ping/'],
      ['REDIRECT_LOOP', '/pong/', 'redirects in a loop: /pong/ → /ping/ → /pong/'],
      ['REDIRECT_LOOP', '/self/', 'redirects in a loop: /self/ → /self/'],
    ])
    expect(findings.every((item) => item.severity === 'error')).toBe(true)
    expect(findings.find((item) => item.code === 'REDIRECT_CHAIN')?.hint).toBe('Redirect to /pricing/ directly.')
  })

  it('finds a control character in a page built elsewhere, raw or as a reference, as an error; a tab, a CRLF, &#0; and &#x85; are fine', async () => {
    const { findings } = await crawl({
      // A browser reads &#0; as U+FFFD, and &#x85; as U+2026 (…), as Windows-1252 has it.
      'index.html': page('Home', '<p>tab\tand CRLF\r\n&#0; &#39; &#x85;</p>'),
      'blog/nul/index.html': page('NUL', '<div data-post-body="">\n<p>a\u0000b</p></div>'),
      'blog/bell/index.html': page('Bell', '<p title="&#7;">ring</p>'),
      'blog/ri/index.html': page('RI', '<p>a&#x8d;b</p>'),
    })
    expect(findings.map(({ severity, code, page, message }) => [severity, code, page, message])).toEqual([
      ['error', 'CONTROL_CHARACTER', '/blog/bell/', 'holds the control character U+0007 (BEL), written as a character reference'],
      ['error', 'CONTROL_CHARACTER', '/blog/nul/', 'holds the control character U+0000 (NUL), at line 2, column 5 of its HTML'],
      ['error', 'CONTROL_CHARACTER', '/blog/ri/', 'holds the control character U+008D, written as a character reference'],
    ])
  })

  it('finds an id on two elements of a page built elsewhere, once each, as an error; ids on one element each, and <a name> beside an id, are fine', async () => {
    const { findings } = await crawl({
      'index.html': page('Home', '<main id="main"><h2 id="plans">Plans</h2><a name="plans"></a></main>'),
      'blog/clash/index.html': page('Clash', '<main id="main"><div data-post-body=""><p id="main">a</p><p id="x">b</p><p id="x">c</p><p id="x">d</p></div></main>'),
    })
    expect(findings.map(({ severity, code, page, target }) => [severity, code, page, target])).toEqual([
      ['error', 'DUPLICATE_ID', '/blog/clash/', '#main'],
      ['error', 'DUPLICATE_ID', '/blog/clash/', '#x'],
    ])
    expect(findings[0]!.message).toBe('id="main" is on more than one element: a link to #main, getElementById and the blog\'s hydration find only the first')
  })
})
