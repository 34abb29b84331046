import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'
import { siteConfigSchema } from '../../cli/content/config/siteConfigSchema.ts'
import { themeStorageKey } from '../../pages/_lib/browser/theme.ts'
import { uiStrings } from '../../pages/_lib/text/uiStrings.ts'
import siteConfigInput from '../../site.config.ts'
import { useServedSite, type OpenedPage } from '../support/browser.ts'
import { hydrated } from '../support/pageHelpers.ts'

/** The test site is English. */
const { text } = uiStrings('en')

const config = siteConfigSchema.parse(siteConfigInput)
const site = useServedSite()

const POST = 'blog/introducing-ai-agents-that-secure-kubernetes/'
const routes = ['', 'pricing/', 'blog/', POST, 'privacy-policy/']

/** A page in the dark theme with JavaScript on, hydrated and not scrolled, then printed. */
async function openPrinted(path: string): Promise<OpenedPage> {
  const opened = await site.open()
  await opened.context.addInitScript((key) => localStorage.setItem(key, 'dark'), themeStorageKey(config.brand.name))
  await opened.page.goto(site.url + path)
  await hydrated(opened.page)
  // A legal page prints the document's page once the viewer has drawn it.
  if (path.startsWith('privacy-policy')) await expect.poll(() => opened.page.getByRole('button', { name: 'Zoom in' }).isEnabled()).toBe(true)
  await expect(opened.page.evaluate(() => [document.documentElement.dataset.theme, window.scrollY])).resolves.toEqual(['dark', 0])
  await opened.page.emulateMedia({ media: 'print' })
  return opened
}

/**
 * Elements of <main> that are laid out but would not show on paper: transparent (their own
 * opacity times their ancestors') or moved by a transform. Hidden ones (display: none,
 * visibility: hidden) are skipped: they are left out on purpose.
 */
function hiddenOnPaper(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('main *')]
      .filter((element) => {
        const style = getComputedStyle(element)
        if (style.display === 'none' || style.visibility === 'hidden' || element.getClientRects().length === 0) return false
        let opacity = 1
        for (let node: Element | null = element; node; node = node.parentElement) opacity *= Number(getComputedStyle(node).opacity)
        return opacity < 1 || style.transform !== 'none'
      })
      .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].join('.')} opacity ${getComputedStyle(element).opacity} transform ${getComputedStyle(element).transform}`),
  )
}

/** Relative luminance (WCAG) of a computed rgb()/rgba() colour. */
function luminance(color: string): number {
  const [r, g, b] = (color.match(/[\d.]+/g) ?? []).slice(0, 3).map((value) => {
    const channel = Number(value) / 255
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4
  }) as [number, number, number]
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

/** The text of every page of a PDF, read with pdf.js (a dependency of the legal pages' viewer). */
async function pdfPages(pdf: Buffer): Promise<string[]> {
  const task = getDocument({ data: new Uint8Array(pdf) })
  const document = await task.promise
  const pages: string[] = []
  for (let number = 1; number <= document.numPages; number++) {
    const content = await (await document.getPage(number)).getTextContent()
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '))
  }
  await task.destroy()
  return pages
}

describe('printing in the dark theme, nothing scrolled', () => {
  it.each(routes)('/%s prints every section, dark on white, under a static header', async (path) => {
    const { page, errors, context } = await openPrinted(path)
    await expect(hiddenOnPaper(page)).resolves.toEqual([])
    // The reveal's own markers: every section that waits to be scrolled to shows on paper.
    const revealed = await page.evaluate(() =>
      [...document.querySelectorAll('[data-reveal] .reveal-item')].map((item) => [getComputedStyle(item).opacity, getComputedStyle(item).transform]),
    )
    if (path === '' || path === 'pricing/') expect(revealed.length).toBeGreaterThan(5)
    expect(revealed.filter(([opacity, transform]) => opacity !== '1' || transform !== 'none')).toEqual([])

    const header = await page.getByRole('banner').evaluate((element) => getComputedStyle(element).position)
    expect(['static', 'relative']).toContain(header)
    const colors = await page.evaluate(() => {
      const text = document.querySelector('main p')!
      return { body: getComputedStyle(document.body).backgroundColor, text: getComputedStyle(text).color, heading: getComputedStyle(document.querySelector('h1')!).color }
    })
    expect(colors.body).toBe('rgb(255, 255, 255)')
    expect(luminance(colors.text)).toBeLessThan(0.2)
    expect(luminance(colors.heading)).toBeLessThan(0.05)
    expect(errors).toEqual([])
    await context.close()
  })

  it('leaves out what only works on screen and shows every carousel slide within the sheet', async () => {
    const { page, context } = await openPrinted('')
    const screenOnly = [
      page.getByRole('link', { name: text('skipToContent') }),
      page.getByRole('button', { name: text('darkTheme') }),
      page.getByRole('button', { name: text('openMenu') }),
      page.getByRole('button', { name: text('previousSlide') }),
      page.getByRole('button', { name: text('nextSlide') }),
      page.getByRole('button', { name: text('goToSlide', { number: 1 }) }),
      page.getByRole('button', { name: text('copyCommand') }),
    ]
    for (const locator of screenOnly) await expect(locator.isVisible(), String(locator)).resolves.toBe(false)

    const slides = await page.evaluate(() => {
      const width = document.documentElement.clientWidth
      return [...document.querySelectorAll('[aria-roledescription="slide"]')].map((slide) => {
        const rect = slide.getBoundingClientRect()
        return { label: slide.getAttribute('aria-label'), inside: rect.left >= -0.5 && rect.right <= width + 0.5 && rect.height > 100 }
      })
    })
    expect(slides.length).toBeGreaterThan(1)
    expect(slides.filter((slide) => !slide.inside)).toEqual([])
    await context.close()
  })

  it('prints where an external link goes after its text, but not for a button', async () => {
    const { page, context } = await openPrinted(POST)
    const after = (locator: ReturnType<Page['locator']>) => locator.evaluate((element) => getComputedStyle(element, '::after').content)
    const prose = page.locator('main article a[href^="https://cilium.io"]').first()
    await expect(after(prose)).resolves.toBe('" (https://cilium.io/)"')
    await page.goto(site.url)
    await hydrated(page)
    await expect(after(page.getByRole('link', { name: config.hero.secondaryCta.label }))).resolves.toBe('none')
    await context.close()
  })

  it('turns the home page into a PDF of several pages that ends with the contact section', async () => {
    const { page, context } = await openPrinted('')
    const pages = await pdfPages(await page.pdf({ format: 'A4' }))
    expect(pages.length).toBeGreaterThan(1)
    const text = pages.join(' ').replace(/\s+/g, ' ')
    // Every section's heading, the last one (contact) included, with its address.
    for (const id of await page.evaluate(() => [...document.querySelectorAll('main section[id]')].map((section) => section.id))) {
      const heading = await page.locator(`#${id}-title`).textContent()
      expect(text, `#${id}`).toContain(heading!.replace(/\s+/g, ' ').trim())
    }
    expect(text).toContain(config.contact.title)
    expect(text).toContain(config.contact.email)
    await context.close()
  })
})
