import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { postCover } from '../../pages/_lib/blog/postCover.ts'
import { postSocialCard } from '../../pages/_lib/socialCard.ts'
import { loadSiteConfig } from '../content/config/loadSiteConfig.ts'
import type { Post, SiteConfig } from '../content/types.ts'
import { socialCardPath, socialCardTemplate } from '../incremental/cards/cardTemplate.ts'
import { missingGlyphsWarning, placeSocialCards, renderSocialCards, siteSocialCards, socialCardImages } from './socialCards.ts'
import type { CardJob } from '../incremental/cards/cardTemplate.ts'

const root = fileURLToPath(new URL('../..', import.meta.url))
let config: SiteConfig
let cache: string

const post = (slug: string, extra: Partial<Post> = {}) =>
  ({ slug, title: `Least-privilege network policies for ${slug}`, date: '2025-03-18', tags: ['network-security', 'cilium'], excerpt: '', author: 'Maya Chen', locale: 'en', ...extra }) as Post

let bilingual: SiteConfig

beforeAll(async () => {
  // The site in English alone; and as it is, with its German locale.
  bilingual = (await loadSiteConfig(join(root, 'site.config.ts'), root)).config
  config = { ...bilingual, locales: [] }
  cache = mkdtempSync(join(tmpdir(), 'kube-site-cards-'))
})
afterAll(() => rmSync(cache, { recursive: true, force: true }))

describe('social cards', () => {
  it('renders each card as a 1200×630 PNG, named by its inputs, into the cache', async () => {
    const template = socialCardTemplate(config)
    const jobs = siteSocialCards({ config, posts: [post('netpol')] }, template, cache)
    expect(jobs.map((job) => job.file.split(/[\\/]/).slice(0, 2).join('/'))).toEqual(['assets/og', 'assets/og', 'assets/og', 'assets/og'])
    expect(jobs.map((job) => /og[\\/]([a-z]+)-[0-9a-f]{16}\.png$/.exec(job.file)?.[1])).toEqual(['home', 'pricing', 'blog', 'post'])
    const made = await renderSocialCards(jobs, template, { workerFile: undefined })
    expect(made).toMatchObject({ rendered: 4, cached: 0 })
    for (const job of jobs) {
      const png = readFileSync(job.cacheFile)
      expect(png.subarray(1, 4).toString()).toBe('PNG')
      expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width: 1200, height: 630 })
    }
    // The page computes the same name from the post alone (SeoTags.tsx).
    expect(jobs[3]!.file.split(/[\\/]/).join('/')).toBe(socialCardPath(postSocialCard(post('netpol')), template.key).slice(1))
  })

  it('takes a card its cache has without rendering it again', async () => {
    const template = socialCardTemplate(config)
    const jobs = siteSocialCards({ config, posts: [post('cached')] }, template, cache)
    await renderSocialCards(jobs, template, { workerFile: undefined })
    const times = jobs.map((job) => statSync(job.cacheFile).mtimeMs)
    const again = await renderSocialCards(jobs, template, { workerFile: undefined })
    expect(again).toMatchObject({ rendered: 0, cached: 4, renderMs: 0 })
    expect(jobs.map((job) => statSync(job.cacheFile).mtimeMs)).toEqual(times)
  })

  it('makes a new card when its text or the template changes', async () => {
    const template = socialCardTemplate(config)
    const [before] = siteSocialCards({ config, posts: [post('changing')] }, template, cache).slice(3)
    const [retitled] = siteSocialCards({ config, posts: [post('changing', { title: 'Another title' })] }, template, cache).slice(3)
    const [retagged] = siteSocialCards({ config, posts: [post('changing', { tags: ['rbac'] })] }, template, cache).slice(3)
    const recoloured = { ...config, brand: { ...config.brand, colors: { ...config.brand.colors, background: '#ffffff' } } }
    const otherTemplate = socialCardTemplate(recoloured)
    expect(otherTemplate.key).not.toBe(template.key)
    // Its date is written in the site's language.
    expect(socialCardTemplate({ ...config, site: { ...config.site, language: 'de' } }).key).not.toBe(template.key)
    const [restyled] = siteSocialCards({ config: recoloured, posts: [post('changing')] }, otherTemplate, cache).slice(3)
    const files = [before, retitled, retagged, restyled].map((job) => job!.file)
    const cacheFiles = [before, retitled, retagged, restyled].map((job) => job!.cacheFile)
    expect(new Set(files).size).toBe(4)
    expect(new Set(cacheFiles).size).toBe(4)
    const made = await renderSocialCards([before!, retitled!], template, { workerFile: undefined })
    expect(made.rendered).toBe(2)
    expect(readFileSync(before!.cacheFile).equals(readFileSync(retitled!.cacheFile))).toBe(false)
  })

  it('gives no card to a post with a cover', () => {
    const template = socialCardTemplate(config)
    const covered = post('covered', { image: '/images/blog/cover.svg' })
    // A cover for the dark theme alone is the post's cover too: its page shows it, and so does og:image.
    const darkOnly = post('dark only', { darkImage: '/images/blog/dark.svg' })
    expect(postCover(covered)).toBe('/images/blog/cover.svg')
    expect(postCover(darkOnly)).toBe('/images/blog/dark.svg')
    expect(siteSocialCards({ config, posts: [covered, darkOnly, post('plain')] }, template, cache).map((job) => job.text.title)).toEqual([
      config.hero.title,
      config.pricing.pageTitle,
      config.blog.title,
      'Least-privilege network policies for plain',
    ])
  })
})

describe('cards in the post’s language', () => {
  it('draws a post of another locale in its language: another card, its date written so', async () => {
    const template = socialCardTemplate(config)
    const german = { ...post('netpol'), locale: 'de', sourceFile: 'de/netpol.md' }
    const [english, inGerman] = siteSocialCards({ config, posts: [post('netpol'), german] }, template, cache).slice(3)
    expect(english!.language).toBe('en')
    expect(inGerman!.language).toBe('de')
    expect(inGerman!.file).not.toBe(english!.file)
    await renderSocialCards([english!, inGerman!], template, { workerFile: undefined })
    expect(readFileSync(inGerman!.cacheFile).equals(readFileSync(english!.cacheFile))).toBe(false)
  })
})

describe('cards of a right-to-left locale', () => {
  it("are laid out in the locale's direction: its language's, or the one its config sets, which names another card", () => {
    const arabic = { ...bilingual, locales: [{ code: 'ar' }, { code: 'fr', direction: 'rtl' as const }] }
    const template = socialCardTemplate(arabic)
    const jobs = siteSocialCards({ config: arabic, posts: [post('netpol'), { ...post('netpol'), locale: 'ar', sourceFile: 'ar/netpol.md' }] }, template, cache)
    const byKey = new Map<string, CardJob>(jobs.flatMap((job) => job.keys.map((key) => [key, job] as const)))
    expect(['home', 'ar/home', 'fr/home', 'post:netpol', 'ar/post:netpol'].map((key) => byKey.get(key)!.direction)).toEqual(['ltr', 'rtl', 'rtl', 'ltr', 'rtl'])
    // French set right to left is not the French card a left-to-right French locale has.
    const leftToRight = { ...bilingual, locales: [{ code: 'fr' }] }
    const french = siteSocialCards({ config: leftToRight, posts: [] }, socialCardTemplate(leftToRight), cache).find((job) => job.keys.includes('fr/home'))!
    expect(french.direction).toBe('ltr')
    expect(french.file).not.toBe(byKey.get('fr/home')!.file)
  })
})

describe("each locale's cards", () => {
  it("draws each locale's home, pricing and blog cards from its copy, in its language, and keys them by the locale's code", () => {
    const template = socialCardTemplate(bilingual)
    const german = { ...post('netpol'), locale: 'de', sourceFile: 'de/netpol.md' }
    const jobs = siteSocialCards({ config: bilingual, posts: [post('netpol'), german] }, template, cache)
    const byKey = new Map(jobs.flatMap((job) => job.keys.map((key) => [key, job] as const)))
    expect([...byKey.keys()]).toEqual(['home', 'pricing', 'blog', 'de/home', 'de/pricing', 'de/blog', 'post:netpol', 'de/post:netpol'])
    expect(byKey.get('de/home')!.text.title).toBe(bilingual.locales[0]!.copy!.hero!.title)
    expect(byKey.get('de/home')!.language).toBe('de')
    expect(byKey.get('de/home')!.file).not.toBe(byKey.get('home')!.file)
  })
})

describe('a character no card font has', () => {
  it('is reported with the post’s file and the character, when drawn and again from the cache', async () => {
    const template = socialCardTemplate(config)
    const odd = post('odd', { title: 'Hieroglyphs \u{13000} in a title', sourceFile: 'odd.md' })
    const jobs = siteSocialCards({ config, posts: [odd, post('fine', { sourceFile: 'fine.md' })] }, template, join(cache, 'missing'))
    const made = await renderSocialCards(jobs, template, { workerFile: undefined })
    expect(made.missing.map(missingGlyphsWarning)).toEqual(['posts/odd.md: the social card has a character no card font has, drawn as a box: "\u{13000}" (U+13000)'])
    const again = await renderSocialCards(jobs, template, { workerFile: undefined })
    expect(again).toMatchObject({ rendered: 0 })
    expect(again.missing.map(missingGlyphsWarning)).toEqual(made.missing.map(missingGlyphsWarning))
  })
})

describe('a logo that cannot be drawn', () => {
  it('fails the cards with an error that names the logo', async () => {
    // In this file's temporary folder (removed after all), like the others.
    const logo = join(cache, 'broken.svg')
    writeFileSync(logo, '<svg xmlns="http://www.w3.org/2000/svg"><g>')
    const template = { ...socialCardTemplate(config), logo: { file: logo, type: 'svg' as const } }
    const jobs = siteSocialCards({ config, posts: [] }, template, join(cache, 'logo-cache'))
    await expect(renderSocialCards(jobs, template, { workerFile: undefined })).rejects.toThrow(/A social card could not be drawn: the logo .*broken\.svg could not be read/)
  })
})

describe('placeSocialCards', () => {
  it('hands each page its card: the home, pricing and blog pages and each post without a cover; identical texts share one file', () => {
    const template = socialCardTemplate(config)
    const twin = post('twin', { title: 'Least-privilege network policies for plain' })
    const jobs = siteSocialCards({ config, posts: [post('plain'), twin, post('covered', { image: '/images/blog/cover.svg' })] }, template, cache)
    const images = socialCardImages(jobs)
    expect(Object.keys(images).sort()).toEqual(['blog', 'home', 'post:plain', 'post:twin', 'pricing'])
    expect(images['post:twin']).toEqual(images['post:plain'])
    expect(images.home).toEqual({ path: expect.stringMatching(/^\/assets\/og\/home-[0-9a-f]{16}\.png$/), alt: config.hero.title })
    for (const job of jobs) expect(job.keys.map((key) => images[key]!.path)).toEqual(job.keys.map(() => `/${job.file.split(/[\\/]/).join('/')}`))
  })

  it('links every card into a new output folder, its folder made first (many links at once)', () => {
    const source = join(cache, 'card.png')
    writeFileSync(source, 'png')
    const jobs = Array.from({ length: 400 }, (_, n) => ({ file: join('assets', 'og', `post-${n}.png`), cacheFile: source, text: { title: String(n) }, language: 'en', direction: 'ltr' as const, keys: [], sources: [] }))
    for (let round = 0; round < 5; round++) {
      const out = join(cache, `out-${round}`)
      placeSocialCards(jobs, out)
      expect(readdirSync(join(out, 'assets', 'og'))).toHaveLength(400)
    }
    // Those the output already has are left alone.
    const out = join(cache, 'out-present')
    placeSocialCards(jobs, out, new Set(jobs.slice(1).map((job) => job.file)))
    expect(readdirSync(join(out, 'assets', 'og'))).toEqual(['post-0.png'])
  })
})
