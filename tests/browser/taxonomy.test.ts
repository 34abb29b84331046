import { describe, expect, it } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import { seriousViolations } from '../support/axe.ts'
import { hydrated } from '../support/pageHelpers.ts'
import { backLinks, cardTitles, focusedTag, markWindow, paginationEntries, problems, shownTitled, useFixtureSite, windowMarker } from '../support/fixtureSite.ts'

// Tag and author pages, on the fixture blog of blog.test.ts (13 published posts, 2 a page) with a
// config that describes one author (__fixtures__/authors.config.ts). Newest first:
//   supply-chain: posts 11, 06 | 01       network-security: 13, 08 | 03
//   Priya Raman: 13, 12 | 09, 06 | 03     Daniel Okafor: 10, 07 | 04, 01 (no config entry)

const SITE = 'https://kubeguard.dev'
const site = useFixtureSite({
  posts: 'tests/browser/__fixtures__/blog-site/posts',
  config: 'tests/browser/__fixtures__/authors.config.ts',
})
const { url, open } = site
const cardAuthors = (page: Page) => page.locator('main article').getByRole('link', { name: /^(Priya Raman|Daniel Okafor|Maya Chen)$/ }).allTextContents()
const heading = (page: Page) => page.getByRole('heading', { level: 1 }).textContent()
const card = (page: Page, title: string) => page.locator('main article').filter({ hasText: title })
/** An index's entries as a reader sees them: 'audit: 3 posts'. */
const indexEntries = (page: Page) =>
  page
    .locator('main ul a')
    .evaluateAll((links) => links.map((link) => [...link.querySelectorAll(':scope > span:not([aria-hidden])')].map((span) => span.textContent).join(': ')))

const POST = {
  13: 'Post 13: Everything a post can hold',
  12: 'Post 12: Runtime detection that pages the right person',
  11: 'Post 11: Multi-tenant clusters, honestly',
  10: 'Post 10: Ingress TLS without surprises',
  9: 'Post 09: Node hardening in an afternoon',
  8: 'Post 08: Secrets that stay secret',
  7: 'Post 07: Admission policies in CEL',
  6: 'Post 06: Seccomp profiles, the RuntimeDefault way',
  3: 'Post 03: Reading an audit log without drowning',
  1: 'Post 01: Namespaces are not a security boundary',
}

describe("a tag's posts", () => {
  it('open in place from a badge on a card; page 2, a post, Back to Blog to that page and the browser back all work', async () => {
    const opened = await open('/blog/')
    const { page } = opened
    await markWindow(page)
    await card(page, POST[13]).getByRole('list', { name: 'Tags' }).getByRole('link', { name: 'network-security' }).click()
    await page.waitForURL(url('/blog/tags/network-security/'))
    await expect.poll(() => cardTitles(page)).toEqual([POST[13], POST[8]])
    expect(await heading(page)).toBe('network-security')
    await expect.poll(() => focusedTag(page)).toBe('H1')
    await expect.poll(() => page.title()).toBe('Posts tagged network-security | KubeGuard')
    expect(await windowMarker(page)).toBe('same document')
    // Its data was read from its HTML, the one request of the move for it.
    expect(opened.requests.filter((request) => request.includes('/blog/tags/'))).toEqual([url('/blog/tags/network-security/')])
    expect(await paginationEntries(page)).toEqual(['Previous (disabled)', '[1]', '2', 'Next'])

    await page.getByRole('link', { name: 'Next' }).click()
    await page.waitForURL(url('/blog/tags/network-security/page/2/'))
    await expect.poll(() => cardTitles(page)).toEqual([POST[3]])
    await expect.poll(() => focusedTag(page)).toBe('H1')
    expect(await paginationEntries(page)).toEqual(['Previous', '1', '[2]', 'Next (disabled)'])

    await page.getByRole('link', { name: POST[3] }).click()
    await page.waitForURL(url('/blog/post-03/'))
    await expect.poll(() => heading(page)).toBe(POST[3])
    // Opened from the tag's page 2 (its own page of the blog is 6): Back to Blog returns there.
    await expect.poll(() => backLinks(page)).toEqual(['/blog/tags/network-security/page/2/', '/blog/tags/network-security/page/2/'])
    await page.getByRole('link', { name: 'Back to Blog' }).last().click()
    await page.waitForURL(url('/blog/tags/network-security/page/2/'))
    await expect.poll(() => cardTitles(page)).toEqual([POST[3]])
    expect(await heading(page)).toBe('network-security')

    await page.goBack()
    await page.waitForURL(url('/blog/post-03/'))
    await expect.poll(() => heading(page)).toBe(POST[3])
    await page.goBack()
    await page.waitForURL(url('/blog/tags/network-security/page/2/'))
    await expect.poll(() => cardTitles(page)).toEqual([POST[3]])
    await page.goBack()
    await page.waitForURL(url('/blog/tags/network-security/'))
    await expect.poll(() => cardTitles(page)).toEqual([POST[13], POST[8]])
    await page.goBack()
    await page.waitForURL(url('/blog/'))
    await expect.poll(() => cardTitles(page)).toEqual([POST[13], POST[12]])
    await expect.poll(() => page.title()).toBe('Blog | KubeGuard')
    expect(await windowMarker(page)).toBe('same document')
    expect(problems(opened)).toEqual([])
  })

  it("keep Back to Blog on the tag's page across a reload of the post, and ignore an origin that is no list page", async () => {
    const { page } = await open('/blog/tags/supply-chain/page/2/')
    await page.getByRole('link', { name: POST[1] }).click()
    await page.waitForURL(url('/blog/post-01/'))
    await expect.poll(() => backLinks(page)).toEqual(['/blog/tags/supply-chain/page/2/', '/blog/tags/supply-chain/page/2/'])
    await page.reload()
    await hydrated(page)
    await expect.poll(() => backLinks(page)).toEqual(['/blog/tags/supply-chain/page/2/', '/blog/tags/supply-chain/page/2/'])
    // Not a list's path (a tag is written as its URL segment): the post's own page of the blog.
    await page.evaluate(() => sessionStorage.setItem('kube-site:blog-origin:post-01', '/blog/tags/Supply Chain/'))
    await page.reload()
    await hydrated(page)
    await expect.poll(() => backLinks(page)).toEqual(['/blog/page/7/', '/blog/page/7/'])
  })

  it('are not found for a tag no published post has, or a page past the last', async () => {
    const { page } = await open('/blog/', { javaScriptEnabled: false })
    for (const path of ['/blog/tags/no-such-tag/', '/blog/tags/drafts/', '/blog/tags/scheduled/', '/blog/tags/supply-chain/page/3/', '/blog/tags/supply-chain/page/1/', '/blog/authors/nobody/']) {
      expect((await page.goto(url(path)))?.status(), path).toBe(404)
    }
  })
})

describe("an author's posts", () => {
  it("open in place from a card's byline, with that author's posts only", async () => {
    const opened = await open('/blog/page/2/')
    const { page } = opened
    await markWindow(page)
    await card(page, POST[10]).getByRole('link', { name: 'Daniel Okafor' }).click()
    await page.waitForURL(url('/blog/authors/daniel-okafor/'))
    await expect.poll(() => cardTitles(page)).toEqual([POST[10], POST[7]])
    expect(await heading(page)).toBe('Daniel Okafor')
    await expect.poll(() => focusedTag(page)).toBe('H1')
    await expect.poll(() => page.title()).toBe('Posts by Daniel Okafor | KubeGuard')
    expect(await windowMarker(page)).toBe('same document')
    expect(await cardAuthors(page)).toEqual(['Daniel Okafor', 'Daniel Okafor'])
    // No config entry: the posts alone, initials for a photo.
    await expect(page.locator('main header').textContent()).resolves.toBe('DOAuthorDaniel Okafor4 posts by Daniel Okafor on the KubeGuard blog.All authorsPage 1 of 2')
    expect(await page.getByRole('list', { name: 'Daniel Okafor elsewhere' }).count()).toBe(0)
    expect(problems(opened)).toEqual([])
  })

  it("show what the config says of the author, and hold that author's posts only on every page", async () => {
    const opened = await open('/blog/')
    const { page } = opened
    await markWindow(page)
    await card(page, POST[12]).getByRole('link', { name: 'Priya Raman' }).click()
    await page.waitForURL(url('/blog/authors/priya-raman/'))
    await expect.poll(() => heading(page)).toBe('Priya Raman')
    expect(await windowMarker(page)).toBe('same document')
    const header = page.locator('main header')
    await expect(header.getByText('Staff Engineer, Platform Security', { exact: true }).isVisible()).resolves.toBe(true)
    await expect(header.getByText('Priya writes the runtime detection rules and reads more audit logs than anyone should.').isVisible()).resolves.toBe(true)
    await expect(header.getByText('5 posts by Priya Raman on the KubeGuard blog.').isVisible()).resolves.toBe(true)
    await expect(header.locator('img').getAttribute('src')).resolves.toBe('/images/hero-poster.svg')
    const links = page.getByRole('list', { name: 'Priya Raman elsewhere' }).getByRole('link')
    expect(
      await links.evaluateAll((anchors) => anchors.map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('target'), a.getAttribute('rel')])),
    ).toEqual([
      ['GitHub (opens in a new tab)', 'https://github.com/priya-raman', '_blank', 'noopener noreferrer'],
      ['Talks', '/pricing/', null, null],
    ])
    // Every page of the list holds hers, and only hers.
    const seen: string[] = [...(await cardTitles(page))]
    expect(await cardAuthors(page)).toEqual(['Priya Raman', 'Priya Raman'])
    for (const next of [2, 3]) {
      await page.getByRole('link', { name: 'Next' }).click()
      await page.waitForURL(url(`/blog/authors/priya-raman/page/${next}/`))
      await expect.poll(() => page.locator('main header').textContent()).toContain(`Page ${next} of 3`)
      seen.push(...(await cardTitles(page)))
      expect(await cardAuthors(page)).toEqual((await cardTitles(page)).map(() => 'Priya Raman'))
    }
    expect(seen).toEqual([POST[13], POST[12], POST[9], POST[6], POST[3]])
    expect(await windowMarker(page)).toBe('same document')
    expect(problems(opened)).toEqual([])
  })
})

describe('the indexes', () => {
  it('/blog/tags/ lists every tag by name with its number of posts; a tag opens in place, and All tags comes back', async () => {
    const opened = await open('/blog/tags/')
    const { page } = opened
    expect(await heading(page)).toBe('Tags')
    expect(await page.title()).toBe('Tags | KubeGuard')
    expect(await indexEntries(page)).toEqual([
      'audit: 3 posts',
      'fixtures: 1 post',
      'kubernetes: 3 posts',
      'linux: 2 posts',
      'network-security: 3 posts',
      'observability: 3 posts',
      'rbac: 2 posts',
      'runtime: 2 posts',
      'supply-chain: 3 posts',
    ])
    await markWindow(page)
    await page.getByRole('link', { name: /^supply-chain/ }).click()
    await page.waitForURL(url('/blog/tags/supply-chain/'))
    await expect.poll(() => cardTitles(page)).toEqual([POST[11], POST[6]])
    await expect.poll(() => focusedTag(page)).toBe('H1')
    expect(await heading(page)).toBe('supply-chain')
    await page.getByRole('link', { name: 'All tags' }).click()
    await page.waitForURL(url('/blog/tags/'))
    await expect.poll(() => heading(page)).toBe('Tags')
    await expect.poll(() => focusedTag(page)).toBe('H1')
    expect(await windowMarker(page)).toBe('same document')
    expect(problems(opened)).toEqual([])
  })

  it('/blog/authors/ lists every author by name with their number of posts; an author opens in place, and All authors comes back', async () => {
    const opened = await open('/blog/authors/')
    const { page } = opened
    expect(await heading(page)).toBe('Authors')
    expect(await page.title()).toBe('Authors | KubeGuard')
    expect(await indexEntries(page)).toEqual(['Daniel Okafor: 4 posts', 'Maya Chen: 4 posts', 'Priya Raman: 5 posts'])
    await markWindow(page)
    await page.getByRole('link', { name: /^Maya Chen/ }).click()
    await page.waitForURL(url('/blog/authors/maya-chen/'))
    await expect.poll(() => heading(page)).toBe('Maya Chen')
    await expect.poll(() => focusedTag(page)).toBe('H1')
    expect(await cardAuthors(page)).toEqual(['Maya Chen', 'Maya Chen'])
    await page.getByRole('link', { name: 'All authors' }).click()
    await page.waitForURL(url('/blog/authors/'))
    await expect.poll(() => heading(page)).toBe('Authors')
    expect(await windowMarker(page)).toBe('same document')
    expect(problems(opened)).toEqual([])
  })
})

describe('a card', () => {
  /** The focused element as 'text href ring', its ring being its outline or, for the title (whose ::after covers the card), the card's. */
  const focusStop = (page: Page) =>
    page.evaluate(() => {
      const element = document.activeElement as HTMLElement
      const visible = (style: CSSStyleDeclaration) => style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2 && style.outlineColor !== 'rgba(0, 0, 0, 0)'
      const own = getComputedStyle(element)
      const ring = visible(own) ? 'ring' : visible(getComputedStyle(element.closest('article')!)) ? 'card ring' : 'no ring'
      return `${element.textContent} ${element.getAttribute('href')} ${element.matches(':focus-visible') ? ring : 'not focus-visible'}`
    })

  it('takes Tab to its badges, its title and its author, each with a visible focus ring; Enter on a badge opens the tag', async () => {
    const opened = await open('/blog/')
    const { page } = opened
    await page.getByRole('heading', { level: 1 }).focus()
    const stops: string[] = []
    for (let stop = 0; stop < 6; stop++) {
      await page.keyboard.press('Tab')
      stops.push(await focusStop(page))
    }
    expect(stops).toEqual([
      'kubernetes /blog/tags/kubernetes/ ring',
      'network-security /blog/tags/network-security/ ring',
      'fixtures /blog/tags/fixtures/ ring',
      `${POST[13]} /blog/post-13/ card ring`,
      'Priya Raman /blog/authors/priya-raman/ ring',
      // The next card.
      'audit /blog/tags/audit/ ring',
    ])
    await markWindow(page)
    await page.keyboard.press('Enter')
    await page.waitForURL(url('/blog/tags/audit/'))
    await expect.poll(() => cardTitles(page)).toEqual([POST[12], POST[7]])
    expect(await windowMarker(page)).toBe('same document')
    expect(problems(opened)).toEqual([])
  })

  it("leads a click on a badge or the byline to the tag's or author's page, not to the post the card opens", async () => {
    const { page } = await open('/blog/')
    const target = card(page, POST[13])
    /** The link a person clicking the middle of `element` follows (whatever is on top there), as 'text → href'. */
    const linkOnTop = (element: Locator) =>
      element.evaluate((element) => {
        element.scrollIntoView({ block: 'center', behavior: 'instant' })
        const box = element.getBoundingClientRect()
        const link = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2)?.closest('a')
        return link ? `${link.textContent} → ${link.getAttribute('href')}` : 'no link'
      })
    const badge = target.getByRole('link', { name: 'fixtures', exact: true })
    expect(await linkOnTop(badge)).toBe('fixtures → /blog/tags/fixtures/')
    await badge.click()
    await page.waitForURL(url('/blog/tags/fixtures/'))
    await expect.poll(() => cardTitles(page)).toEqual([POST[13]])
    await page.goBack()
    await page.waitForURL(url('/blog/'))
    await shownTitled(page, 'Blog')
    await expect.poll(() => cardTitles(page)).toEqual([POST[13], POST[12]])
    const author = target.getByRole('link', { name: 'Priya Raman', exact: true })
    expect(await linkOnTop(author)).toBe('Priya Raman → /blog/authors/priya-raman/')
    await author.click()
    await page.waitForURL(url('/blog/authors/priya-raman/'))
    // The author's page holds the same two cards as the blog's first: its title tells them apart.
    await shownTitled(page, 'Posts by Priya Raman')
    await page.goBack()
    await page.waitForURL(url('/blog/'))
    await shownTitled(page, 'Blog')
    await expect.poll(() => cardTitles(page)).toEqual([POST[13], POST[12]])
    // The rest of the card still opens the post: its excerpt, say.
    const excerpt = target.getByText(/^Headings, highlighted code/)
    expect(await linkOnTop(excerpt)).toBe(`${POST[13]} → /blog/post-13/`)
    await excerpt.click({ force: true })
    await page.waitForURL(url('/blog/post-13/'))
  })
})

describe('without JavaScript', () => {
  it("a tag's list is complete: cards, badges, bylines, pagination and its feed", async () => {
    const { page } = await open('/blog/tags/supply-chain/', { javaScriptEnabled: false })
    await expect(page.locator('main article').first().isVisible()).resolves.toBe(true)
    expect(await cardTitles(page)).toEqual([POST[11], POST[6]])
    expect(await heading(page)).toBe('supply-chain')
    await expect(page.locator('main header').textContent()).resolves.toBe('Tagsupply-chain3 posts tagged supply-chain on the KubeGuard blog.All tagsRSS feed of this tagPage 1 of 2')
    expect(await paginationEntries(page)).toEqual(['Previous (disabled)', '[1]', '2', 'Next'])
    await expect(page.getByRole('link', { name: 'RSS feed of this tag' }).getAttribute('href')).resolves.toBe('/blog/tags/supply-chain/rss.xml')
    await page.getByRole('navigation', { name: 'Blog pages' }).getByRole('link', { name: '2', exact: true }).click()
    await page.waitForURL(url('/blog/tags/supply-chain/page/2/'))
    expect(await cardTitles(page)).toEqual([POST[1]])
    await card(page, POST[1]).getByRole('link', { name: 'Daniel Okafor' }).click()
    await page.waitForURL(url('/blog/authors/daniel-okafor/'))
    expect(await cardTitles(page)).toEqual([POST[10], POST[7]])
    await card(page, POST[7]).getByRole('link', { name: 'audit' }).click()
    await page.waitForURL(url('/blog/tags/audit/'))
    await page.getByRole('link', { name: 'All tags' }).click()
    await page.waitForURL(url('/blog/tags/'))
    expect(await indexEntries(page)).toHaveLength(9)
  })

  it('every link of the tag and author pages leads to a page or file that exists, or opens another site safely', async () => {
    const { page } = await open('/blog/tags/', { javaScriptEnabled: false })
    const checked = new Set<string>()
    for (const path of ['/blog/tags/', '/blog/authors/', '/blog/tags/supply-chain/', '/blog/tags/supply-chain/page/2/', '/blog/authors/priya-raman/page/3/', '/blog/post-13/']) {
      await page.goto(url(path))
      const links = await page.locator('main a[href]').evaluateAll((anchors) =>
        anchors.map((a) => ({ href: (a as HTMLAnchorElement).href, raw: a.getAttribute('href')!, target: a.getAttribute('target'), rel: a.getAttribute('rel') })),
      )
      for (const link of links) {
        if (link.raw.startsWith('#')) continue
        if (link.href.startsWith(site.server.url)) {
          const target = link.href.split('#')[0]!
          if (checked.has(target)) continue
          checked.add(target)
          expect((await fetch(target)).status, `${path} → ${target}`).toBe(200)
        } else if (/^https?:/.test(link.href)) {
          expect([link.target, link.rel], `${path} → ${link.href}`).toEqual(['_blank', 'noopener noreferrer'])
        }
      }
    }
    expect([...checked].filter((link) => /\/blog\/(tags|authors)\//.test(link)).length).toBeGreaterThan(15)
  })
})

describe('feeds and SEO', () => {
  const meta = (page: Page, selector: string) => page.locator(selector).first().getAttribute('content')
  const feeds = (page: Page) =>
    // The feeds: the alternates with a media type (the others, hreflang, are the page's translations).
    page.locator('link[rel="alternate"][type]').evaluateAll((links) => links.map((link) => `${link.getAttribute('type')} ${link.getAttribute('title')} ${link.getAttribute('href')}`))

  it.each([
    ['/blog/tags/supply-chain/', 'Posts tagged supply-chain | KubeGuard', '3 posts tagged supply-chain on the KubeGuard blog.', true],
    ['/blog/tags/supply-chain/page/2/', 'Posts tagged supply-chain (page 2) | KubeGuard', '3 posts tagged supply-chain on the KubeGuard blog. Page 2 of 2.', true],
    ['/blog/tags/fixtures/', 'Posts tagged fixtures | KubeGuard', 'One post tagged fixtures on the KubeGuard blog.', true],
    ['/blog/authors/priya-raman/page/3/', 'Posts by Priya Raman (page 3) | KubeGuard', '5 posts by Priya Raman on the KubeGuard blog. Page 3 of 3.', false],
    ['/blog/tags/', 'Tags | KubeGuard', 'Every topic of the KubeGuard blog, with its number of posts.', false],
    ['/blog/authors/', 'Authors | KubeGuard', 'Everyone who writes for the KubeGuard blog, with their number of posts.', false],
  ])('%s has its own title, description and canonical URL, and links its feeds', async (path, title, description, tagFeed) => {
    const { page } = await open(path, { javaScriptEnabled: false })
    expect(await page.title()).toBe(title)
    await expect(meta(page, 'meta[name="description"]')).resolves.toBe(description)
    await expect(meta(page, 'meta[property="og:title"]')).resolves.toBe(title)
    await expect(meta(page, 'meta[property="og:description"]')).resolves.toBe(description)
    await expect(page.locator('link[rel="canonical"]').getAttribute('href')).resolves.toBe(`${SITE}${path}`)
    await expect(meta(page, 'meta[property="og:url"]')).resolves.toBe(`${SITE}${path}`)
    const tag = /^\/blog\/tags\/([a-z-]+)\//.exec(path)?.[1]
    // Each in RSS, Atom and JSON Feed.
    const formats = (title: string, folder: string) => [
      `application/rss+xml ${title} ${SITE}${folder}rss.xml`,
      `application/atom+xml ${title} ${SITE}${folder}atom.xml`,
      `application/feed+json ${title} ${SITE}${folder}feed.json`,
    ]
    // An index of tags or authors lists no posts: it names the RSS feed only, as every page does.
    const blogFeeds = ['/blog/tags/', '/blog/authors/'].includes(path) ? formats('KubeGuard Blog', '/blog/').slice(0, 1) : formats('KubeGuard Blog', '/blog/')
    expect(await feeds(page)).toEqual([...blogFeeds, ...(tagFeed ? formats(`KubeGuard Blog: ${tag}`, `/blog/tags/${tag}/`) : [])])
  })

  it("serves each tag's feed as XML with that tag's posts only, and a sitemap with every tag and author page", async () => {
    const { page } = await open('/blog/tags/')
    const parse = (path: string) =>
      page.evaluate(async (path) => {
        const response = await fetch(path)
        const xml = new DOMParser().parseFromString(await response.text(), 'application/xml')
        return {
          type: response.headers.get('content-type'),
          error: xml.querySelector('parsererror')?.textContent ?? null,
          root: xml.documentElement.nodeName,
          title: xml.querySelector('channel > title')?.textContent,
          link: xml.querySelector('channel > link')?.textContent,
          self: xml.querySelector('channel > link[rel="self"]')?.getAttribute('href'),
          links: [...xml.querySelectorAll('item > link')].map((link) => link.textContent),
          categories: [...xml.querySelectorAll('item')].map((item) => [...item.querySelectorAll('category')].map((category) => category.textContent)),
          bodies: xml.getElementsByTagNameNS('http://purl.org/rss/1.0/modules/content/', 'encoded').length,
          locs: [...xml.querySelectorAll('url > loc')].map((loc) => loc.textContent!),
          // Each page's, or null where its content has no date (the home page).
          lastmods: [...xml.querySelectorAll('url')].map((entry) => entry.querySelector('lastmod')?.textContent ?? null),
        }
      }, path)

    const feed = await parse('/blog/tags/supply-chain/rss.xml')
    expect(feed).toMatchObject({
      error: null,
      root: 'rss',
      type: 'application/xml; charset=utf-8',
      title: 'KubeGuard Blog: supply-chain',
      link: `${SITE}/blog/tags/supply-chain/`,
      self: `${SITE}/blog/tags/supply-chain/rss.xml`,
      links: [11, 6, 1].map((n) => `${SITE}/blog/post-${String(n).padStart(2, '0')}/`),
      // The full text, as the blog's own feed has it (blog.feedContent: 'full' by default).
      bodies: 3,
    })
    // The other formats, beside it: Atom as XML, JSON Feed as JSON, with the same posts.
    const atom = await parse('/blog/tags/supply-chain/atom.xml')
    expect(atom).toMatchObject({ error: null, root: 'feed' })
    const json = await page.evaluate(async () => {
      const response = await fetch('/blog/tags/supply-chain/feed.json')
      const feed = await response.json()
      return { type: response.headers.get('content-type'), version: feed.version, urls: feed.items.map((item: { url: string }) => item.url) }
    })
    expect(json).toEqual({ type: 'application/json; charset=utf-8', version: 'https://jsonfeed.org/version/1.1', urls: [11, 6, 1].map((n) => `${SITE}/blog/post-${String(n).padStart(2, '0')}/`) })
    expect(feed.categories.every((categories) => categories.includes('supply-chain'))).toBe(true)
    expect((await parse('/blog/tags/kubernetes/rss.xml')).links).toEqual([13, 10, 5].map((n) => `${SITE}/blog/post-${String(n).padStart(2, '0')}/`))
    // No feed for a tag only a draft or a scheduled post has.
    expect((await fetch(url('/blog/tags/drafts/rss.xml'))).status).toBe(404)

    const sitemap = await parse('/sitemap.xml')
    expect(sitemap).toMatchObject({ error: null, root: 'urlset' })
    const taxonomyPages = [
      '/blog/authors/',
      '/blog/authors/daniel-okafor/',
      '/blog/authors/daniel-okafor/page/2/',
      '/blog/authors/maya-chen/',
      '/blog/authors/maya-chen/page/2/',
      '/blog/authors/priya-raman/',
      '/blog/authors/priya-raman/page/2/',
      '/blog/authors/priya-raman/page/3/',
      '/blog/tags/',
      '/blog/tags/audit/',
      '/blog/tags/audit/page/2/',
      '/blog/tags/fixtures/',
      '/blog/tags/kubernetes/',
      '/blog/tags/kubernetes/page/2/',
      '/blog/tags/linux/',
      '/blog/tags/network-security/',
      '/blog/tags/network-security/page/2/',
      '/blog/tags/observability/',
      '/blog/tags/observability/page/2/',
      '/blog/tags/rbac/',
      '/blog/tags/runtime/',
      '/blog/tags/supply-chain/',
      '/blog/tags/supply-chain/page/2/',
    ].map((path) => `${SITE}${path}`)
    // The English ones (the German locale's, under /de/, have no posts here).
    expect(sitemap.locs.filter((loc) => loc.startsWith(`${SITE}/blog/tags/`) || loc.startsWith(`${SITE}/blog/authors/`))).toEqual(taxonomyPages)
    // A list changes with its newest post.
    const lastmod = (path: string) => sitemap.lastmods[sitemap.locs.indexOf(`${SITE}${path}`)]
    expect([lastmod('/blog/tags/supply-chain/page/2/'), lastmod('/blog/authors/daniel-okafor/'), lastmod('/blog/tags/')]).toEqual(['2025-02-11', '2025-02-10', '2025-02-13'])
  })
})

describe('hydration and accessibility', () => {
  it.each(['/blog/tags/', '/blog/authors/', '/blog/tags/supply-chain/', '/blog/tags/supply-chain/page/2/', '/blog/authors/priya-raman/', '/blog/authors/daniel-okafor/page/2/'])(
    '%s hydrates without a console error or warning',
    async (path) => {
      const opened = await open(path)
      // A render after hydration (effects, the theme) must not log either.
      await opened.page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 100))))
      expect(problems(opened)).toEqual([])
    },
  )

  it.each([
    ['/blog/tags/', 'dark'],
    ['/blog/tags/supply-chain/', 'light'],
    ['/blog/authors/priya-raman/', 'dark'],
    ['/blog/authors/priya-raman/', 'light'],
  ] as const)('%s in %s theme has no serious or critical axe violation', async (path, theme) => {
    const { page } = await open(path, { theme })
    expect(await seriousViolations(page)).toEqual([])
  })
})
