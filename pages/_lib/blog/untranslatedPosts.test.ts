import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { loadSiteConfig } from '../../../cli/content/config/loadSiteConfig.ts'
import { localeConfigs } from '../../../cli/content/locales/localeConfigs.ts'
import type { Post } from '../../../cli/content/types.ts'
import { localeContents } from '../../../cli/generator/localeContents.ts'
import { contentIn, type SiteContent } from '../../../cli/generator/siteContent.ts'
import { blogListData, blogPostData } from '../pageData.ts'
import { ROUTES, localePages } from '../urls/routes.ts'
import { blogListPosts, listsUntranslated } from './untranslatedPosts.ts'

const repo = fileURLToPath(new URL('../../..', import.meta.url))
const { config } = await loadSiteConfig(`${repo}site.config.ts`, repo)

const post = (slug: string, locale: string, date: string, fields: Partial<Post> = {}): Post => ({
  slug,
  title: `Title ${slug}`,
  excerpt: 'An excerpt.',
  author: 'A. Writer',
  date,
  readTime: '3 min read',
  tags: ['rbac'],
  draft: false,
  redirectFrom: [],
  html: '<p>Body</p>',
  sourceFile: locale === 'en' ? `${slug}.md` : `${locale}/${slug}.md`,
  locale,
  ...fields,
})

// English posts, newest first: 'rollen' translates 'roles' under a slug of its own, 'netpol' keeps its slug.
const english = [post('upgrade', 'en', '2025-05-01'), post('roles', 'en', '2025-04-01'), post('netpol', 'en', '2025-03-01'), post('intro', 'en', '2025-01-01')]
const german = [post('rollen', 'de', '2025-04-02', { translationOf: 'roles' }), post('netpol', 'de', '2025-03-01', { translationOf: 'netpol' }), post('nur-deutsch', 'de', '2025-02-01', { tags: ['netzwerk'] })]

/** The site with a German locale whose config lists the English posts it has not translated, or does not. */
function site(listUntranslated: boolean | undefined, pageSize = 10): SiteContent {
  const bilingual = { ...config, blog: { ...config.blog, pageSize }, locales: [{ code: 'de', listUntranslated }] }
  const [en, de] = localeContents(localeConfigs(bilingual), [...english, ...german])
  return { config: bilingual, posts: en!.posts, locales: [en!, de!], buildDate: '2025-06-01', includeDrafts: false }
}

const slugsAndLocales = (posts: readonly { slug: string; locale: string }[]) => posts.map(({ slug, locale }) => `${locale}:${slug}`)

describe("the default language's untranslated posts on another locale's blog", () => {
  it('lists them among the locale\'s own, newest first, only where the locale asks, and never on the default\'s blog', () => {
    expect(listsUntranslated(contentIn(site(true), 'de'))).toBe(true)
    expect(slugsAndLocales(blogListPosts(contentIn(site(true), 'de')))).toEqual(['en:upgrade', 'de:rollen', 'de:netpol', 'de:nur-deutsch', 'en:intro'])
    for (const setting of [false, undefined]) {
      expect(listsUntranslated(contentIn(site(setting), 'de'))).toBe(false)
      expect(slugsAndLocales(blogListPosts(contentIn(site(setting), 'de')))).toEqual(['de:rollen', 'de:netpol', 'de:nur-deutsch'])
    }
    const listing = site(true)
    expect(listsUntranslated(contentIn(listing, 'en'))).toBe(false)
    expect(blogListPosts(contentIn(listing, 'en'))).toBe(listing.locales![0]!.posts)
  })

  it('makes the list once for the same posts, and again when the originals change', () => {
    const content = site(true)
    const de = contentIn(content, 'de')
    expect(blogListPosts(contentIn(content, 'de'))).toBe(blogListPosts(de))
    const retitled = content.locales![0]!.posts.map((each) => (each.slug === 'intro' ? { ...each, title: 'Getting started' } : each))
    const edited = { ...content, locales: [{ ...content.locales![0]!, posts: retitled }, content.locales![1]!] }
    expect(blogListPosts(contentIn(edited, 'de')).find((each) => each.slug === 'intro')?.title).toBe('Getting started')
  })

  it("gives the blog's list pages their entries with their locale, and their number, from every post they show", () => {
    const content = site(true, 2)
    const de = contentIn(content, 'de')
    const pages = [1, 2, 3].map((page) => blogListData(de, page))
    expect(pages.map((page) => page && slugsAndLocales(page.posts))).toEqual([['en:upgrade', 'de:rollen'], ['de:netpol', 'de:nur-deutsch'], ['en:intro']])
    expect(pages.map((page) => page?.totalPages)).toEqual([3, 3, 3])
    expect(blogListData(de, 4)).toBeUndefined()
    expect(localePages(ROUTES.blogList, content).filter((page) => page.locale === 'de' && !page.routeParams.tag && !page.routeParams.author).map((page) => page.key)).toEqual(['/de/blog/', '/de/blog/page/2/', '/de/blog/page/3/'])
    // Without the setting, two pages of German posts.
    expect(localePages(ROUTES.blogList, site(false, 2)).filter((page) => page.locale === 'de' && page.key.startsWith('/de/blog/page/')).map((page) => page.key)).toEqual(['/de/blog/page/2/'])
  })

  it("keeps a tag's and an author's lists, and a post's page, to the locale's own posts", () => {
    const de = contentIn(site(true, 2), 'de')
    expect(slugsAndLocales(blogListData(de, 1, { kind: 'tag', slug: 'rbac' })!.posts)).toEqual(['de:rollen', 'de:netpol'])
    expect(blogPostData(de, 'upgrade', '/')).toBeUndefined()
    // Back to Blog from a German post leads to the list page that shows it among every listed post.
    expect(blogPostData(de, 'nur-deutsch', '/', { body: false })).toMatchObject({ listPage: 2, totalPages: 3 })
    expect(blogPostData(contentIn(site(false, 2), 'de'), 'nur-deutsch', '/', { body: false })).toMatchObject({ listPage: 2, totalPages: 2 })
  })
})
