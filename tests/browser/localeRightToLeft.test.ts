import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Locator, Page } from 'playwright-core'
import { afterAll, describe, expect, it } from 'vitest'
import { repoRoot } from '../support/buildSite.ts'
import { problems, useFixtureSite } from '../support/fixtureSite.ts'

// A site in English with an Arabic locale (issue 61), served as deployed, in chromium: on the
// Arabic pages (<html dir="rtl"> under /ar/) every icon that points along the line (back, forward:
// the Platform menu's fallback arrow, Get Started, Back to Blog, a post card's, the 404's, the
// carousel's) is mirrored, and the disclosures of the header open from the right; on the English
// pages of the same site nothing is. Judged by computed styles and boxes, not pixels.

const site = mkdtempSync(join(tmpdir(), 'kube-site-locale-rtl-browser-'))
mkdirSync(join(site, 'posts', 'ar'), { recursive: true })
const post = (file: string, title: string) =>
  writeFileSync(join(site, 'posts', file), `---\ntitle: "${title}"\nexcerpt: "${title}."\nauthor: "Maya Chen"\ndate: 2025-03-18\ntags: [rbac]\n---\n\n${title}.\n`)
post('check-roles.md', 'Check roles')
post(join('ar', 'check-roles.md'), 'فحص الأدوار')
// A Platform entry that is no section of the home page: its icon is the fallback arrow.
writeFileSync(
  join(site, 'site.config.ts'),
  `import site from ${JSON.stringify(join(repoRoot, 'site.config.ts'))}\n\nexport default { ...site, nav: { ...site.nav, platform: [...site.nav.platform, { label: 'Changelog', description: 'What changed', href: '/blog/' }] }, locales: [{ code: 'ar' }] }\n`,
)
afterAll(() => rmSync(site, { recursive: true, force: true }))

const { open } = useFixtureSite({ out: 'site-locale-rtl-browser-dist', posts: join(site, 'posts'), config: join(site, 'site.config.ts') })

const WIDE = { width: 1440, height: 900 }
type Box = { left: number; right: number }
const box = async (locator: Locator): Promise<Box> => {
  const { x, width } = (await locator.boundingBox())!
  return { left: x, right: x + width }
}
const scale = (svg: Locator) => svg.evaluate((element) => getComputedStyle(element).scale)
const htmlDir = (page: Page) => page.evaluate(() => `${document.documentElement.lang} ${document.documentElement.dir}`)

/** Opens the header's Platform menu by its button; returns the fallback arrow's and a section icon's svg. */
async function openPlatformMenu(page: Page) {
  const trigger = page.locator('header').getByRole('button', { name: 'Platform' })
  await trigger.click()
  await expect.poll(() => trigger.getAttribute('aria-expanded')).toBe('true')
  const panel = page.locator(`[id="${await trigger.getAttribute('aria-controls')}"]`)
  const entry = (name: string) => panel.getByRole('link', { name }).locator('svg')
  await expect.poll(() => entry('Changelog').count()).toBe(1)
  return { trigger, panel, arrow: entry('Changelog'), section: entry('Network Security') }
}

describe('a site with an Arabic locale', () => {
  it('mirrors the Platform menu’s fallback arrow on an Arabic page, not a section’s icon, and opens the menu from the right', async () => {
    const opened = await open('/ar/', { viewport: WIDE })
    const { page } = opened
    expect(await htmlDir(page)).toBe('ar rtl')
    const { trigger, panel, arrow, section } = await openPlatformMenu(page)
    expect(await scale(arrow)).toBe('-1 1')
    expect(await scale(section)).toBe('none')
    // The chevron follows the label, on its left; the panel hangs from the trigger's right edge.
    const [label, chevron] = await trigger.evaluate((button) => {
      const range = document.createRange()
      range.selectNodeContents(button.firstChild!)
      const text = range.getBoundingClientRect()
      const icon = button.querySelector('svg')!.getBoundingClientRect()
      return [{ left: text.left, right: text.right }, { left: icon.left, right: icon.right }]
    })
    expect(chevron.right).toBeLessThanOrEqual(label.left)
    const [triggerBox, panelBox] = [await box(trigger), await box(panel)]
    expect(panelBox.right).toBeGreaterThan(triggerBox.right)
    expect(panelBox.left).toBeLessThan(triggerBox.left)
    expect(problems(opened)).toEqual([])
  })

  it('leaves the same arrow as it is on an English page of the site', async () => {
    const opened = await open('/', { viewport: WIDE })
    const { page } = opened
    expect(await htmlDir(page)).toBe('en ltr')
    const { arrow } = await openPlatformMenu(page)
    expect(await scale(arrow)).toBe('none')
    expect(await scale(page.getByRole('link', { name: /Get Started/ }).first().locator('svg'))).toBe('none')
    expect(problems(opened)).toEqual([])
  })

  it('mirrors every arrow of the Arabic pages: Get Started, the carousel’s, a post card’s, Back to Blog, the 404’s', async () => {
    const home = await open('/ar/', { viewport: WIDE })
    expect(await scale(home.page.locator('main a svg').filter({ has: home.page.locator('use[href$="#arrowRight"]') }).first())).toBe('-1 1')
    for (const name of ['Previous slide', 'Next slide']) expect(await scale(home.page.getByRole('button', { name }).first().locator('svg'))).toBe('-1 1')

    const blog = await open('/ar/blog/', { viewport: WIDE })
    expect(await htmlDir(blog.page)).toBe('ar rtl')
    expect(await scale(blog.page.locator('main article svg.icon-along-line').first())).toBe('-1 1')

    const postPage = await open('/ar/blog/check-roles/', { viewport: WIDE })
    const back = postPage.page.locator('main a[href="/ar/blog/"]').first()
    expect(await scale(back.locator('svg'))).toBe('-1 1')
    // Back to Blog starts the column on the right: its arrow at its right, pointing right.
    const [link, icon] = [await box(back), await box(back.locator('svg'))]
    expect(link.right - icon.right).toBeLessThan(link.right - link.left - (icon.right - icon.left))

    // The not-found page logs the path it was asked for, by design (notFound.test.ts): read without JavaScript.
    const missing = await open('/ar/404.html', { viewport: WIDE, javaScriptEnabled: false })
    expect(await htmlDir(missing.page)).toBe('ar rtl')
    expect(await scale(missing.page.locator('main a svg').filter({ has: missing.page.locator('use[href$="#arrowLeft"]') }).first())).toBe('-1 1')
    for (const opened of [home, blog, postPage]) expect(problems(opened)).toEqual([])
  })

  it('opens the language switcher, a <details> that works without JavaScript, from the left on an Arabic page: its chevron after the name', async () => {
    const { page } = await open('/ar/', { viewport: WIDE, javaScriptEnabled: false })
    const details = page.locator('header details')
    const summary = details.locator('summary')
    await summary.click()
    await expect.poll(() => details.evaluate((element) => (element as HTMLDetailsElement).open)).toBe(true)
    const [name, chevron] = [await box(summary.locator('[lang]')), await box(summary.locator('svg').last())]
    expect(chevron.right).toBeLessThanOrEqual(name.left)
    // Its list at the bar's end, which is the left: the panel's left edge on the summary's.
    const [summaryBox, panelBox] = [await box(details), await box(details.locator(':scope > div'))]
    expect(panelBox.left).toBeLessThanOrEqual(summaryBox.left + 1)
    expect(panelBox.right).toBeGreaterThan(summaryBox.left)
  })
})
