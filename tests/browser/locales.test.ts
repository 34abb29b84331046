import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, describe, expect, it } from 'vitest'
import { repoRoot } from '../support/buildSite.ts'
import { markWindow, problems, useFixtureSite, windowMarker } from '../support/fixtureSite.ts'

// A site in English with a German locale (issue 61), served as deployed, in chromium: the German
// blog, which vike routes in the browser (pages/+onBeforeRoute.ts takes /de off the URL), hydrates
// without a warning and stays German as it moves in place; the English blog stays English.

const site = mkdtempSync(join(tmpdir(), 'kube-site-locales-browser-'))
mkdirSync(join(site, 'posts'))
writeFileSync(join(site, 'posts', 'check-roles.md'), `---\ntitle: "Check roles"\nexcerpt: "About roles."\nauthor: "Maya Chen"\ndate: 2025-03-18\ntags: [rbac]\n---\n\nThe cluster's pods run.\n`)
writeFileSync(join(site, 'site.config.ts'), `import site from ${JSON.stringify(join(repoRoot, 'site.config.ts'))}\n\nexport default { ...site, locales: [{ code: 'de' }] }\n`)
afterAll(() => rmSync(site, { recursive: true, force: true }))

const { open } = useFixtureSite({ out: 'site-locales-browser-dist', posts: join(site, 'posts'), config: join(site, 'site.config.ts') })

const htmlLang = (page: Page) => page.evaluate(() => document.documentElement.lang)

describe('a site with a German locale', () => {
  it('hydrates the German blog without a warning, and moves in place within it in German', async () => {
    const opened = await open('/de/blog/')
    const { page } = opened
    expect(await htmlLang(page)).toBe('de')
    await markWindow(page)
    const field = page.getByRole('combobox', { name: 'Blog durchsuchen' })
    await field.fill('rollen')
    await field.press('Enter')
    await page.waitForURL(/\/de\/blog\/search\/\?q=rollen$/)
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Suche')
    expect(await windowMarker(page)).toBe('same document')
    expect(await htmlLang(page)).toBe('de')
    await expect.poll(() => page.title()).toMatch(/^Suche \| /)
    expect(problems(opened)).toEqual([])
  })

  it('keeps the English blog English as it moves in place', async () => {
    const opened = await open('/blog/')
    const { page } = opened
    expect(await htmlLang(page)).toBe('en')
    await markWindow(page)
    await page.getByRole('link', { name: 'Check roles' }).first().click()
    await page.waitForURL(/\/blog\/check-roles\/$/)
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Check roles')
    expect(await windowMarker(page)).toBe('same document')
    expect(await page.getByRole('link', { name: 'Back to Blog' }).first().getAttribute('href')).toBe('/blog/')
    expect(problems(opened)).toEqual([])
  })
})
