import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { repoRoot, tmpRoot } from '../support/buildSite.ts'
import { problems, useFixtureSite } from '../support/fixtureSite.ts'
import { makeScreenshot } from '../support/screenshot.mjs'

// A writer's post with screenshots, as a visitor's browser meets it: a folder post with a cover
// for each theme and two 2400×1500 screenshots beside it, built with the real CLI and served the
// way object storage serves it.

const posts = join(tmpRoot, 'images-posts')

beforeAll(async () => {
  rmSync(posts, { recursive: true, force: true })
  cpSync(join(repoRoot, 'posts'), posts, { recursive: true })
  const folder = join(posts, 'screenshots')
  mkdirSync(folder)
  writeFileSync(join(folder, 'cover-light.png'), await makeScreenshot({ width: 1200, height: 630, seed: 11 }))
  writeFileSync(join(folder, 'cover-dark.png'), await makeScreenshot({ width: 1200, height: 630, seed: 12 }))
  writeFileSync(join(folder, 'summary.png'), await makeScreenshot({ seed: 13 }))
  writeFileSync(join(folder, 'findings.png'), await makeScreenshot({ seed: 14 }))
  const paragraph = 'The summary panel puts the riskiest findings first, with the workload, the reason and the fix. '.repeat(6)
  writeFileSync(
    join(folder, 'index.md'),
    [
      '---',
      'title: "A tour of the report, in screenshots"',
      'excerpt: "The summary panel and the findings, as a reviewer sees them."',
      'author: "Maya Chen"',
      'date: 2025-06-01',
      'tags: [product]',
      'lightImage: ./cover-light.png',
      'darkImage: ./cover-dark.png',
      '---',
      '',
      paragraph,
      '',
      '![The summary panel](./summary.png)',
      '',
      ...Array.from({ length: 12 }, () => `${paragraph}\n`),
      '## The findings',
      '',
      '![The findings list](./findings.png)',
      '',
      paragraph,
    ].join('\n'),
  )
}, 120_000)

const site = useFixtureSite({ out: 'images-site', posts })
const POST = 'blog/screenshots/'

/** The width of the variant the browser chose for an image, read from the srcset of the source it took. */
const chosen = (page: Page, name: string) =>
  page.getByRole('img', { name }).evaluate((img: HTMLImageElement) => {
    const picture = img.closest('picture')!
    const candidates = [...picture.querySelectorAll('source'), img].flatMap((element) =>
      (element.getAttribute('srcset') ?? '').split(',').map((entry) => {
        const [url, width] = entry.trim().split(/\s+/)
        return { url: new URL(url!, location.href).href, width: Number.parseInt(width!, 10), type: element.getAttribute('type') }
      }),
    )
    const match = candidates.find((candidate) => candidate.url === img.currentSrc)
    return match ? `${match.type ?? 'fallback'} ${match.width}w` : `none of the srcset: ${img.currentSrc}`
  })

/** Image URLs the page has fetched so far. */
const fetchedImages = (page: Page) => page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name).filter((name) => name.includes('/assets/images/')))

describe('images in a post', () => {
  it('gives a phone the 1080 px AVIF and a desktop the 768 px one, and a browser without AVIF or WebP the JPEG', async () => {
    const phone = await site.open(POST, { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true })
    await phone.page.getByRole('img', { name: 'The summary panel' }).scrollIntoViewIfNeeded()
    await expect.poll(() => chosen(phone.page, 'The summary panel')).toBe('image/avif 1080w')
    expect(problems(phone)).toEqual([])

    const desktop = await site.open(POST, { viewport: { width: 1440, height: 900 } })
    await desktop.page.getByRole('img', { name: 'The summary panel' }).scrollIntoViewIfNeeded()
    await expect.poll(() => chosen(desktop.page, 'The summary panel')).toBe('image/avif 768w')

    // The fallback is what the <img> itself lists: its srcset alone, types removed.
    const jpeg = await desktop.page.getByRole('img', { name: 'The summary panel' }).evaluate((img: HTMLImageElement) => {
      for (const source of img.closest('picture')!.querySelectorAll('source')) source.remove()
      img.srcset = img.srcset // the browser picks again
      return new Promise<string>((resolve) => (img.complete && img.currentSrc.endsWith('.jpg') ? resolve(img.currentSrc) : img.addEventListener('load', () => resolve(img.currentSrc), { once: true })))
    })
    expect(jpeg).toMatch(/\/assets\/images\/[0-9a-f]{20}\.jpg$/)
  })

  it('shifts nothing as the images load', async () => {
    const { page } = await site.blank({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true })
    await page.addInitScript(() => {
      const shifts: number[] = []
      ;(window as unknown as { shifts: number[] }).shifts = shifts
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!entry.hadRecentInput) shifts.push(entry.value)
      }).observe({ type: 'layout-shift', buffered: true })
    })
    await page.goto(site.url(POST))
    const findings = page.getByRole('img', { name: 'The findings list' })
    await findings.scrollIntoViewIfNeeded()
    await expect.poll(() => findings.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
    // The box is the image's shape before a byte of it arrives: 2400×1500 in the column's width.
    const box = await findings.boundingBox()
    expect(box!.height / box!.width).toBeCloseTo(1500 / 2400, 2)
    expect(await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts)).toEqual([])
  })

  it("shows the cover of the visitor's theme at once, and fetches the images further down only when a reader gets near them", async () => {
    for (const theme of ['dark', 'light'] as const) {
      const { page } = await site.open(POST, { viewport: { width: 1440, height: 900 }, theme })
      const cover = page.locator(`img.themed--${theme}`).and(page.locator('main img'))
      await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
      const shownCover = await cover.evaluate((img: HTMLImageElement) => img.currentSrc)
      expect(await fetchedImages(page)).toContain(shownCover)
      // In the default theme the other theme's cover is hidden, and never fetched. (In the light
      // theme the default's eager cover is fetched too: the page cannot know the theme before it
      // parses the image, see ThemedImage.tsx.)
      const other = await page.locator(`main img.themed--${theme === 'dark' ? 'light' : 'dark'}`).evaluate((img: HTMLImageElement) => [...img.closest('picture')!.querySelectorAll('source'), img].flatMap((element) => (element.getAttribute('srcset') ?? '').split(',').map((entry) => new URL(entry.trim().split(/\s+/)[0]!, location.href).href)))
      const findings = page.getByRole('img', { name: 'The findings list' })
      const far = await findings.evaluate((img: HTMLImageElement) => [...img.closest('picture')!.querySelectorAll('source'), img].flatMap((element) => (element.getAttribute('srcset') ?? '').split(',').map((entry) => new URL(entry.trim().split(/\s+/)[0]!, location.href).href)))
      if (theme === 'dark') expect((await fetchedImages(page)).filter((url) => other.includes(url))).toEqual([])
      // The findings screenshot is screens below: not fetched until the reader scrolls near it.
      expect((await fetchedImages(page)).filter((url) => far.includes(url))).toEqual([])
      expect(await findings.getAttribute('loading')).toBe('lazy')
      await findings.scrollIntoViewIfNeeded()
      await expect.poll(async () => (await fetchedImages(page)).filter((url) => far.includes(url)).length).toBe(1)
    }
  })
})
