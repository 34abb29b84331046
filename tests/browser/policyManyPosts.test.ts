import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { repoRoot, tmpRoot } from '../support/buildSite.ts'
import { shownTitled, useFixtureSite } from '../support/fixtureSite.ts'

// The Content-Security-Policy on a site with many posts (contentSecurityPolicy.test.ts has the
// default site): the browser tests' blog with 20 more posts whose covers and screenshots come
// from eight other hosts, with tables and code blocks; several list, tag and author pages.
// Every page, landed on and moved through in place, runs with 0 violations: the blog's one
// policy covers what the router can reach.

const posts = join(tmpRoot, `many-posts-${process.pid}`)
const HOSTS = 4

beforeAll(() => {
  rmSync(posts, { recursive: true, force: true })
  mkdirSync(posts, { recursive: true })
  cpSync(join(repoRoot, 'tests/browser/__fixtures__/blog-site/posts'), posts, { recursive: true })
  for (let i = 1; i <= 20; i++) {
    const host = i % HOSTS
    writeFileSync(
      join(posts, `many-${String(i).padStart(2, '0')}.md`),
      [
        '---',
        `title: "Many posts ${i}: hardening with remote screenshots"`,
        `excerpt: "Post ${i} of the many-posts fixture, with images hosted elsewhere."`,
        'author: "Priya Raman"',
        `date: 2024-${String((i % 9) + 1).padStart(2, '0')}-${String(10 + i).padStart(2, '0')}`,
        `tags: [hardening, host-${host}]`,
        `image: "https://covers${host}.example.com/cover-${i}.png"`,
        '---',
        '',
        '## A screenshot',
        '',
        `![Screenshot ${i}](https://shots${host}.example.com/shot-${i}.png)`,
        '',
        '| step | command |',
        '|---|---|',
        `| ${i} | \`kubectl get pods\` |`,
        '',
        '```bash',
        `kubectl get pods -n team-${i}`,
        '```',
        '',
      ].join('\n'),
    )
  }
  return () => rmSync(posts, { recursive: true, force: true })
})

const site = useFixtureSite({ out: 'many-posts-dist', posts, config: 'tests/browser/__fixtures__/authors.config.ts' })

/** Every HTML page of the build, as a URL path, redirect pages left out. */
function builtPages(): string[] {
  const pages: string[] = []
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) walk(path)
      else if (entry.name.endsWith('.html') && !readFileSync(path, 'utf8').includes('http-equiv="refresh"')) pages.push(relative(site.outDir, path).replace(/index\.html$/, ''))
    }
  }
  walk(site.outDir)
  return pages.sort()
}

/** A fresh page that records every policy violation from its first byte. */
async function watched() {
  // Tall: most pages are seen in a screen or two, their lazy images requested at once.
  const opened = await site.blank({ viewport: { width: 1280, height: 3000 } })
  await opened.context.addInitScript(() => {
    const seen: string[] = ((window as unknown as { violations: string[] }).violations = [])
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline'}`))
  })
  const violations = () => opened.page.evaluate(() => (window as unknown as { violations: string[] }).violations)
  const policyErrors = () => opened.errors.filter((error) => /Content.Security.Policy/i.test(error))
  return { ...opened, violations, policyErrors }
}

/**
 * Scrolls through the page, then waits until each image it shows has loaded or failed (its request
 * made, so its policy checked). A lazy image the scroll went past before chromium asked for it (a
 * screen a frame, once 1 in 118 pages) is brought back to the middle of the screen.
 */
async function requestEveryImage(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight) {
      window.scrollTo({ top: y, behavior: 'instant' })
      await new Promise(requestAnimationFrame)
    }
  })
  await expect
    .poll(() =>
      page.evaluate(() => {
        const pending = [...document.images]
          // A lazy image off to the side (a carousel's next slides) is requested only once scrolled to.
          .filter((image) => !image.complete && image.checkVisibility() && (image.getBoundingClientRect().left < innerWidth || image.loading !== 'lazy'))
        const passed = pending.find((image) => image.loading === 'lazy')
        if (passed) window.scrollTo({ top: scrollY + passed.getBoundingClientRect().top - innerHeight / 2, behavior: 'instant' })
        return pending.map((image) => `${location.pathname} ${image.currentSrc || image.src} ${image.loading}`)
      }),
    )
    .toEqual([])
}

describe('the Content-Security-Policy of a site with many posts', () => {
  // 20-50 s on a quick machine of this kind, 133 s on the slowest seen (see SLOW_TEST_TIMEOUT in tests/vitest.config.ts).
  it('every page, landed on and scrolled through: 0 violations', { timeout: 480_000 }, async () => {
    const pages = builtPages()
    expect(pages.filter((path) => /^blog\/many-\d+\/$/.test(path))).toHaveLength(20)
    expect(pages.filter((path) => /^blog\/tags\/host-\d\/$/.test(path))).toHaveLength(HOSTS)
    const { page, violations, policyErrors } = await watched()
    const seen: string[] = []
    for (const path of pages) {
      await page.goto(site.url(path))
      await requestEveryImage(page)
      seen.push(...(await violations()).map((violation) => `/${path}: ${violation}`))
    }
    expect(seen).toEqual([])
    expect(policyErrors()).toEqual([])
  })

  it("the blog's pages and posts moved through in place, remote images and all, under the policy of the page landed on: 0 violations", async () => {
    const { page, violations, policyErrors } = await watched()
    await page.goto(site.url('blog/tags/host-1/'))
    const policy = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content')
    for (let host = 0; host < HOSTS; host++) expect(policy).toContain(`https://covers${host}.example.com https://`)
    // Every host's posts, reached without a page load: the hardening tag's posts, opened in turn.
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'same document'))
    await page.locator('main article').first().getByRole('link', { name: 'hardening', exact: true }).first().click()
    await page.waitForURL(site.url('blog/tags/hardening/'))
    // Each list page on screen before its cards are counted or clicked: host-1's page stays until it is.
    const listShown = (list: number) => shownTitled(page, `Posts tagged hardening${list === 1 ? '' : ` (page ${list})`}`)
    await listShown(1)
    const hosts = new Set<string>()
    for (let list = 1; hosts.size < HOSTS; list++) {
      const address = site.url(list === 1 ? 'blog/tags/hardening/' : `blog/tags/hardening/page/${list}/`)
      const cards = await page.locator('main article h2').count()
      for (let card = 0; card < cards; card++) {
        await page.locator('main article h2').nth(card).click()
        const screenshot = page.getByRole('img', { name: /^Screenshot \d+$/ })
        await expect.poll(() => screenshot.count()).toBe(1)
        hosts.add(new URL((await screenshot.getAttribute('src'))!).host)
        await page.goBack()
        await page.waitForURL(address)
        await listShown(list)
      }
      if (hosts.size === HOSTS) break
      await page.getByRole('navigation', { name: 'Blog pages' }).getByRole('link', { name: /next/i }).first().click()
      await page.waitForURL(site.url(`blog/tags/hardening/page/${list + 1}/`))
      await listShown(list + 1)
    }
    expect(hosts.size).toBe(HOSTS)
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('same document')
    await page.goto(site.url('blog/'))
    await page.getByRole('navigation', { name: 'Blog pages' }).getByRole('link', { name: 'Next' }).first().click()
    await page.waitForURL(site.url('blog/page/2/'))
    await shownTitled(page, 'Blog (page 2)')
    await page.locator('a[href*="/blog/authors/"]').first().click()
    await page.waitForURL(/\/blog\/authors\//)
    expect(await violations()).toEqual([])
    expect(policyErrors()).toEqual([])
  })
})
