import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { repoRoot } from '../support/buildSite.ts'
import { useServedSite } from '../support/browser.ts'
import { hydrated, scrollSettled, topOf } from '../support/pageHelpers.ts'

// What a writer's markup becomes in the browser, on a real post of the site that uses each kind:
// callouts, a heading that sets its id (and a link to it), code blocks with a title, highlighted
// lines and a diff, each with a Copy button once the page runs.

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
