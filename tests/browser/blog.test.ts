import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { seriousViolations } from '../support/axe.ts'
import { hydrated, postBodies, scrollSettled } from '../support/pageHelpers.ts'
import { backLinks, cardTitles, focusedTag, markWindow, paginationEntries, problems, useFixtureSite, windowMarker } from '../support/fixtureSite.ts'

// The blog of a fixture site (13 published posts, a draft and a post scheduled for 2099; the real
// site.config.ts, 2 posts a page, so 7 pages), built with the real CLI and served like object
// storage. Newest first: page 1 holds posts 13 and 12, page 4 posts 07 and 06, page 7 post 01.

const SITE = 'https://kubeguard.dev'
const site = useFixtureSite({ posts: 'tests/browser/__fixtures__/blog-site/posts' })
const { url, open } = site

/** Records every scroll position the window goes through from now on. */
const recordScrolling = (page: Page) =>
  page.evaluate(() => {
    const seen: number[] = ((window as unknown as { scrolls: number[] }).scrolls = [])
    addEventListener('scroll', () => seen.push(scrollY))
    // The scrolls the page asks for: how many frames a smooth one shows depends on how busy the
    // machine is (a starved renderer may show none between start and top), what it asks does not.
    const asked: string[] = ((window as unknown as { scrollCalls: string[] }).scrollCalls = [])
    const scrollTo = window.scrollTo.bind(window)
    window.scrollTo = ((options: ScrollToOptions) => {
      asked.push(`${options.top}:${options.behavior}`)
      scrollTo(options)
    }) as typeof window.scrollTo
  })
const scrollPositions = (page: Page) => page.evaluate(() => (window as unknown as { scrolls: number[] }).scrolls)
const scrollCalls = (page: Page) => page.evaluate(() => (window as unknown as { scrollCalls: string[] }).scrollCalls)

describe('the blog list', () => {
  it('shows cards with title, excerpt, author, en-US date, read time and tags as badges', async () => {
    const opened = await open('/blog/')
    const { page } = opened
    expect(await cardTitles(page)).toEqual(['Post 13: Everything a post can hold', 'Post 12: Runtime detection that pages the right person'])
    const card = page.locator('main article').first()
    await expect(card.textContent()).resolves.toMatch(/Headings, highlighted code in five languages.*Priya Raman.*February 13, 2025.*\d+ min read/)
    await expect(card.getByRole('list', { name: 'Tags' }).getByRole('listitem').allTextContents()).resolves.toEqual(['kubernetes', 'network-security', 'fixtures'])
    expect(problems(opened)).toEqual([])
  })

  it.each([
    ['/blog/', ['Previous (disabled)', '[1]', '2', '…', '7', 'Next']],
    ['/blog/page/4/', ['Previous', '1', '…', '3', '[4]', '5', '…', '7', 'Next']],
    ['/blog/page/7/', ['Previous', '1', '…', '6', '[7]', 'Next (disabled)']],
  ])('%s shows the page numbers and ellipses of SPEC §4', async (path, expected) => {
    const opened = await open(path)
    const { page } = opened
    expect(await paginationEntries(page)).toEqual(expected)
    expect(problems(opened)).toEqual([])
  })

  it('disables Previous on the first page and Next on the last: no href, nothing happens on a click', async () => {
    const { page } = await open('/blog/')
    const previous = page.getByRole('link', { name: 'Previous' })
    await expect(previous.getAttribute('aria-disabled')).resolves.toBe('true')
    await expect(previous.getAttribute('href')).resolves.toBeNull()
    await previous.click({ force: true })
    expect(page.url()).toBe(url('/blog/'))
    await page.goto(url('/blog/page/7/'))
    await expect(page.getByRole('link', { name: 'Next' }).getAttribute('href')).resolves.toBeNull()
    await expect(page.getByRole('link', { name: 'Previous' }).getAttribute('href')).resolves.toBe('/blog/page/6/')
  })

  it('changes page in place: the URL changes, the window stays, it scrolls smoothly to the top and focuses the heading', async () => {
    const opened = await open('/blog/')
    const { page } = opened
    await markWindow(page)
    await page.evaluate(() => window.scrollTo({ top: document.body.scrollHeight, behavior: 'instant' }))
    const start = await page.evaluate(() => window.scrollY)
    expect(start).toBeGreaterThan(200)
    await recordScrolling(page)
    await page.getByRole('link', { name: 'Next' }).click()
    await page.waitForURL(url('/blog/page/2/'))
    await expect.poll(() => cardTitles(page)).toEqual(['Post 11: Multi-tenant clusters, honestly', 'Post 10: Ingress TLS without surprises'])
    await expect.poll(() => scrollSettled(page)).toBe(0)
    // Smooth: the page asked for a smooth scroll to the top (and got to the top, above).
    expect(await scrollCalls(page)).toEqual(['0:smooth'])
    expect(await focusedTag(page)).toBe('H1')
    expect(await windowMarker(page)).toBe('same document')
    // The list page's data was read from its HTML, the one request of the move for it: no page
    // has an index.pageContext.json.
    expect(opened.requests.filter((request) => request.includes('/blog/page/2/'))).toEqual([url('/blog/page/2/')])
    await page.getByRole('navigation', { name: 'Blog pages' }).getByRole('link', { name: '3', exact: true }).click()
    await page.waitForURL(url('/blog/page/3/'))
    await page.getByRole('link', { name: 'Previous' }).click()
    await page.waitForURL(url('/blog/page/2/'))
    await page.getByRole('navigation', { name: 'Blog pages' }).getByRole('link', { name: '1', exact: true }).click()
    await page.waitForURL(url('/blog/'))
    expect(await windowMarker(page)).toBe('same document')
    expect(problems(opened)).toEqual([])
  })

  it('jumps to the top at once for a reader who prefers reduced motion', async () => {
    const { page } = await open('/blog/', { reducedMotion: 'reduce' })
    await page.evaluate(() => window.scrollTo({ top: document.body.scrollHeight, behavior: 'instant' }))
    const start = await page.evaluate(() => window.scrollY)
    await recordScrolling(page)
    await page.getByRole('link', { name: 'Next' }).click()
    await page.waitForURL(url('/blog/page/2/'))
    expect(await scrollSettled(page)).toBe(0)
    expect((await scrollPositions(page)).filter((y) => y > 0 && y < start)).toEqual([])
    expect(await scrollCalls(page)).toEqual(['0:instant'])
  })

  it('works from the keyboard', async () => {
    const { page } = await open('/blog/')
    await page.getByRole('navigation', { name: 'Blog pages' }).getByRole('link', { name: '2', exact: true }).focus()
    await page.keyboard.press('Enter')
    await page.waitForURL(url('/blog/page/2/'))
    await page.getByRole('link', { name: 'Post 11: Multi-tenant clusters, honestly' }).focus()
    await page.keyboard.press('Enter')
    await page.waitForURL(url('/blog/post-11/'))
  })

  it('has no page outside 1..total', async () => {
    const { page } = await open('/blog/')
    for (const path of ['/blog/page/8/', '/blog/page/0/', '/blog/page/1/']) {
      const response = await page.goto(url(path))
      expect(response?.status(), path).toBe(404)
    }
  })
})

describe('a post', () => {
  it('opens in place from its card, with Back to Blog at the top and bottom returning to that list page', async () => {
    const opened = await open('/blog/page/4/')
    const { page } = opened
    await markWindow(page)
    // The whole card is the link: click its image, not its title.
    await page.locator('main article').filter({ hasText: 'Post 07' }).click({ position: { x: 60, y: 60 } })
    await page.waitForURL(url('/blog/post-07/'))
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Post 07: Admission policies in CEL')
    await expect.poll(() => focusedTag(page)).toBe('H1')
    const main = await page.locator('main').textContent()
    expect(main).toMatch(/Daniel Okafor.*February 7, 2025.*\d+ min read/)
    expect(main).toContain('A first policy, end to end. This fixture post is number 7')
    await expect(page.getByRole('list', { name: 'Tags' }).getByRole('listitem').allTextContents()).resolves.toEqual(['audit', 'observability'])
    expect(await page.locator('main article').count()).toBe(1)
    expect(await backLinks(page)).toEqual(['/blog/page/4/', '/blog/page/4/'])
    await page.getByRole('link', { name: 'Back to Blog' }).last().click()
    await page.waitForURL(url('/blog/page/4/'))
    await expect.poll(() => cardTitles(page)).toEqual(['Post 07: Admission policies in CEL', 'Post 06: Seccomp profiles, the RuntimeDefault way'])
    expect(await windowMarker(page)).toBe('same document')
    expect(problems(opened)).toEqual([])
  })

  it('has a permalink that loads, reloads and goes back with the browser', async () => {
    const opened = await open('/blog/page/4/')
    const { page } = opened
    await page.getByRole('link', { name: 'Post 06: Seccomp profiles, the RuntimeDefault way' }).click()
    await page.waitForURL(url('/blog/post-06/'))
    const response = await page.reload()
    expect(response?.status()).toBe(200)
    await hydrated(page)
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Post 06: Seccomp profiles, the RuntimeDefault way')
    expect(await backLinks(page)).toEqual(['/blog/page/4/', '/blog/page/4/'])
    await page.goBack()
    await page.waitForURL(url('/blog/page/4/'))
    await expect.poll(() => cardTitles(page)).toContain('Post 06: Seccomp profiles, the RuntimeDefault way')
    await page.goForward()
    await page.waitForURL(url('/blog/post-06/'))
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Post 06: Seccomp profiles, the RuntimeDefault way')
    expect(problems(opened)).toEqual([])
  })

  it('goes Back to Blog to the list page it was opened from, else to its own', async () => {
    const { page } = await open('/blog/post-03/')
    expect(await backLinks(page)).toEqual(['/blog/page/6/', '/blog/page/6/'])
    // Opened from page 2 of an earlier build, in this tab: that is where the reader goes back to.
    await page.evaluate(() => sessionStorage.setItem('kube-site:blog-origin:post-03', '/blog/page/2/'))
    await page.reload()
    await hydrated(page)
    await expect.poll(() => backLinks(page)).toEqual(['/blog/page/2/', '/blog/page/2/'])
    // A page the list no longer has is ignored.
    await page.evaluate(() => sessionStorage.setItem('kube-site:blog-origin:post-03', '/blog/page/9/'))
    await page.reload()
    await hydrated(page)
    await expect.poll(() => backLinks(page)).toEqual(['/blog/page/6/', '/blog/page/6/'])
  })

  it('shows the content rendered at build time: highlighted code, a table, a task list, a sized lazy image, safe links, heading anchors', async () => {
    const opened = await open('/blog/post-13/')
    const { page } = opened
    const blocks = page.locator('main pre.code-block')
    await expect(blocks.evaluateAll((pres) => pres.map((pre) => pre.getAttribute('data-lang')))).resolves.toEqual(['yaml', 'bash', 'json', 'go', 'dockerfile'])
    await expect(blocks.evaluateAll((pres) => pres.every((pre) => pre.querySelector('span[class^="hljs-"]')))).resolves.toBe(true)
    await expect(page.locator('main table').getByRole('columnheader').allTextContents()).resolves.toEqual(['Layer', 'Enforced by', 'Example'])
    await expect(page.getByRole('checkbox', { name: 'Deny by default' }).isChecked()).resolves.toBe(true)
    await expect(page.getByRole('checkbox', { name: 'Allow DNS egress' }).isChecked()).resolves.toBe(false)
    const image = page.getByRole('img', { name: 'A traffic graph' })
    expect(await image.evaluate((img) => [img.getAttribute('loading'), img.getAttribute('width'), img.getAttribute('height')])).toEqual(['lazy', '1200', '630'])
    const external = page.getByRole('link', { name: 'the Kubernetes documentation' })
    expect(await external.evaluate((a) => [a.getAttribute('target'), a.getAttribute('rel')])).toEqual(['_blank', 'noopener noreferrer'])
    expect(await page.getByRole('link', { name: 'the pricing page' }).evaluate((a) => [a.getAttribute('href'), a.getAttribute('target')])).toEqual(['/pricing/', null])
    const heading = page.getByRole('heading', { name: 'Code in five languages' })
    await expect(heading.getAttribute('id')).resolves.toBe('code-in-five-languages')
    await expect(heading.getByRole('link').getAttribute('href')).resolves.toBe('#code-in-five-languages')
    // '## Main' must not take the id of the page's <main> (the skip link's target).
    await expect(page.locator('#main').evaluateAll((found) => found.map((element) => element.tagName))).resolves.toEqual(['MAIN'])
    expect(problems(opened)).toEqual([])
  })

  it('carries its body only in its HTML: hydration keeps the rendered body, and moves in place between posts show each body', async () => {
    const opened = await open('/blog/post-13/')
    const { page } = opened
    const context = await page.locator('#vike_pageContext').textContent()
    expect(JSON.parse(context!).data.post.html).toBe('')
    const body = page.locator('main article > div').filter({ has: page.getByRole('heading', { name: 'Code in five languages' }) })
    await expect(body.locator('pre.code-block').count()).resolves.toBe(5)
    // Its component is given the body its page holds, as in dev (dev.test.ts) and after a move.
    await hydrated(page)
    const { given, served } = await postBodies(page)
    expect(served).toContain('Code in five languages')
    expect(given).toBe(served)
    // A render after hydration (the theme, Back to Blog's origin) must not empty it.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 100))))
    await expect(body.locator('pre.code-block').count()).resolves.toBe(5)
    await markWindow(page)
    await page.getByRole('link', { name: 'Back to Blog' }).first().click()
    await page.waitForURL(url('/blog/'))
    await page.getByRole('link', { name: 'Post 12: Runtime detection that pages the right person' }).click()
    await page.waitForURL(url('/blog/post-12/'))
    await expect.poll(() => page.locator('main').textContent()).toContain('This fixture post is number 12')
    // Its data and body were read from the post's page, the one request of the move: a post has
    // no index.pageContext.json.
    expect(opened.requests.filter((request) => request.includes('/blog/post-12/'))).toEqual([url('/blog/post-12/')])
    expect((await fetch(url('/blog/post-12/index.pageContext.json'))).status).toBe(404)
    expect(await page.getByRole('heading', { name: 'Code in five languages' }).count()).toBe(0)
    await page.goBack()
    await page.waitForURL(url('/blog/'))
    await page.goBack()
    await page.waitForURL(url('/blog/post-13/'))
    await expect.poll(() => page.locator('main pre.code-block').count()).toBe(5)
    expect(await windowMarker(page)).toBe('same document')
    expect(problems(opened)).toEqual([])
  })

  it('ships no highlighter to the browser', async () => {
    const { page, requests } = await open('/blog/post-13/')
    await page.getByRole('link', { name: 'Back to Blog' }).first().click()
    await page.waitForURL(url('/blog/'))
    const scripts = [...new Set(requests.filter((request) => request.startsWith(site.server.url) && /\.m?js$/.test(request)))]
    expect(scripts.length).toBeGreaterThan(0)
    for (const script of scripts) expect(await (await fetch(script)).text(), script).not.toMatch(/registerLanguage|highlightAuto|hljs/)
  })
})

describe('first paint', () => {
  /** Chromium's priority of every script and stylesheet request of a first visit to `path`, once it is hydrated. */
  async function priorities(path: string): Promise<Map<string, string>> {
    const opened = await site.blank()
    const session = await opened.context.newCDPSession(opened.page)
    const seen = new Map<string, string>()
    session.on('Network.requestWillBeSent', ({ request, type }) => {
      if (type === 'Script' || type === 'Stylesheet') seen.set(new URL(request.url).pathname, `${type} ${request.initialPriority}`)
    })
    await session.send('Network.enable')
    await opened.page.goto(url(path))
    await hydrated(opened.page)
    return seen
  }

  /**
   * Whether this chromium fetches a `<link rel="modulepreload" fetchpriority="low">` low in a page
   * that carries a meta policy, as every page of the site does. Chromium 150 does not: in such a
   * page it fetches every module preload high, whatever the link asks, though it fetches them low
   * in a page without a policy. A probe page answered by the test itself, so the test holds the
   * site to what the browser it runs in can do, not to one version's behaviour.
   */
  async function lowModulePreloadsHonoured(): Promise<boolean> {
    const { page, context } = await site.blank()
    await page.route('http://probe.invalid/**', (route) =>
      route.fulfill(
        new URL(route.request().url()).pathname === '/'
          ? { contentType: 'text/html', body: `<!doctype html><meta http-equiv="Content-Security-Policy" content="default-src 'self'"><title>probe</title><link rel="modulepreload" href="/module.js" fetchpriority="low">` }
          : { contentType: 'text/javascript', body: 'export {}' },
      ),
    )
    const session = await context.newCDPSession(page)
    const priority = new Promise<string>((resolve) =>
      session.on('Network.requestWillBeSent', ({ request }) => request.url.endsWith('/module.js') && resolve(request.initialPriority)),
    )
    await session.send('Network.enable')
    await page.goto('http://probe.invalid/')
    return (await priority) === 'Low'
  }

  it('loads the scripts that hydrate a page and route in place at low priority, and its one stylesheet first', async () => {
    const preloadsLow = await lowModulePreloadsHonoured()
    for (const path of ['/blog/', '/blog/page/2/', '/blog/post-07/', '/']) {
      const requests = [...(await priorities(path))]
      const stylesheets = requests.filter(([, kind]) => kind.startsWith('Stylesheet'))
      expect(stylesheets, path).toEqual([[expect.stringMatching(/\/page\.[\w-]+\.css$/), 'Stylesheet VeryHigh']])
      const scripts = requests.filter(([, kind]) => kind.startsWith('Script'))
      expect(scripts.length, path).toBeGreaterThan(0)
      // What the page's HTML names asks to be fetched low, and is; what those scripts import as
      // they run, after the paint, may be higher. Where the browser fetches module preloads high
      // whatever they ask (above), they are fetched all the same, and the scripts low.
      const html = readFileSync(join(site.outDir, path, 'index.html'), 'utf8')
      const named = [...html.matchAll(/<script src="([^"]+)"[^>]*>|<link rel="modulepreload" href="([^"]+)"[^>]*>/g)]
      expect(named.length, path).toBeGreaterThan(0)
      for (const [tag, script = '', preload = ''] of named) {
        expect(tag, path).toContain(' fetchpriority="low"')
        const url = script || preload
        const fetched = requests.find(([pathname]) => pathname === url)?.[1]
        expect(fetched, `${path}: ${url}`).toMatch(/^Script /)
        if (script || preloadsLow) expect(`${url} ${fetched}`, path).toBe(`${url} Script Low`)
      }
    }
  })

  it('follows a card clicked before the scripts have run, with a normal page load', async () => {
    const opened = await site.blank()
    // Hold every script until the click is done: the visitor is faster than the network.
    let release!: () => void
    const released = new Promise<void>((resolve) => (release = resolve))
    await opened.context.route(/\.js$/, async (route) => {
      await released
      await route.continue().catch(() => {})
    })
    await opened.page.goto(url('/blog/'), { waitUntil: 'domcontentloaded' })
    const card = opened.page.locator('main article h2 a').first()
    const title = await card.textContent()
    await card.click()
    await opened.page.waitForURL(/\/blog\/post-13\/$/, { waitUntil: 'commit' })
    release()
    await expect(opened.page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(title)
    await hydrated(opened.page)
    expect(problems(opened)).toEqual([])
  })
})

describe('theme-aware images', () => {
  it.each([
    ['dark', 'least-privilege-network-policies-from-real-traffic-dark.svg'],
    ['light', 'least-privilege-network-policies-from-real-traffic-light.svg'],
  ] as const)('show the %s image in %s theme, and `image` when a post has no variants', async (theme, expected) => {
    const { page } = await open('/blog/', { theme })
    const visibleImages = (title: string) =>
      page
        .locator('main article')
        .filter({ hasText: title })
        .locator('img')
        .evaluateAll((images) => images.filter((img) => img.checkVisibility()).map((img) => img.getAttribute('src')))
    expect(await visibleImages('Post 13')).toEqual([`/images/blog/${expected}`])
    expect(await visibleImages('Post 12')).toEqual(['/images/blog/inside-a-read-only-ai-risk-assessment-dark.svg'])
  })
})

describe('dates', () => {
  it.each(['America/Los_Angeles', 'Pacific/Kiritimati'])('show the calendar day of the post in %s, rendered on the server and in the browser', async (timezoneId) => {
    const opened = await open('/blog/', { timezoneId })
    const { page } = opened
    const dates = () => page.locator('main article time').allTextContents()
    expect(await dates()).toEqual(['February 13, 2025', 'February 12, 2025'])
    await page.getByRole('link', { name: 'Next' }).click()
    await page.waitForURL(url('/blog/page/2/'))
    await expect.poll(dates).toEqual(['February 11, 2025', 'February 10, 2025'])
    expect(problems(opened)).toEqual([])
  })
})

describe('without JavaScript', () => {
  it('the list, the pagination, a post and Back to Blog are readable and work', async () => {
    const { page } = await open('/blog/', { javaScriptEnabled: false })
    await expect(page.locator('main article').first().isVisible()).resolves.toBe(true)
    expect(await cardTitles(page)).toHaveLength(2)
    await page.getByRole('navigation', { name: 'Blog pages' }).getByRole('link', { name: '2', exact: true }).click()
    await page.waitForURL(url('/blog/page/2/'))
    await page.getByRole('navigation', { name: 'Blog pages' }).getByRole('link', { name: '3', exact: true }).click()
    await page.waitForURL(url('/blog/page/3/'))
    await page.getByRole('link', { name: 'Next' }).click()
    await page.waitForURL(url('/blog/page/4/'))
    await page.getByRole('link', { name: 'Post 07: Admission policies in CEL' }).click()
    await page.waitForURL(url('/blog/post-07/'))
    await expect.poll(() => page.locator('main pre.code-block').first().isVisible()).toBe(true)
    await page.getByRole('link', { name: 'Back to Blog' }).first().click()
    await page.waitForURL(url('/blog/page/4/'))
    await page.getByRole('link', { name: 'Next' }).click()
    await page.waitForURL(url('/blog/page/5/'))
  })

  it('every link of the blog pages leads to a page that exists, or opens another site safely', async () => {
    const { page } = await open('/blog/', { javaScriptEnabled: false })
    const checked = new Set<string>()
    for (const path of ['/blog/', '/blog/page/4/', '/blog/page/7/', '/blog/post-13/', '/blog/post-01/']) {
      await page.goto(url(path))
      const links = await page.locator('a[href]').evaluateAll((anchors) =>
        anchors.map((a) => ({ href: (a as HTMLAnchorElement).href, raw: a.getAttribute('href')!, target: a.getAttribute('target'), rel: a.getAttribute('rel') })),
      )
      for (const link of links) {
        if (link.raw.startsWith('#')) {
          expect(await page.locator(`[id="${decodeURIComponent(link.raw.slice(1))}"]`).count(), `${path} ${link.raw}`).toBe(1)
        } else if (link.href.startsWith(site.server.url)) {
          const target = link.href.split('#')[0]!
          if (checked.has(target)) continue
          checked.add(target)
          expect((await fetch(target)).status, `${path} → ${target}`).toBe(200)
        } else if (/^https?:/.test(link.href)) {
          expect([link.target, link.rel], `${path} → ${link.href}`).toEqual(['_blank', 'noopener noreferrer'])
        }
      }
    }
    expect(checked.size).toBeGreaterThan(10)
  })
})

describe('feeds and SEO', () => {
  const meta = (page: Page, selector: string) => page.locator(selector).first().getAttribute('content')

  it('gives every blog page its own title, description and absolute canonical URL, and links the feed', async () => {
    const { page } = await open('/blog/', { javaScriptEnabled: false })
    const seen = { titles: new Set<string>(), descriptions: new Set<string>() }
    for (const path of ['/blog/', '/blog/page/2/', '/blog/page/7/', '/blog/post-13/', '/blog/post-12/']) {
      await page.goto(url(path))
      const title = await page.title()
      const description = (await meta(page, 'meta[name="description"]')) ?? ''
      expect(description.length, path).toBeGreaterThan(20)
      seen.titles.add(title)
      seen.descriptions.add(description)
      await expect(page.locator('link[rel="canonical"]').getAttribute('href')).resolves.toBe(`${SITE}${path}`)
      await expect(meta(page, 'meta[property="og:url"]')).resolves.toBe(`${SITE}${path}`)
      await expect(meta(page, 'meta[property="og:title"]')).resolves.toBe(title)
      await expect(meta(page, 'meta[property="og:description"]')).resolves.toBe(description)
      await expect(meta(page, 'meta[name="twitter:card"]')).resolves.toMatch(/^summary/)
      await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]').getAttribute('href')).resolves.toBe(`${SITE}/blog/rss.xml`)
    }
    expect(seen.titles.size).toBe(5)
    expect(seen.descriptions.size).toBe(5)
  })

  it('writes the canonical URL of every other page with its trailing slash', async () => {
    const { page } = await open('/', { javaScriptEnabled: false })
    for (const path of ['/', '/pricing/', '/privacy-policy/', '/terms-of-service/']) {
      await page.goto(url(path))
      await expect(page.locator('link[rel="canonical"]').getAttribute('href'), path).resolves.toBe(`${SITE}${path}`)
      expect(((await meta(page, 'meta[name="description"]')) ?? '').length, path).toBeGreaterThan(40)
    }
  })

  it('describes a post as an article, with its image and JSON-LD BlogPosting', async () => {
    const { page } = await open('/blog/post-13/', { javaScriptEnabled: false })
    const image = `${SITE}/images/blog/least-privilege-network-policies-from-real-traffic-light.svg`
    await expect(meta(page, 'meta[property="og:type"]')).resolves.toBe('article')
    await expect(meta(page, 'meta[property="og:image"]')).resolves.toBe(image)
    // X falls back to og:image: the card names its kind, not the image a second time.
    await expect(meta(page, 'meta[name="twitter:card"]')).resolves.toBe('summary_large_image')
    await expect(page.locator('meta[name="twitter:image"]').count()).resolves.toBe(0)
    await expect(meta(page, 'meta[name="description"]')).resolves.toMatch(/^Headings, highlighted code/)
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!)
    expect(jsonLd).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: 'Post 13: Everything a post can hold',
      datePublished: '2025-02-13',
      author: { '@type': 'Person', name: 'Priya Raman' },
      mainEntityOfPage: { '@type': 'WebPage', '@id': `${SITE}/blog/post-13/` },
      image,
    })
    expect(jsonLd).not.toHaveProperty('url')
  })

  it('serves a feed and a sitemap that parse as XML and hold every public page, but no draft or scheduled post', async () => {
    const { page } = await open('/blog/')
    const parse = (path: string) =>
      page.evaluate(async (path) => {
        const response = await fetch(path)
        const xml = new DOMParser().parseFromString(await response.text(), 'application/xml')
        return {
          type: response.headers.get('content-type'),
          error: xml.querySelector('parsererror')?.textContent ?? null,
          root: xml.documentElement.nodeName,
          links: [...xml.querySelectorAll('item > link')].map((link) => link.textContent),
          content: xml.querySelector('item')?.getElementsByTagNameNS('http://purl.org/rss/1.0/modules/content/', 'encoded')[0]?.textContent ?? '',
          locs: [...xml.querySelectorAll('url > loc')].map((loc) => loc.textContent),
          // Each page's, or null where its content has no date (the home page).
          lastmods: [...xml.querySelectorAll('url')].map((entry) => entry.querySelector('lastmod')?.textContent ?? null),
        }
      }, path)
    const posts = Array.from({ length: 13 }, (_, index) => `${SITE}/blog/post-${String(13 - index).padStart(2, '0')}/`)

    const feed = await parse('/blog/rss.xml')
    expect(feed).toMatchObject({ error: null, root: 'rss', type: 'application/xml; charset=utf-8' })
    expect(feed.links).toEqual(posts)
    expect(feed.content).toContain('<span class="hljs-attr">')
    expect(feed.content).toContain('href="https://kubeguard.dev/pricing/"')

    const sitemap = await parse('/sitemap.xml')
    expect(sitemap).toMatchObject({ error: null, root: 'urlset' })
    const pages = ['/', '/blog/', ...[2, 3, 4, 5, 6, 7].map((n) => `/blog/page/${n}/`), '/pricing/', '/privacy-policy/', '/terms-of-service/'].map((path) => `${SITE}${path}`)
    expect(sitemap.locs).toEqual(expect.arrayContaining([...pages, ...posts]))
    expect(sitemap.locs.join(' ')).not.toMatch(/draft|scheduled|404/)
    expect(sitemap.lastmods.every((day) => day === null || /^\d{4}-\d{2}-\d{2}$/.test(day))).toBe(true)
    expect(sitemap.lastmods[sitemap.locs.indexOf(`${SITE}/`)]).toBeNull()
    expect(sitemap.lastmods[sitemap.locs.indexOf(`${SITE}/blog/post-07/`)]).toBe('2025-02-07')

    const robots = await (await fetch(url('/robots.txt'))).text()
    expect(robots).toContain(`Sitemap: ${SITE}/sitemap.xml`)
  })

  it('leaves drafts and scheduled posts out of the build', async () => {
    const { page } = await open('/blog/', { javaScriptEnabled: false })
    for (const path of ['/blog/draft-post/', '/blog/scheduled-post/']) expect((await page.goto(url(path)))?.status(), path).toBe(404)
  })

  it('keeps the not-found page out of search engines', async () => {
    const { page } = await open('/blog/no-such-post/', { javaScriptEnabled: false })
    await expect(meta(page, 'meta[name="robots"]')).resolves.toBe('noindex')
    expect(await page.locator('link[rel="canonical"]').count()).toBe(0)
  })
})

describe('accessibility', () => {
  it.each([
    ['/blog/', 'dark'],
    ['/blog/', 'light'],
    ['/blog/post-13/', 'dark'],
    ['/blog/post-13/', 'light'],
  ] as const)('%s in %s theme has no serious or critical axe violation', async (path, theme) => {
    const { page } = await open(path, { theme })
    expect(await seriousViolations(page)).toEqual([])
  })
})
