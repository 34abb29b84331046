import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, describe, expect, it } from 'vitest'
import { repoRoot } from '../support/buildSite.ts'
import { markWindow, problems, useFixtureSite, windowMarker } from '../support/fixtureSite.ts'

// A site in German (site.language 'de'), served as deployed, in chromium: its search, an index in
// German (its own WebAssembly, wasm.de.pagefind, where an English one has wasm.en), finds its posts
// and shows their dates in German, and the blog, which moves in place, stays in German.

const site = mkdtempSync(join(tmpdir(), 'kube-site-language-browser-'))
mkdirSync(join(site, 'posts'))
const post = (title: string, date: string, body: string) => `---\ntitle: "${title}"\nexcerpt: "Über ${title}."\nauthor: "Maya Chen"\ndate: ${date}\ntags: [rbac]\n---\n\n${body}\n`
writeFileSync(join(site, 'posts', 'rollen-pruefen.md'), post('Rollen prüfen', '2025-03-18', 'Die Häuser des Clusters laufen ruhig.'))
writeFileSync(join(site, 'posts', 'netzwerkregeln.md'), post('Netzwerkregeln', '2025-01-05', 'Regeln für den Verkehr zwischen Namensräumen.'))
writeFileSync(join(site, 'site.config.ts'), `import site from ${JSON.stringify(join(repoRoot, 'site.config.ts'))}\n\nexport default { ...site, site: { ...site.site, language: 'de' }, locales: [] }\n`)
afterAll(() => rmSync(site, { recursive: true, force: true }))

const { open } = useFixtureSite({ out: 'site-language-browser-dist', posts: join(site, 'posts'), config: join(site, 'site.config.ts') })

/** The search page's results: each title with the date it shows. */
const results = (page: Page) => page.locator('main ol > li').evaluateAll((items) => items.map((item) => `${item.querySelector('h2')?.textContent} ${item.querySelector('time')?.textContent}`))
const htmlAttributes = (page: Page) => page.evaluate(() => `${document.documentElement.lang} ${document.documentElement.dir}`)

describe('a site in German', () => {
  it.each([
    ['Haus', 'Rollen prüfen 18. März 2025'],
    ['Regel', 'Netzwerkregeln 5. Januar 2025'],
  ])('its search finds %s in %s, dated in German', async (query, found) => {
    const opened = await open(`/blog/search/?q=${encodeURIComponent(query)}`)
    await expect.poll(() => results(opened.page)).toEqual([found])
    expect(problems(opened)).toEqual([])
  })

  it('stays German as the blog moves in place', async () => {
    const opened = await open('/blog/')
    const { page } = opened
    expect(await htmlAttributes(page)).toBe('de ltr')
    await markWindow(page)
    await page.getByRole('link', { name: 'Rollen prüfen' }).first().click()
    await page.waitForURL(/\/blog\/rollen-pruefen\/$/)
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Rollen prüfen')
    expect(await windowMarker(page)).toBe('same document')
    expect(await htmlAttributes(page)).toBe('de ltr')
    expect(await page.locator('main time').first().textContent()).toBe('18. März 2025')
    expect(problems(opened)).toEqual([])
  })
})
