import { describe, expect, it } from 'vitest'
import { crawlFiles } from '../../tests/support/crawlFiles.ts'
import { renderRedirectPage } from '../generator/siteFiles/redirectPage.ts'
import type { CrawlOptions } from './crawlSite.ts'
import type { Finding } from './findings.ts'

const SITE = 'https://example.com'

/** A page in `lang` whose head names its versions: 'de /de/' pairs, each href on the site. */
const page = (lang: string, title: string, ...versions: string[]) => {
  const alternates = versions.map((version) => `<link rel="alternate" hreflang="${version.split(' ')[0]}" href="${SITE}${version.split(' ')[1]}">`).join('')
  return `<!doctype html><html lang="${lang}"><head><title>${title}</title><meta name="description" content="d">${alternates}</head><body></body></html>`
}
/** The versions of the home page and of the blog, as the build writes them: each language, then x-default. */
const versions = (path: string) => [`en ${path}`, `de /de${path}`, `x-default ${path}`]

const sitemap = (...urls: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">${urls.join('')}</urlset>`
const sitemapUrl = (path: string, ...versions: string[]) =>
  `<url><loc>${SITE}${path}</loc>${versions.map((version) => `<xhtml:link rel="alternate" hreflang="${version.split(' ')[0]}" href="${SITE}${version.split(' ')[1]}"/>`).join('')}</url>`
const rss = (...items: string[]) =>
  `<?xml version="1.0"?><rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel><link>${SITE}/blog/</link><atom:link href="${SITE}/blog/rss.xml" rel="self"/>${items.map((path) => `<item><link>${SITE}${path}</link></item>`).join('')}</channel></rss>`
const atom = (...entries: string[]) =>
  `<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><link rel="alternate" href="${SITE}/blog/"/><link rel="self" href="${SITE}/blog/atom.xml"/>${entries.map((path) => `<entry><link rel="alternate" href="${SITE}${path}"/></entry>`).join('')}</feed>`
const jsonFeed = (...items: string[]) => JSON.stringify({ version: 'https://jsonfeed.org/version/1.1', home_page_url: `${SITE}/blog/`, feed_url: `${SITE}/blog/feed.json`, items: items.map((path) => ({ id: path, url: `${SITE}${path}` })) })

/** A site in English and German as the build writes it: home and blog in both, a post and the legal page in English alone (lent to German). */
const SHIPPED: Record<string, string> = {
  'index.html': page('en', 'Home', ...versions('/')),
  'de/index.html': page('de', 'Startseite', ...versions('/')),
  'blog/index.html': page('en', 'Blog', ...versions('/blog/')),
  'de/blog/index.html': page('de', 'Blog (de)', ...versions('/blog/')),
  'blog/a/index.html': page('en', 'A'),
  'blog/a/index.md': '# A',
  'privacy-policy/index.html': page('en', 'Privacy'),
  'blog/old/index.html': renderRedirectPage({ target: '/blog/a/', base: '/', siteUrl: SITE }),
  'sitemap.xml': sitemap(sitemapUrl('/', ...versions('/')), sitemapUrl('/de/', ...versions('/')), sitemapUrl('/blog/', ...versions('/blog/')), sitemapUrl('/de/blog/', ...versions('/blog/')), sitemapUrl('/blog/a/'), sitemapUrl('/privacy-policy/')),
  'llms.txt': `# Site\n\n- [Blog](${SITE}/blog/)\n- [A](${SITE}/blog/a/index.md): the post\n- [Privacy Policy](${SITE}/privacy-policy/)\n\n## Deutsch\n\n- [Blog](${SITE}/de/blog/)\n- [Privacy Policy](${SITE}/privacy-policy/)\n- [GitHub](https://github.com/example/)\n`,
  'blog/rss.xml': rss('/blog/a/'),
  'blog/atom.xml': atom('/blog/a/'),
  'blog/feed.json': jsonFeed('/blog/a/'),
}

const crawl = (files: Record<string, string | undefined>, options: Partial<CrawlOptions> = {}) =>
  crawlFiles(Object.fromEntries(Object.entries({ ...SHIPPED, ...files }).filter((entry): entry is [string, string] => entry[1] !== undefined)), { siteUrl: SITE, ...options })
const brief = (findings: Finding[]) => findings.map(({ code, page: at, target, message }) => [code, at, target, message])

describe('checkAnnounced', () => {
  it('finds nothing in a site that announces only what it has', async () => {
    expect((await crawl({})).findings).toEqual([])
  })

  it('finds each URL of the sitemap and of llms.txt the site does not have: a German page lent from English (issue 72)', async () => {
    const { findings } = await crawl({
      'sitemap.xml': sitemap(sitemapUrl('/privacy-policy/'), sitemapUrl('/de/privacy-policy/'), sitemapUrl('/blog/a/', 'en /blog/a/', 'de /de/blog/a/', 'x-default /blog/a/')),
      'llms.txt': `# Site\n\n## Deutsch\n\n- [Privacy Policy](${SITE}/de/privacy-policy/)\n- [B](${SITE}/blog/b/index.md): a twin whose post is gone\n`,
    })
    expect(findings[0]).toEqual({
      severity: 'error',
      code: 'BROKEN_ANNOUNCED_URL',
      page: '/llms.txt',
      target: `${SITE}/de/privacy-policy/`,
      message: `link "Privacy Policy" ${SITE}/de/privacy-policy/ is not in dist/ (object storage answers 404)`,
      hint: 'kube-site announces only what it writes: build the site again (kube-site build); if a fresh build still announces it, please report it as a bug of kube-site.',
    })
    expect(brief(findings)).toEqual([
      ['BROKEN_ANNOUNCED_URL', '/llms.txt', `${SITE}/de/privacy-policy/`, `link "Privacy Policy" ${SITE}/de/privacy-policy/ is not in dist/ (object storage answers 404)`],
      ['BROKEN_ANNOUNCED_URL', '/llms.txt', `${SITE}/blog/b/index.md`, `link "B" ${SITE}/blog/b/index.md is not in dist/ (object storage answers 404)`],
      ['BROKEN_ANNOUNCED_URL', '/sitemap.xml', `${SITE}/de/privacy-policy/`, `<loc> ${SITE}/de/privacy-policy/ is not in dist/ (object storage answers 404)`],
      // Named once, though the sitemap names it twice; an <xhtml:link> as much as a <loc>.
      ['BROKEN_ANNOUNCED_URL', '/sitemap.xml', `${SITE}/de/blog/a/`, `<xhtml:link hreflang="de"> ${SITE}/de/blog/a/ is not in dist/ (object storage answers 404)`],
    ])
  })

  it.each([
    ['blog/rss.xml', rss('/blog/a/', '/blog/gone/'), '/blog/rss.xml', '<item><link>'],
    ['blog/atom.xml', atom('/blog/gone/'), '/blog/atom.xml', '<entry><link rel=alternate>'],
    ['blog/feed.json', jsonFeed('/blog/a/', '/blog/gone/'), '/blog/feed.json', 'items[1].url'],
    ['de/blog/tags/k8s/feed.json', jsonFeed('/blog/gone/'), '/de/blog/tags/k8s/feed.json', 'items[0].url'],
  ])('finds a feed’s item that links to a post the site does not have: %s', async (key, feed, at, from) => {
    expect(brief((await crawl({ [key]: feed })).findings)).toEqual([['BROKEN_ANNOUNCED_URL', at, `${SITE}/blog/gone/`, `${from} ${SITE}/blog/gone/ is not in dist/ (object storage answers 404)`]])
  })

  it('reads no file as a feed but the blog’s and its tags’, in any locale', async () => {
    expect((await crawl({ 'downloads/feed.json': jsonFeed('/blog/gone/'), 'blog/a/rss.xml': rss('/blog/gone/') })).findings).toEqual([])
  })

  it('finds a URL announced that redirects: a redirect page, or a page without its slash', async () => {
    const { findings } = await crawl({ 'sitemap.xml': sitemap(sitemapUrl('/blog/old/'), sitemapUrl('/blog')) })
    expect(brief(findings)).toEqual([
      ['ANNOUNCED_REDIRECT', '/sitemap.xml', `${SITE}/blog/old/`, `<loc> ${SITE}/blog/old/ is a redirect page, to /blog/a/: search engines drop what redirects, and index only where it lands`],
      ['ANNOUNCED_REDIRECT', '/sitemap.xml', `${SITE}/blog`, `<loc> ${SITE}/blog has no trailing slash: object storage answers it with a redirect to /blog/`],
    ])
    expect(findings.every((item) => item.severity === 'error')).toBe(true)
  })

  it('checks the URLs of this site alone, under its base; none when the site’s URL is unknown', async () => {
    const llms = `# Site\n\n- [Out](${SITE}/elsewhere/)\n- [Other](https://other.example/gone/)\n- [Relative](blog/gone/)\n`
    const files = { 'llms.txt': llms, 'sitemap.xml': undefined, 'blog/rss.xml': undefined, 'blog/atom.xml': undefined, 'blog/feed.json': undefined }
    // Under /docs/ every page of SHIPPED is outside the base too: only llms.txt is looked at.
    const docs = (await crawl(files, { base: '/docs/' })).findings.filter((item) => item.page === '/docs/llms.txt')
    expect(brief(docs)).toEqual([
      ['BROKEN_ANNOUNCED_URL', '/docs/llms.txt', `${SITE}/elsewhere/`, `link "Out" ${SITE}/elsewhere/ is outside the site's base /docs/, so object storage does not have it`],
      ['BROKEN_ANNOUNCED_URL', '/docs/llms.txt', 'blog/gone/', 'link "Relative" blog/gone/ is not in dist/ (object storage answers 404)'],
    ])
    const unknown = await crawl({ 'llms.txt': llms, 'sitemap.xml': sitemap(sitemapUrl('/de/privacy-policy/')) }, { siteUrl: undefined })
    expect(brief(unknown.findings)).toEqual([['BROKEN_ANNOUNCED_URL', '/llms.txt', 'blog/gone/', 'link "Relative" blog/gone/ is not in dist/ (object storage answers 404)']])
  })

  it('finds an hreflang link of a page that leads nowhere or redirects, and asks it for no set', async () => {
    const { findings } = await crawl({ 'blog/a/index.html': page('en', 'A', 'en /blog/a/', 'de /de/blog/a/', 'fr /blog/old/', 'x-default /blog/a/') })
    expect(brief(findings)).toEqual([
      ['BROKEN_ANNOUNCED_URL', '/blog/a/', `${SITE}/de/blog/a/`, `<link rel=alternate hreflang="de"> ${SITE}/de/blog/a/ is not in dist/ (object storage answers 404)`],
      ['ANNOUNCED_REDIRECT', '/blog/a/', `${SITE}/blog/old/`, `<link rel=alternate hreflang="fr"> ${SITE}/blog/old/ is a redirect page, to /blog/a/: search engines drop what redirects, and index only where it lands`],
    ])
  })

  it('finds hreflang sets in the heads that do not name their page, have no x-default, or are not named back alike', async () => {
    const { findings } = await crawl({
      // The German home names no other version: the English one, which names it, is not named back.
      'de/index.html': page('de', 'Startseite', 'de /de/', 'x-default /de/'),
      // The German blog does not name itself: its set is not the English blog's.
      'de/blog/index.html': page('de', 'Blog (de)', 'en /blog/', 'x-default /blog/'),
      // A post and its translation, both without x-default.
      'blog/a/index.html': page('en', 'A', 'en /blog/a/', 'de /de/blog/a/'),
      'de/blog/a/index.html': page('de', 'A (de)', 'en /blog/a/', 'de /de/blog/a/'),
    })
    expect(brief(findings)).toEqual([
      ['HREFLANG_NOT_RECIPROCAL', '/', `${SITE}/de/`, `hreflang="de" names ${SITE}/de/, which does not name this page back: search engines ignore the pair`],
      ['HREFLANG_NOT_RECIPROCAL', '/blog/', `${SITE}/de/blog/`, `hreflang="de" names ${SITE}/de/blog/, whose set is not the same: that page's lacks de ${SITE}/de/blog/`],
      ['HREFLANG_WITHOUT_X_DEFAULT', '/blog/a/', `${SITE}/blog/a/`, 'its hreflang links (en, de) have no x-default, the version for a reader of any other language'],
      ['HREFLANG_WITHOUT_SELF', '/de/blog/', `${SITE}/de/blog/`, 'its hreflang links (en, x-default) do not name this page itself: search engines ignore a set without the page it is on'],
      ['HREFLANG_NOT_RECIPROCAL', '/de/blog/', `${SITE}/blog/`, `hreflang="en" names ${SITE}/blog/, whose set is not the same: that page's has de ${SITE}/de/blog/ besides`],
      ['HREFLANG_WITHOUT_X_DEFAULT', '/de/blog/a/', `${SITE}/de/blog/a/`, 'its hreflang links (en, de) have no x-default, the version for a reader of any other language'],
    ])
  })

  it('finds hreflang sets in the sitemap that do not hold together, each <url> by its <loc>', async () => {
    const { findings } = await crawl({ 'sitemap.xml': sitemap(sitemapUrl('/', ...versions('/')), sitemapUrl('/de/'), sitemapUrl('/blog/', 'en /blog/', 'de /de/blog/'), sitemapUrl('/de/blog/', 'en /blog/', 'de /de/blog/')) })
    expect(brief(findings)).toEqual([
      ['HREFLANG_NOT_RECIPROCAL', '/sitemap.xml', `${SITE}/de/`, `the alternates of ${SITE}/: hreflang="de" names ${SITE}/de/, which does not name ${SITE}/ back (it has no <url> with alternates): search engines ignore the pair`],
      ['HREFLANG_WITHOUT_X_DEFAULT', '/sitemap.xml', `${SITE}/blog/`, `the alternates of ${SITE}/blog/ (en, de) have no x-default, the version for a reader of any other language`],
      ['HREFLANG_WITHOUT_X_DEFAULT', '/sitemap.xml', `${SITE}/de/blog/`, `the alternates of ${SITE}/de/blog/ (en, de) have no x-default, the version for a reader of any other language`],
    ])
  })
})
