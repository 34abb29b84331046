import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Locator } from 'playwright-core'
import { afterAll, describe, expect, it } from 'vitest'
import { seriousViolations } from '../support/axe.ts'
import { repoRoot } from '../support/buildSite.ts'
import { problems, useFixtureSite } from '../support/fixtureSite.ts'
import { centredSlide } from '../support/pageHelpers.ts'

// A site in Arabic (site.language 'ar', so <html dir="rtl">), served as deployed, in chromium: the
// layout follows the writing direction. What sits at the start of a line in English (a callout's
// bar, a list's indent, Back to Blog, the logo) sits on the right; what sits at its end (the table
// of contents beside the text, the header's buttons) on the left. The copy stays the config's
// English: only the direction is judged here.

const site = mkdtempSync(join(tmpdir(), 'kube-site-rtl-browser-'))
mkdirSync(join(site, 'posts'))
const body = [
  '> [!WARNING]',
  '> Rotate the token before you replace the role.',
  '',
  '## Why roles grow',
  '',
  '- one wildcard at a time',
  '- a binding nobody remembers',
  '',
  '## Finding them',
  '',
  'Ask the API server what a subject can do.',
  '',
  '## Scoping them down',
  '',
  'Replace the wildcard with the verbs the pipeline uses.',
].join('\n')
const post = (slug: string, title: string, date: string) =>
  writeFileSync(join(site, 'posts', `${slug}.md`), `---\ntitle: "${title}"\nexcerpt: "About ${title}."\nauthor: "Maya Chen"\ndate: ${date}\ntags: [rbac]\n---\n\n${body}\n`)
post('roles-that-grow', 'Roles that grow', '2025-03-18')
post('network-rules', 'Network rules', '2025-01-05')
writeFileSync(join(site, 'site.config.ts'), `import site from ${JSON.stringify(join(repoRoot, 'site.config.ts'))}\n\nexport default { ...site, site: { ...site.site, language: 'ar' } }\n`)
afterAll(() => rmSync(site, { recursive: true, force: true }))

const { open } = useFixtureSite({ out: 'rtl-browser-dist', posts: join(site, 'posts'), config: join(site, 'site.config.ts') })

const POST = '/blog/roles-that-grow/'
const WIDE = { width: 1440, height: 900 }
const NARROW = { width: 390, height: 844 }

type Box = { left: number; right: number }
const box = async (locator: Locator): Promise<Box> => {
  const { x, width } = (await locator.boundingBox())!
  return { left: x, right: x + width }
}
/** The box of an element's text as laid out (its first line), not of the element. */
const textBox = (locator: Locator): Promise<Box> =>
  locator.evaluate((element) => {
    const range = document.createRange()
    range.selectNodeContents(element)
    const { left, right } = range.getClientRects()[0]!
    return { left, right }
  })
const borderWidths = (locator: Locator) => locator.evaluate((element) => ({ left: getComputedStyle(element).borderLeftWidth, right: getComputedStyle(element).borderRightWidth }))

describe('a site in Arabic, right to left', () => {
  it('puts a post’s callout bar, list indent and Back to Blog on the right, and its table of contents on the left beside the text', async () => {
    const opened = await open(POST, { viewport: WIDE })
    const { page } = opened
    expect(await page.evaluate(() => `${document.documentElement.lang} ${document.documentElement.dir}`)).toBe('ar rtl')

    const callout = page.locator('.callout')
    expect(await borderWidths(callout)).toEqual({ left: '0px', right: '4px' })

    // The list's markers sit in its padding on the right: the items end short of the list's right edge.
    const list = page.locator('main ul').filter({ hasText: 'one wildcard at a time' })
    const item = list.locator('li').first()
    const [listBox, itemBox] = [await box(list), await box(item)]
    expect(listBox.right - itemBox.right).toBeGreaterThan(10)
    expect(itemBox.left).toBe(listBox.left)

    // Back to Blog starts the column on the right, its arrow pointing right (back, in Arabic).
    const column = await box(page.locator('main h1'))
    const back = page.getByRole('link', { name: 'Back to Blog' }).first()
    expect(Math.abs((await box(back)).right - column.right)).toBeLessThan(1)
    expect(await back.locator('svg').evaluate((svg) => getComputedStyle(svg).scale)).toBe('-1 1')

    // At 1440 px the contents stand in the margin at the end of the line: left of the text, with their rule on the text's side.
    const toc = page.locator('.toc')
    const [tocBox, textColumn] = [await box(toc), await box(callout)]
    expect(tocBox.right).toBeLessThan(textColumn.left)
    expect(await borderWidths(toc.locator('details'))).toEqual({ left: '0px', right: '1px' })
    const tocLink = toc.getByRole('link', { name: 'Finding them' })
    expect(Math.abs((await textBox(tocLink)).right - (await box(toc.locator('ol').first())).right)).toBeLessThan(1)
    expect(problems(opened)).toEqual([])
  })

  it('puts the header’s logo on the right and its buttons on the left', async () => {
    const { page } = await open('/', { viewport: WIDE })
    const header = await box(page.locator('header').first())
    const logo = await box(page.locator('header a').first())
    const signIn = await box(page.locator('header').getByRole('link', { name: 'Sign In' }).first())
    expect(header.right - logo.right).toBeLessThan(header.right / 4)
    expect(signIn.right).toBeLessThan(logo.left)
    expect(signIn.left - header.left).toBeLessThan(header.right / 4)
  })

  it('opens the mobile menu at 390 px from its button on the left, its entries reading from the right, by keyboard', async () => {
    const opened = await open('/', { viewport: NARROW })
    const { page } = opened
    const button = page.locator('[data-menu-button]')
    const logo = await box(page.locator('header a').first())
    expect((await box(button)).right).toBeLessThan(logo.left)

    await button.focus()
    await page.keyboard.press('Enter')
    const panel = page.locator('nav[data-state="open"]')
    await expect.poll(() => panel.isVisible()).toBe(true)
    const panelBox = await box(panel)
    expect(panelBox).toEqual({ left: 0, right: NARROW.width })
    // An entry's text starts at the panel's right, inside its padding.
    const entry = await textBox(panel.getByRole('link', { name: 'Blog', exact: true }))
    expect(panelBox.right - entry.right).toBeLessThan(60)
    expect(entry.left).toBeGreaterThan(panelBox.right / 4)

    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => document.activeElement?.closest('nav[data-state="open"]') !== null)).toBe(true)
    await page.keyboard.press('Escape')
    await expect.poll(() => panel.count()).toBe(0)
    expect(await page.evaluate(() => document.activeElement?.hasAttribute('data-menu-button'))).toBe(true)
    expect(problems(opened)).toEqual([])
  })

  it('runs the carousel right to left: the next slide comes from the left, its button and the left arrow key lead there', async () => {
    const opened = await open('/', { viewport: WIDE })
    const { page } = opened
    await page.locator('#security-assessment').scrollIntoViewIfNeeded()
    const [previous, next] = [page.getByRole('button', { name: 'Previous slide' }), page.getByRole('button', { name: 'Next slide' })]
    await expect.poll(() => next.isEnabled()).toBe(true)
    await expect.poll(() => centredSlide(page)).toBe('1 of 4')
    const slide = (name: string) => box(page.getByRole('group', { name }))
    expect((await slide('2 of 4')).right).toBeLessThan((await slide('1 of 4')).left + 1)
    expect((await box(next)).right).toBeLessThan((await box(previous)).left)
    expect(await next.locator('svg').evaluate((svg) => getComputedStyle(svg).scale)).toBe('-1 1')

    await next.click()
    await expect.poll(() => centredSlide(page)).toBe('2 of 4')
    await page.locator('[aria-roledescription="carousel"] > div').first().focus()
    await page.keyboard.press('ArrowLeft')
    await expect.poll(() => centredSlide(page)).toBe('3 of 4')
    await page.keyboard.press('ArrowRight')
    await expect.poll(() => centredSlide(page)).toBe('2 of 4')
    expect(problems(opened)).toEqual([])
  })

  it.each([
    ['/', 'light'],
    ['/', 'dark'],
    ['/blog/', 'light'],
    ['/blog/', 'dark'],
    [POST, 'light'],
    [POST, 'dark'],
  ] as const)('%s in %s theme has no serious or critical axe violation', async (path, theme) => {
    const { page } = await open(path, { theme })
    expect(await seriousViolations(page)).toEqual([])
  })
})
