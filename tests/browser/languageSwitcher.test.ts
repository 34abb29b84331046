import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, describe, expect, it } from 'vitest'
import { seriousViolations } from '../support/axe.ts'
import { repoRoot } from '../support/buildSite.ts'
import { markWindow, problems, useFixtureSite, windowMarker } from '../support/fixtureSite.ts'

// The real site with German as a second language, served as deployed, in chromium: the language
// switcher in the header's bar and in the mobile menu, by keyboard, without JavaScript, and on the
// blog as it moves in place. Until the German pages are built (routing per locale), its links are
// judged by where they lead, not followed.

const site = mkdtempSync(join(tmpdir(), 'kube-site-switcher-'))
writeFileSync(join(site, 'site.config.ts'), `import site from ${JSON.stringify(join(repoRoot, 'site.config.ts'))}\n\nexport default { ...site, locales: [{ code: 'de' }] }\n`)
afterAll(() => rmSync(site, { recursive: true, force: true }))

const { open, url } = useFixtureSite({ out: 'switcher-browser-dist', config: join(site, 'site.config.ts') })

const NARROW = { width: 390, height: 844 }
/** The header bar's switcher (from md up). */
const summary = (page: Page) => page.locator('header details > summary')
/** Where the visible link to German leads, as a site path. */
const germanHref = (page: Page) => page.getByRole('link', { name: 'Deutsch' }).getAttribute('href')
/** Where the bar's link to German leads, open or not. */
const barGermanHref = (page: Page) => page.locator('header details a[hreflang="de"]').getAttribute('href')

describe('the language switcher', () => {
  it('opens by keyboard, names every language in its own, marks the current one, and leads to the same page in German', async () => {
    const opened = await open('/pricing/')
    const { page } = opened
    await summary(page).focus()
    expect(await summary(page).evaluate((element) => element.matches(':focus-visible') || getComputedStyle(element).outlineStyle !== 'none')).toBe(true)
    await page.keyboard.press('Enter')
    const german = page.getByRole('link', { name: 'Deutsch' })
    await expect.poll(() => german.isVisible()).toBe(true)
    expect(await german.evaluate((link: HTMLAnchorElement) => [link.getAttribute('href'), link.lang, link.hreflang])).toEqual(['/de/pricing/', 'de', 'de'])
    // The current language is shown, marked, and is no link.
    const current = page.locator('header details [aria-current="true"]')
    expect(await current.evaluate((element: HTMLElement) => [element.tagName, element.textContent, element.lang])).toEqual(['SPAN', 'English', 'en'])
    // Tab goes from the summary to the one link; the focus is visible on it.
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => (document.activeElement as HTMLAnchorElement).hreflang)).toBe('de')
    expect(await german.evaluate((link) => getComputedStyle(link).outlineStyle)).not.toBe('none')
    // A target of at least 24 by 24 px (WCAG 2.2, 2.5.8).
    const box = (await german.boundingBox())!
    expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(24)
    expect(problems(opened)).toEqual([])
  })

  it.each(['light', 'dark'] as const)('passes axe open, in the %s theme', async (theme) => {
    const { page } = await open('/pricing/', { theme })
    await summary(page).click()
    await expect.poll(() => page.getByRole('link', { name: 'Deutsch' }).isVisible()).toBe(true)
    expect(await seriousViolations(page)).toEqual([])
  })

  it('works without JavaScript: the disclosure opens by keyboard and its links are plain links', async () => {
    const { page } = await open('/', { javaScriptEnabled: false })
    await summary(page).focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => page.getByRole('link', { name: 'Deutsch' }).isVisible()).toBe(true)
    expect(await germanHref(page)).toBe('/de/')
  })

  it('is in the mobile menu, and in the navigation the menu button shows without JavaScript', async () => {
    const withScript = await open('/pricing/', { viewport: NARROW })
    expect(await summary(withScript.page).isVisible()).toBe(false)
    await withScript.page.getByRole('button', { name: 'Open menu' }).click()
    const menu = withScript.page.getByRole('navigation', { name: 'Mobile' })
    await expect.poll(() => menu.getByRole('list', { name: 'Language' }).isVisible()).toBe(true)
    expect(await menu.getByRole('link', { name: 'Deutsch' }).getAttribute('href')).toBe('/de/pricing/')
    expect(await seriousViolations(withScript.page)).toEqual([])
    expect(problems(withScript)).toEqual([])

    const { page } = await open('/pricing/', { viewport: NARROW, javaScriptEnabled: false })
    await page.getByRole('button', { name: 'Open menu' }).focus()
    const german = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Deutsch' })
    await expect.poll(() => german.isVisible()).toBe(true)
    expect(await german.getAttribute('href')).toBe('/de/pricing/')
  })

  it('follows the blog as it moves in place: the same page where German has it, else the German blog', async () => {
    const opened = await open('/blog/tags/')
    const { page } = opened
    expect(await barGermanHref(page)).toBe('/de/blog/tags/')
    await markWindow(page)
    await page.getByRole('link', { name: /^rbac/ }).click()
    await page.waitForURL(url('/blog/tags/rbac/'))
    await expect.poll(() => barGermanHref(page)).toBe('/de/blog/')
    await page.getByRole('link', { name: 'All tags' }).click()
    await page.waitForURL(url('/blog/tags/'))
    await expect.poll(() => barGermanHref(page)).toBe('/de/blog/tags/')
    expect(await windowMarker(page)).toBe('same document')
    expect(problems(opened)).toEqual([])
  })
})
