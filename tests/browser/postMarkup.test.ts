import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { repoRoot } from '../support/buildSite.ts'
import { useServedSite } from '../support/browser.ts'
import { seriousViolations } from '../support/axe.ts'
import { hydrated, scrollSettled, topOf } from '../support/pageHelpers.ts'

// What a writer's markup becomes in the browser, on a real post of the site that uses each kind:
// a table of contents, callouts, a heading that sets its id (and a link to it), code blocks with a
// title, highlighted lines and a diff, each with a Copy button once the page runs.

const site = useServedSite()
const { open } = site
const SLUG = 'auditing-kubernetes-rbac-without-breaking-deploys'
const source = readFileSync(join(repoRoot, 'posts', `${SLUG}.md`), 'utf8')

/** The code of the post's fenced block whose opening line is `opening`, as written. */
function blockOf(opening: string): string {
  const start = source.indexOf(`${opening}\n`)
  expect(start).toBeGreaterThan(-1)
  const body = source.slice(start + opening.length + 1)
  return body.slice(0, body.indexOf('\n```\n') + 1)
}

describe("a post's callouts, anchors and code blocks", () => {
  it('reads in full without JavaScript: callouts, titles and code, and no Copy button that could not work', async () => {
    const { page, errors } = await open({ javaScriptEnabled: false })
    await page.goto(`${site.url}blog/${SLUG}/`)
    await expect(page.getByRole('note', { name: 'Warning' }).textContent()).resolves.toMatch(/^\s*Warning\s*Treat a token like this one as compromised/)
    await expect(page.getByRole('note', { name: 'Important' }).textContent()).resolves.toMatch(/^\s*Important\s*Be honest about what remains/)
    await expect(page.locator('figcaption.code-title').allTextContents()).resolves.toEqual(['ci-deployer.yaml', 'deployer-role.yaml'])
    await expect(page.locator('pre.code-block').count()).resolves.toBe(source.match(/^```[a-z]/gm)!.length)
    await expect(page.locator('.code-copy').count()).resolves.toBe(0)
    expect(errors).toEqual([])
  })

  it('marks the highlighted lines and the lines a diff adds and removes, in elements, not by colour alone', async () => {
    const { page } = await open()
    await page.goto(`${site.url}blog/${SLUG}/`)
    await expect(page.locator('figure:has(figcaption:text("ci-deployer.yaml")) mark.line').allTextContents()).resolves.toEqual([
      '  - apiGroups: ["", "apps", "batch"]\n',
      '    resources: ["*"]\n',
      '    verbs: ["*"]\n',
    ])
    const diff = page.locator('pre[data-lang="diff"]')
    await expect(diff.locator('ins.line').allTextContents()).resolves.toEqual(['+kind: RoleBinding\n', '+  namespace: shop\n', '+  kind: Role\n', '+  name: deployer\n'])
    await expect(diff.locator('del.line').allTextContents()).resolves.toEqual(['-kind: ClusterRoleBinding\n', '-  kind: ClusterRole\n', '-  name: ci-deployer\n'])
  })

  it('copies the exact code of a block with its Copy button, reached from the keyboard, and says so', async () => {
    const { page, errors } = await open({ permissions: ['clipboard-read', 'clipboard-write'] })
    await page.goto(`${site.url}blog/${SLUG}/`)
    await hydrated(page)
    const buttons = page.getByRole('button', { name: 'Copy code' })
    await expect(buttons.count()).resolves.toBe(await page.locator('pre.code-block').count())
    // The block is focusable (it scrolls); its button is the next stop.
    await page.locator('figure:has(figcaption:text("ci-deployer.yaml")) pre').focus()
    await page.keyboard.press('Tab')
    await expect(page.evaluate(() => document.activeElement?.closest('.code-frame')?.querySelector('figcaption, pre')?.textContent?.slice(0, 20))).resolves.toBe('apiVersion: rbac.aut')
    await page.keyboard.press('Enter')
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(blockOf('```yaml title="ci-deployer.yaml" {6-8}'))
    await expect.poll(() => page.getByText('Code copied to clipboard').isVisible()).toBe(true)

    // A diff copies as the diff it is, + and - included.
    await page.locator('pre[data-lang="diff"] + .code-copy').click()
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(blockOf('```diff'))
    expect(errors).toEqual([])
  })

  it('takes a link to a heading with its own id to that heading', async () => {
    const { page } = await open()
    await page.goto(`${site.url}blog/${SLUG}/`)
    await hydrated(page)
    await expect(page.locator('h2#scope-it-down').textContent()).resolves.toBe('The fix: scope it down')
    await page.getByRole('link', { name: 'tighten a role' }).click()
    await expect.poll(() => page.evaluate(() => location.hash)).toBe('#scope-it-down')
    await scrollSettled(page)
    // Below the sticky header, in view.
    const top = await topOf(page, 'scope-it-down')
    expect(top).toBeGreaterThan(0)
    expect(top).toBeLessThan(300)
  })
})

describe("a post's table of contents", () => {
  const SECTIONS = ['What "risky" means in RBAC', 'A real-world example', 'Finding it with kubectl', 'The fix: scope it down', 'Rolling it out safely', 'Audit checklist']
  const toc = (page: import('playwright-core').Page) => page.getByRole('navigation', { name: 'On this page' })
  const current = (page: import('playwright-core').Page) => toc(page).locator('a[aria-current="true"]').allTextContents()

  it('stands open beside the text on a wide screen, takes a reader to each section and marks the one being read', async () => {
    const { page, errors } = await open()
    await page.goto(`${site.url}blog/${SLUG}/`)
    await hydrated(page)
    await expect(toc(page).getByRole('link').allTextContents()).resolves.toEqual(SECTIONS)
    await expect(toc(page).locator('details').getAttribute('open')).resolves.toBe('')
    // Beside the text, not above it.
    const [nav, body] = await Promise.all([toc(page).boundingBox(), page.locator('[data-post-body]').boundingBox()])
    expect(nav!.x).toBeGreaterThan(body!.x + body!.width)
    await expect(current(page)).resolves.toEqual([])

    for (const [index, name] of [[3, SECTIONS[3]], [1, SECTIONS[1]], [5, SECTIONS[5]]] as const) {
      await toc(page).getByRole('link', { name, exact: true }).click()
      await scrollSettled(page)
      const id = await page.evaluate((n) => document.querySelectorAll('[data-post-body] h2')[n]!.id, index)
      await expect.poll(() => page.evaluate(() => location.hash)).toBe(`#${id}`)
      expect(await topOf(page, id)).toBeLessThan(200)
      await expect.poll(() => current(page)).toEqual([name])
      // Still in view beside the text (it follows the reader down).
      const box = await toc(page).locator('details').boundingBox()
      expect(box!.y).toBeGreaterThanOrEqual(0)
      expect(box!.y).toBeLessThan(900)
    }
    expect(errors).toEqual([])
  })

  it('is a closed disclosure above the text on a phone, and plain links without JavaScript', async () => {
    const { page } = await open({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })
    await page.goto(`${site.url}blog/${SLUG}/`)
    await hydrated(page)
    const details = toc(page).locator('details')
    await expect(details.getAttribute('open')).resolves.toBeNull()
    await expect(toc(page).getByRole('link', { name: SECTIONS[0] }).isVisible()).resolves.toBe(false)
    await toc(page).getByText('On this page').click()
    await expect(toc(page).getByRole('link', { name: SECTIONS[2] }).isVisible()).resolves.toBe(true)

    const { page: plain } = await open({ javaScriptEnabled: false })
    await plain.goto(`${site.url}blog/${SLUG}/`)
    await expect(toc(plain).locator('a').evaluateAll((links) => links.map((link) => link.getAttribute('href')))).resolves.toEqual([
      '#what-risky-means-in-rbac',
      '#a-real-world-example',
      '#finding-it-with-kubectl',
      '#scope-it-down',
      '#rolling-it-out-safely',
      '#audit-checklist',
    ])
  })

  it.each(['dark', 'light'])('leaves the post with no serious axe violation in the %s theme', async (theme) => {
    const { page, context } = await open()
    await context.addInitScript((value) => localStorage.setItem('kubeguard-theme', value), theme)
    await page.goto(`${site.url}blog/${SLUG}/`)
    await hydrated(page)
    await toc(page).getByRole('link', { name: SECTIONS[1], exact: true }).click()
    await expect.poll(() => current(page)).toEqual([SECTIONS[1]])
    expect(await seriousViolations(page)).toEqual([])
  })
})

describe('the posts offered at the end of a post', () => {
  it('are three cards under "Read next", each opening its post in place', async () => {
    const { page, errors } = await open()
    await page.goto(`${site.url}blog/${SLUG}/`)
    await hydrated(page)
    const section = page.getByRole('region', { name: 'Read next' })
    const links = section.getByRole('link')
    await expect(links.count()).resolves.toBe(3)
    const [title, href] = await Promise.all([links.first().textContent(), links.first().getAttribute('href')])
    expect(href).not.toBe(`/blog/${SLUG}/`)
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true))
    await links.first().click()
    await expect.poll(() => page.evaluate(() => location.pathname)).toBe(href)
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(title)
    // The same document: the post opened in place, not by a new page load.
    await expect(page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).resolves.toBe(true)
    await expect(page.getByRole('region', { name: 'Read next' }).getByRole('link').allTextContents()).resolves.not.toContain(title)
    expect(errors).toEqual([])
  })
})
