import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { useFixtureSite } from '../support/fixtureSite.ts'

// Social cards, on the fixture blog of blog.test.ts (its posts have no cover), served as object
// storage serves dist/: a post's og:image and the home page's resolve to 1200×630 PNGs.

const SITE = 'https://kubeguard.dev/'
const site = useFixtureSite({ posts: 'tests/browser/__fixtures__/blog-site/posts' })

/** The page's Open Graph image tags and its Twitter card kind. */
const socialTags = (page: Page) =>
  page.evaluate(() => {
    const meta = (key: string) => document.head.querySelector(`meta[property="${key}"], meta[name="${key}"]`)?.getAttribute('content') ?? undefined
    return {
      image: meta('og:image'),
      width: meta('og:image:width'),
      height: meta('og:image:height'),
      alt: meta('og:image:alt'),
      twitterCard: meta('twitter:card'),
    }
  })

/** Fetches the card from the local server (the tag names the site's public URL) and loads it as an image. */
async function resolveCard(page: Page, image: string) {
  expect(image.startsWith(`${SITE}assets/og/`)).toBe(true)
  const local = site.url(`/${image.slice(SITE.length)}`)
  const response = await page.request.get(local)
  const size = await page.evaluate(
    (src) =>
      new Promise<[number, number]>((resolve, reject) => {
        const img = new Image()
        img.onload = () => resolve([img.naturalWidth, img.naturalHeight])
        img.onerror = () => reject(new Error(`${src} did not load`))
        img.src = src
      }),
    local,
  )
  return { status: response.status(), type: response.headers()['content-type'], cacheControl: response.headers()['cache-control'], size }
}

describe('social cards', () => {
  it("a post without a cover has its generated card as og:image, which resolves to a 1200×630 PNG", async () => {
    const { page } = await site.open('/blog/post-01/')
    const tags = await socialTags(page)
    expect(tags).toMatchObject({ width: '1200', height: '630', alt: 'Post 01: Namespaces are not a security boundary', twitterCard: 'summary_large_image' })
    expect(tags.image).toMatch(/^https:\/\/kubeguard\.dev\/assets\/og\/post-[0-9a-f]{16}\.png$/)
    const card = await resolveCard(page, tags.image!)
    expect(card).toMatchObject({ status: 200, type: 'image/png', size: [1200, 630] })
    expect(card.cacheControl).toContain('immutable')
  })

  it('the home page has a card of its own, from its title', async () => {
    const { page } = await site.open('/')
    const tags = await socialTags(page)
    expect(tags).toMatchObject({ width: '1200', height: '630', alt: 'Kubernetes Security, Reimagined', twitterCard: 'summary_large_image' })
    expect(tags.image).toMatch(/^https:\/\/kubeguard\.dev\/assets\/og\/home-[0-9a-f]{16}\.png$/)
    expect(await resolveCard(page, tags.image!)).toMatchObject({ status: 200, type: 'image/png', size: [1200, 630] })
  })
})
