import { describe, expect, it } from 'vitest'
import { extractLinks } from '../../check/extractLinks.ts'
import { createPolicy, serializePolicy } from '../../security/contentSecurityPolicy.ts'
import { policyBreaches } from '../../security/policyBreaches.ts'
import { escapeAttribute } from '../../util/escapeHtml.ts'
import { REDIRECT_PAGE_TITLE, redirectTargetOf, renderRedirectPage } from './redirectPage.ts'

const siteUrl = 'https://kubeguard.dev'

describe('renderRedirectPage', () => {
  it('redirects at once, keeping the query and #fragment, and tells search engines where the page is', () => {
    const html = renderRedirectPage({ target: '/blog/new-slug/', base: '/', siteUrl, language: 'de' })
    expect(html).toBe(`<!DOCTYPE html>
<html lang="de" dir="ltr">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${escapeAttribute(serializePolicy(createPolicy({ inlineScripts: ['location.replace("/blog/new-slug/" + location.search + location.hash)'] })))}">
<title>This page has moved</title>
<meta name="robots" content="noindex">
<meta name="viewport" content="width=device-width,initial-scale=1">
<link rel="canonical" href="https://kubeguard.dev/blog/new-slug/">
<script>location.replace("/blog/new-slug/" + location.search + location.hash)</script>
<meta http-equiv="refresh" content="0; url=/blog/new-slug/">
</head>
<body>
<p>This page has moved: <a href="/blog/new-slug/">/blog/new-slug/</a></p>
</body>
</html>
`)
  })

  it("is in the site's direction: the language's, or the config's", () => {
    const html = (input: { language?: string; direction?: 'ltr' | 'rtl' }) => /<html[^>]*>/.exec(renderRedirectPage({ target: '/blog/', base: '/', siteUrl, ...input }))![0]
    expect(html({})).toBe('<html lang="en" dir="ltr">')
    expect(html({ language: 'ar' })).toBe('<html lang="ar" dir="rtl">')
    expect(html({ language: 'he', direction: 'ltr' })).toBe('<html lang="he" dir="ltr">')
  })

  // The base is the writer's text: quotes, tags, spaces and non-ASCII must neither break the page
  // nor reach its script as code.
  it.each([
    ['/', '/blog/new-slug/', '/blog/new-slug/'],
    ['/docs/', '/pricing/', '/docs/pricing/'],
    ['/a "b" <c>/', '/blog/x/', '/a%20%22b%22%20%3Cc%3E/blog/x/'],
    ["/it's/", '/blog/x/', '/it%27s/blog/x/'],
    ['/</script><script>alert(1)</script>/', '/', '/%3C/script%3E%3Cscript%3Ealert(1)%3C/script%3E/'],
    ['/café/', '/blog/x/', '/caf%C3%A9/blog/x/'],
    ['/50%25/', '/blog/x/', '/50%25/blog/x/'],
    ['/a&b/', '/blog/x/', '/a&b/blog/x/'],
  ])('under the base %j, the page for %s leads to %s, and reads back so', (base, target, href) => {
    const html = renderRedirectPage({ target, base, siteUrl })
    expect(redirectTargetOf(html)).toBe(href)
    expect(html.match(/<\/?script/gi)).toEqual(['<script', '</script'])
    // Its script runs under its own policy: nothing else would.
    expect(policyBreaches(html, { origin: siteUrl })).toEqual([])
    const facts = extractLinks(html)
    expect(facts.title).toBe(REDIRECT_PAGE_TITLE)
    expect(facts.noindex).toBe(true)
    expect(facts.refs).toEqual([
      { kind: 'canonical', url: new URL(href, siteUrl).href, from: '<link rel=canonical>' },
      { kind: 'link', url: href, from: '<a href>' },
    ])
    // The script gets the target as one string, whatever the base holds.
    const script = /<script>([^<]*)<\/script>/.exec(html)![1]!
    const replaced: string[] = []
    new Function('location', script)({ search: '?q=1', hash: '#part', replace: (url: string) => replaced.push(url) })
    expect(replaced).toEqual([`${href}?q=1#part`])
  })
})

describe('redirectTargetOf', () => {
  it.each([
    ['a page of kube-site', '<!doctype html><html><head><title>T</title></head><body><p>Hi</p></body></html>', undefined],
    ['a refresh after a delay', '<html><head><meta http-equiv="refresh" content="5; url=/news/"></head></html>', undefined],
    ['a refresh of the page itself', '<html><head><meta http-equiv="refresh" content="0"></head></html>', undefined],
    ['a refresh written in the body', '<html><head></head><body><meta http-equiv="refresh" content="0; url=/x/"></body></html>', undefined],
    ['markup quoted in a post', '<html><head></head><body><pre>&lt;meta http-equiv="refresh" content="0; url=/x/"&gt;</pre></body></html>', undefined],
    ['another generator\'s redirect', "<html><head><META HTTP-EQUIV='Refresh' CONTENT='0;URL=/new/'></head></html>", '/new/'],
    ['a quoted URL', '<head><meta content="0; url=\'/a b/\'" http-equiv="refresh">', '/a b/'],
    ['entities', '<head><meta http-equiv="refresh" content="0; url=/a?x=1&amp;y=2">', '/a?x=1&y=2'],
    ['an absolute URL', '<head><meta http-equiv=refresh content="0;url=https://example.com/">', 'https://example.com/'],
  ])('%s → %j', (_, html, target) => expect(redirectTargetOf(html)).toBe(target))
})
