import { randomBytes } from 'node:crypto'
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, describe, expect, it } from 'vitest'
import { openPage, serveSite } from '../support/browser.ts'
import { buildSite } from '../support/buildSite.ts'
import { focusedTag, markWindow, problems, useFixtureSite, windowMarker } from '../support/fixtureSite.ts'
import { hydrated } from '../support/pageHelpers.ts'

// The blog's search (Pagefind, cli/search/, pages/_components/Search*.tsx and pages/_lib/search*.ts), on the fixture blog of
// blog.test.ts with two posts of its own: one whose title, tag and body hold HTML, and post 05
// with a word no other post has, which a rebuild changes. Served as deployed, in chromium.

const posts = mkdtempSync(join(tmpdir(), 'kube-site-search-posts-'))
cpSync('tests/browser/__fixtures__/blog-site/posts', posts, { recursive: true })
const POST_05 = join(posts, 'post-05.md')
const original05 = readFileSync(POST_05, 'utf8')
writeFileSync(POST_05, `${original05}\nThe zanzibar rollout pattern keeps one namespace on the old version.\n`)
const HOSTILE_TITLE = '<img src=x onerror="window.owned=1"> Hostile <b>title</b>'
writeFileSync(
  join(posts, 'hostile.md'),
  [
    '---',
    `title: '${HOSTILE_TITLE}'`,
    'excerpt: "An excerpt with <script>window.owned=2</script> in it."',
    'author: "Maya Chen"',
    'date: 2025-01-02',
    'tags: ["<i>markup</i>"]',
    '---',
    '',
    'A xylophone of `<script>window.owned=3</script>` and <b onmouseover="window.owned=4">bold</b> words.',
    '',
  ].join('\n'),
)
afterAll(() => rmSync(posts, { recursive: true, force: true }))

const site = useFixtureSite({ out: 'search-fixture-dist', posts })
const { url, open } = site

const combobox = (page: Page) => page.getByRole('combobox', { name: 'Search the blog' })
const options = (page: Page) => page.getByRole('option').allTextContents()
/** The search page's live region. */
const status = (page: Page) => page.locator('main p[role=status]').textContent()
const resultTitles = (page: Page) => page.locator('main ol > li h2').allTextContents()
const searchRequests = (requests: string[]) => requests.filter((request) => /\/assets\/search\/|\/blog\/search\/shards\.json/.test(request))
/** Records Content-Security-Policy violations from the first byte. */
const watchPolicy = (page: Page) =>
  page.addInitScript(() => {
    const seen: string[] = ((window as unknown as { violations: string[] }).violations = [])
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline'}`))
  })
const violations = (page: Page) => page.evaluate(() => (window as unknown as { violations: string[] }).violations)

describe('the search field on every page of the blog', () => {
  it('loads nothing until it has focus, then suggests the one post whose body has the word; Enter opens it in place', async () => {
    const opened = await site.blank()
    const { page, requests } = opened
    await watchPolicy(page)
    await page.goto(url('/blog/'))
    await hydrated(page)
    await markWindow(page)
    expect(searchRequests(requests)).toEqual([])

    await combobox(page).focus()
    await expect.poll(() => searchRequests(requests).length).toBeGreaterThan(0)
    await combobox(page).pressSequentially('zanzibar')
    await expect.poll(() => options(page)).toEqual([expect.stringContaining('Post 05'), 'All results for “zanzibar”'])
    expect(await combobox(page).getAttribute('aria-expanded')).toBe('true')
    await expect.poll(() => page.locator('form[role=search] [role=status]').textContent()).toBe('1 post for “zanzibar”')

    await combobox(page).press('ArrowDown')
    const active = await combobox(page).getAttribute('aria-activedescendant')
    expect(await page.locator(`[id="${active}"]`).getAttribute('aria-selected')).toBe('true')
    expect(await page.locator(`[id="${active}"]`).textContent()).toContain('Post 05')
    await combobox(page).press('Enter')
    await page.waitForURL(/\/blog\/post-05\/$/)
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toContain('Post 05')
    await expect.poll(() => focusedTag(page)).toBe('H1')
    expect(await windowMarker(page)).toBe('same document')
    expect(await violations(page)).toEqual([])
    expect(problems(opened)).toEqual([])
  })

  it('Escape closes the suggestions, then clears the field; Enter with none chosen opens the search page with the query', async () => {
    const opened = await open('/blog/page/2/')
    const { page } = opened
    await combobox(page).fill('fixture')
    await expect.poll(() => page.getByRole('option').count()).toBe(6)
    await combobox(page).press('Escape')
    expect(await combobox(page).getAttribute('aria-expanded')).toBe('false')
    await combobox(page).press('Escape')
    expect(await combobox(page).inputValue()).toBe('')
    await combobox(page).fill('webhooks')
    await expect.poll(() => options(page)).toEqual([expect.stringContaining('Post 07'), 'All results for “webhooks”'])
    await combobox(page).press('Enter')
    await page.waitForURL(url('/blog/search/?q=webhooks'))
    await expect.poll(() => resultTitles(page)).toEqual(['Post 07: Admission policies in CEL'])
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('search-query')
    expect(problems(opened)).toEqual([])
  })
})

describe('the search page', () => {
  it('shows every result with its date, tags and the matched words marked; a tag narrows them; the query and tag survive a reload', async () => {
    const opened = await open('/blog/search/?q=fixture')
    const { page } = opened
    await expect.poll(() => status(page)).toBe('13 posts for “fixture”')
    expect(await resultTitles(page)).toHaveLength(10)
    await page.getByRole('button', { name: 'Show more results' }).click()
    await expect.poll(() => resultTitles(page).then((titles) => titles.length)).toBe(13)
    const first = page.locator('main ol > li').first()
    expect(await first.locator('mark').first().textContent()).toMatch(/^fixture/i)
    expect(await first.locator('time').getAttribute('datetime')).toMatch(/^\d{4}-\d{2}-\d{2}$/)

    await page.getByLabel('Tag', { exact: true }).selectOption('audit')
    await expect.poll(() => status(page)).toBe('3 posts for “fixture” tagged audit')
    expect((await resultTitles(page)).sort()).toEqual(['Post 02: Pinning images by digest', 'Post 07: Admission policies in CEL', 'Post 12: Runtime detection that pages the right person'])
    await expect.poll(() => page.url()).toBe(url('/blog/search/?q=fixture&tag=audit'))
    for (const title of await resultTitles(page)) expect(title).toMatch(/^Post (02|07|12)/)
    const tags = await page.locator('main ol > li').first().getByRole('list', { name: 'Tags' }).getByRole('link').allTextContents()
    expect(tags).toContain('audit')

    await page.reload()
    await hydrated(page)
    await expect.poll(() => status(page)).toBe('3 posts for “fixture” tagged audit')
    expect(await page.getByLabel('Search the blog', { exact: true }).inputValue()).toBe('fixture')
    expect(await page.getByLabel('Tag', { exact: true }).inputValue()).toBe('audit')

    await markWindow(page)
    await page.locator('main ol > li h2 a').first().click()
    await page.waitForURL(/\/blog\/post-\d\d\/$/)
    expect(await windowMarker(page)).toBe('same document')
    await page.goBack()
    await page.waitForURL(url('/blog/search/?q=fixture&tag=audit'))
    await expect.poll(() => status(page)).toBe('3 posts for “fixture” tagged audit')
    expect(problems(opened)).toEqual([])
  })

  it('a post whose title, tag, excerpt and body hold HTML shows in results as text, and runs nothing', async () => {
    const opened = await open('/blog/search/?q=xylophone')
    const { page } = opened
    await expect.poll(() => resultTitles(page)).toEqual([HOSTILE_TITLE])
    const result = page.locator('main ol > li').first()
    expect(await result.locator('img, script, b, i').count()).toBe(0)
    expect(await result.locator('mark').allTextContents()).toEqual(['xylophone'])
    expect(await result.textContent()).toContain('<script>window.owned=3</script>')
    await page.locator('main ol > li h2 a').hover()
    expect(await page.evaluate(() => (window as unknown as { owned?: number }).owned)).toBeUndefined()
    await combobox(page)
      .count()
      .then((count) => expect(count).toBe(0))
    expect(problems(opened)).toEqual([])
  })

  it('without JavaScript, the field is a form that opens the search page, which says search needs JavaScript and links the tags', async () => {
    const opened = await open('/blog/', { javaScriptEnabled: false })
    const { page } = opened
    await combobox(page).fill('webhooks')
    await combobox(page).press('Enter')
    await page.waitForURL(url('/blog/search/?q=webhooks'))
    // Playwright's text and role selectors skip <noscript>, which the browser shows here.
    expect(await page.locator('main noscript p').textContent()).toBe('Search needs JavaScript. Browse the posts by topic instead: All tags')
    await page.locator('main noscript a').click()
    await page.waitForURL(url('/blog/tags/'))
    expect(searchRequests(opened.requests)).toEqual([])
  })
})

describe('search after a rebuild', () => {
  it('a one-post edit indexes that post apart, its old page hidden: the old word no longer finds it, the new one does, and it is listed once', async () => {
    // A word of this run's: the search cache, kept across runs, never held the post with it, so the edit is indexed apart.
    const edited = `quokka${Array.from(randomBytes(6), (byte) => String.fromCharCode(97 + (byte % 26))).join('')}`
    writeFileSync(POST_05, `${original05}\nThe ${edited} rollout pattern keeps one namespace on the old version.\n`)
    // Edits are indexed apart from a shard of 250 posts or more (cli/incremental/search/searchShards.ts); this site's one shard has 14.
    const { stdout } = await buildSite({ out: 'search-fixture-dist', posts, env: { KUBE_SITE_SEARCH_EDITS_FROM: '1' } })
    expect(stdout).toBe('')
    const server = await serveSite(site.outDir)
    try {
      const opened = await openPage(site.browser)
      const { page, context } = opened
      for (const [word, found] of [
        ['zanzibar', []],
        [edited, ['Post 05: Egress policies that do not break DNS']],
      ] as const) {
        await page.goto(`${server.url}blog/search/?q=${word}`)
        await hydrated(page)
        await expect.poll(() => status(page)).toBe(`${found.length === 0 ? 'No posts' : '1 post'} for “${word}”`)
        expect(await resultTitles(page)).toEqual(found)
      }
      // Its index holds the post's old page too (cli/incremental/search/searchShards.ts), which no listing shows.
      const manifest = JSON.parse(readFileSync(join(site.outDir, 'blog/search/shards.json'), 'utf8')) as { hidden?: string[][] }
      expect(manifest.hidden?.flat().length).toBeGreaterThan(0)
      await page.goto(`${server.url}blog/search/?tag=rbac`)
      await hydrated(page)
      await expect.poll(() => status(page)).toBe('2 posts tagged rbac')
      expect((await resultTitles(page)).filter((title) => title.startsWith('Post 05'))).toEqual(['Post 05: Egress policies that do not break DNS'])
      expect(problems(opened)).toEqual([])
      await context.close()
    } finally {
      await server.close()
    }
  }, 180_000)
})

describe('search under a base', () => {
  it('/previews/pr-1/: the index, the results and their links are under the base', async () => {
    const BASE = '/previews/pr-1/'
    const { outDir } = await buildSite({ out: 'search-base-dist', posts, base: BASE })
    const server = await serveSite(outDir, BASE)
    try {
      const opened = await openPage(site.browser)
      const { page, context, requests } = opened
      await watchPolicy(page)
      await page.goto(`${server.url}blog/search/?q=webhooks`)
      await hydrated(page)
      await expect.poll(() => resultTitles(page)).toEqual(['Post 07: Admission policies in CEL'])
      expect(await page.locator('main ol > li h2 a').getAttribute('href')).toBe(`${BASE}blog/post-07/`)
      expect(searchRequests(requests).every((request) => request.includes(BASE))).toBe(true)
      await page.locator('main ol > li h2 a').click()
      await page.waitForURL(`${server.url}blog/post-07/`)
      expect(await violations(page)).toEqual([])
      expect(problems(opened)).toEqual([])
      await context.close()
    } finally {
      await server.close()
    }
  }, 180_000)
})
