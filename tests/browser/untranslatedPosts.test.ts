import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { repoRoot } from '../support/buildSite.ts'
import { markWindow, problems, useFixtureSite, windowMarker } from '../support/fixtureSite.ts'

// A German blog that lists the English posts it has not translated (locales[].listUntranslated,
// issue 61 item 4), served as deployed, in chromium: the list hydrates without a warning, the
// English entry is marked as English, and a click on it opens the English original in place.

const site = mkdtempSync(join(tmpdir(), 'kube-site-untranslated-browser-'))
mkdirSync(join(site, 'posts', 'de'), { recursive: true })
writeFileSync(join(site, 'posts', 'check-roles.md'), `---\ntitle: "Check roles"\nexcerpt: "About roles."\nauthor: "Maya Chen"\ndate: 2025-03-18\ntags: [rbac]\n---\n\nThe cluster's pods run.\n`)
writeFileSync(join(site, 'posts', 'de', 'netze.md'), `---\ntitle: "Netze prüfen"\nexcerpt: "Über Netze."\nauthor: "Maya Chen"\ndate: 2025-03-10\ntags: [netzwerk]\n---\n\nDie Pods laufen.\n`)
writeFileSync(join(site, 'site.config.ts'), `import site from ${JSON.stringify(join(repoRoot, 'site.config.ts'))}\n\nexport default { ...site, locales: [{ code: 'de', listUntranslated: true }] }\n`)
afterAll(() => rmSync(site, { recursive: true, force: true }))

const { open } = useFixtureSite({ out: 'site-untranslated-browser-dist', posts: join(site, 'posts'), config: join(site, 'site.config.ts') })

describe('a German blog that lists an English post it has not translated', () => {
  it('hydrates without a warning, marks the entry English, and opens the English original in place', async () => {
    const opened = await open('/de/blog/')
    const { page } = opened
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de')
    const entry = page.locator('article[lang="en"]')
    await expect.poll(() => entry.count()).toBe(1)
    expect(await entry.getByText('Nur auf Englisch').getAttribute('lang')).toBe('de')
    const link = entry.getByRole('link', { name: 'Check roles' })
    expect(await link.getAttribute('hreflang')).toBe('en')
    expect(await page.locator('article:not([lang])').getByRole('link', { name: 'Netze prüfen' }).getAttribute('href')).toBe('/de/blog/netze/')
    await markWindow(page)
    await link.click()
    await page.waitForURL(/\/blog\/check-roles\/$/)
    expect(new URL(page.url()).pathname).toBe('/blog/check-roles/')
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Check roles')
    expect(await windowMarker(page)).toBe('same document')
    // The English post is an English page, its Back to Blog the English blog's.
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en')
    expect(await page.getByRole('link', { name: 'Back to Blog' }).first().getAttribute('href')).toBe('/blog/')
    expect(problems(opened)).toEqual([])
  })
})
