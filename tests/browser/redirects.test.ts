import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import type { StaticServer } from '../../cli/preview/createStaticServer.ts'
import { launchBrowser, openPage, serveSite } from '../support/browser.ts'
import { sharedSite } from '../support/buildSite.ts'

// Old URLs as a reader follows them from a bookmark or a search result: a fixture site under a
// base, with a renamed post (redirectFrom) and a config redirect, built with the real CLI and served
// like object storage: S3 website hosting answers an old URL with a 301 (kube-site deploy stores
// its redirect page with a website redirect location); a host that serves objects as they are (the
// cloudfront layout, a plain file server) serves the redirect page, which redirects by itself.

const BASE = '/marketing/'
let server: StaticServer
let outDir: string
let browser: Awaited<ReturnType<typeof launchBrowser>>

beforeAll(async () => {
  outDir = (await sharedSite({ posts: 'tests/browser/__fixtures__/redirect-site/posts', config: 'tests/browser/__fixtures__/redirects.config.ts', base: BASE })).outDir
  server = await serveSite(outDir, BASE)
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.cleanup()
  await server?.close()
})

const url = (path: string) => `${server.url}${path}`

/** Answers `path` with its redirect page as built, as a host that serves objects as they are would. */
async function serveRedirectPageItself(page: Page, path: string): Promise<void> {
  const html = readFileSync(join(outDir, path, 'index.html'))
  await page.route((visited) => visited.pathname === `${BASE}${path}`, (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html }))
}

describe('an old URL on S3 website hosting', () => {
  it.each([
    ['blog/old-post-name/?q=1#what-to-check', 'blog/moved-post/#what-to-check', 'A post that moved'],
    ['blog/old-post-name', 'blog/moved-post/', 'A post that moved'],
    ['plans/?plan=growth#contact', 'pricing/#contact', 'Choose Your Security Plan'],
  ])('%s is a 301 that lands on %s (S3 drops the query; the browser keeps the #fragment)', async (from, to, heading) => {
    const { page, context, errors } = await openPage(browser)
    const statuses: number[] = []
    page.on('response', (response) => {
      if (response.request().resourceType() === 'document') statuses.push(response.status())
    })
    await page.goto(url(from))
    await page.waitForURL(url(to))
    await expect(page.getByRole('heading', { level: 1 }).first().textContent()).resolves.toBe(heading)
    // The slash-less path is a 302 to the folder first, as for any folder on S3.
    expect(statuses).toEqual(from.includes('/?') || from.endsWith('/') ? [301, 200] : [302, 301, 200])
    expect(errors).toEqual([])
    await context.close()
  })
})

describe('an old URL served as it is (no website redirect: the cloudfront layout)', () => {
  it.each([
    ['blog/old-post-name/', '?q=1#what-to-check', 'blog/moved-post/', 'A post that moved'],
    ['plans/', '?plan=growth#contact', 'pricing/', 'Choose Your Security Plan'],
  ])('%s%s lands on the page, query and #fragment kept', async (from, rest, to, heading) => {
    const { page, context, errors } = await openPage(browser)
    await serveRedirectPageItself(page, from)
    await page.goto(url(from + rest))
    await page.waitForURL(url(to + rest))
    await expect(page.getByRole('heading', { level: 1 }).first().textContent()).resolves.toBe(heading)
    expect(errors).toEqual([])
    await context.close()
  })

  it('without JavaScript, the refresh leads to the page', async () => {
    const { page, context } = await openPage(browser, { javaScriptEnabled: false })
    await serveRedirectPageItself(page, 'blog/old-post-name/')
    await page.goto(url('blog/old-post-name/?q=1#what-to-check'))
    // A meta refresh goes to its own URL: the query is lost (chromium keeps the #fragment).
    await page.waitForURL((visited) => visited.pathname === `${BASE}blog/moved-post/` && visited.search === '')
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('A post that moved')
    await context.close()
  })

  it('without JavaScript, and where the refresh goes nowhere, the page links to where it moved', async () => {
    const { page, context } = await openPage(browser, { javaScriptEnabled: false })
    await serveRedirectPageItself(page, 'blog/old-post-name/')
    // A navigation answered with 204 leaves the document where it is: the redirect page stays.
    await page.route(url('blog/moved-post/'), (route) => route.fulfill({ status: 204 }))
    const refreshed = page.waitForResponse(url('blog/moved-post/'))
    await page.goto(url('blog/old-post-name/'))
    await refreshed
    const link = page.getByRole('link', { name: `${BASE}blog/moved-post/` })
    await expect.poll(() => link.isVisible()).toBe(true)
    await expect(link.getAttribute('href')).resolves.toBe(`${BASE}blog/moved-post/`)
    await expect(page.getByText('This page has moved').isVisible()).resolves.toBe(true)
    expect(page.url()).toBe(url('blog/old-post-name/'))
    await context.close()
  })
})
