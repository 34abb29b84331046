// Every route of the site: the folder of pages/ that renders it, its pages, and each page's data. The hooks call it, the CLI lists the pages from it, and the
// page plan hashes exactly the data it returns (cli/incremental/pages/pagePlan.ts). routes.test.ts fails on a page folder, hook or URL not listed here.
import type { SiteConfig } from '../../../cli/content/types.ts'
import { localesOf, type SiteContent } from '../../../cli/generator/siteContent.ts'
import { isDefaultLocale, localizedPath, type SiteLocale } from '../locales/locales.ts'
import { listOf } from '../../blog/list/listOf.ts'
import { blogListData, blogPostData, legalData, searchPageData, termIndexData } from '../pageData.ts'
import { legalDocument, showsOwn } from '../locales/pageTranslations.ts'
import { taxonomyOf, type PagedPost } from '../blog/taxonomy.ts'
import { blogListPosts } from '../blog/untranslatedPosts.ts'
import { AUTHORS_URL, HOME_URL, PRICING_URL, PRIVACY_POLICY_URL, SEARCH_URL, TAGS_URL, TERMS_OF_SERVICE_URL, authorPageUrl, blogPageCount, isNotFoundKey, listPageUrl, pageKey, postUrl, tagPageUrl } from './urls.ts'

/** The key the build knows vike's not-found page by (it has no URL of its own). */
export const NOT_FOUND = pageKey('/404', true)

/** Posts per page of the blog's list, and of a tag's or an author's (config.blog). */
export type ListSizes = Pick<SiteConfig['blog'], 'pageSize' | 'tagPageSize'>

/** vike's route parameters of a page (https://vike.dev/route-function): none for a page vike routes by its folder. */
export type RouteParams = Record<string, string>

/** A page of a route: the key the build knows it by (its URL, or NOT_FOUND) and the parameters its route gives it. */
export interface RoutePage { key: string; routeParams: RouteParams }

export interface Route {
  /** The folder of pages/ whose +Page renders it. */
  folder: string
  /** Its pages on a site with these posts and list sizes; `listed`, the blog list's posts (untranslatedPosts.ts) when more than the site's. */
  pages(posts: readonly PagedPost[], sizes: ListSizes, listed?: readonly PagedPost[]): RoutePage[]
  /** What its +data hook returns for the page with `routeParams` at `base`; undefined: no such page. None: no +data hook. */
  data?(content: SiteContent, routeParams: RouteParams, base: string): unknown
  /** The part of a locale's config its page shows, for a page another locale has only where it gives that part differently (else it links to the default's: a copy would be duplicate content). */
  own?(config: SiteConfig): unknown
}

/** The one page of a route vike finds by its folder (or the not-found page). */
const onePage = (key: string) => (): RoutePage[] => [{ key, routeParams: {} }]

/** The pages of a list of `count` posts at `root`, `size` a page, whose parameters name it by `scope`. */
function listPages(root: string, count: number, size: number, scope: RouteParams = {}): RoutePage[] {
  return Array.from({ length: blogPageCount(count, size) }, (_, index) => ({ key: listPageUrl(root, index + 1), routeParams: { page: String(index + 1), ...scope } }))
}

/** The route of a legal document's page. */
const legalRoute = (folder: string, url: string, document: keyof SiteConfig['legal']) => ({ folder, pages: onePage(url), data: (content: SiteContent) => legalData(content, document), own: legalDocument(document) })

/** The site's routes, by name: a hook reads its own (and its data's type) from here. */
export const ROUTES = {
  home: { folder: 'index', pages: onePage(HOME_URL) },
  pricing: { folder: 'pricing', pages: onePage(PRICING_URL) },
  notFound: { folder: '_error', pages: onePage(NOT_FOUND) },
  privacyPolicy: legalRoute('privacy-policy', PRIVACY_POLICY_URL, 'privacyPolicy'),
  termsOfService: legalRoute('terms-of-service', TERMS_OF_SERVICE_URL, 'termsOfService'),
  /** The blog's list, and each tag's and each author's (one page: see its +route.ts). */
  blogList: {
    folder: 'blog/list',
    pages(posts: readonly PagedPost[], { pageSize, tagPageSize }: ListSizes, listed: readonly PagedPost[] = posts): RoutePage[] {
      const { tags, authors } = taxonomyOf(posts)
      return [
        ...listPages('/blog/', listed.length, pageSize),
        ...[...tags.values()].flatMap((tag) => listPages(tagPageUrl(tag.slug), tag.posts.length, tagPageSize, { tag: tag.slug })),
        ...[...authors.values()].flatMap((author) => listPages(authorPageUrl(author.slug), author.posts.length, tagPageSize, { author: author.slug })),
      ]
    },
    data: (content: SiteContent, routeParams: RouteParams) => blogListData(content, Number(routeParams.page), listOf(routeParams)),
  },
  /** The index of every tag, and of every author. */
  blogTerms: {
    folder: 'blog/terms',
    pages: (): RoutePage[] => [{ key: TAGS_URL, routeParams: { kind: 'tag' } }, { key: AUTHORS_URL, routeParams: { kind: 'author' } }],
    data: (content: SiteContent, routeParams: RouteParams) => termIndexData(content, routeParams.kind === 'tag' ? 'tag' : 'author'),
  },
  blogSearch: { folder: 'blog/search', pages: onePage(SEARCH_URL), data: (content: SiteContent) => searchPageData(content) },
  blogPost: {
    folder: 'blog/post',
    pages: (posts: readonly PagedPost[]): RoutePage[] => posts.map(({ slug }) => ({ key: postUrl(slug), routeParams: { slug } })),
    // A build puts the body into the page as it writes it (cli/generator/prerender/insertPostBody.ts).
    data: (content: SiteContent, routeParams: RouteParams, base: string) => blogPostData(content, routeParams.slug ?? '', base, { body: !content.bodiesInserted }),
  },
} satisfies Record<string, Route>

/** Every route, in the order the build lists its pages. */
export const SITE_ROUTES: readonly Route[] = Object.values(ROUTES)

/** A page of a route in one locale: its key localized ('/de/blog/', 'de/404'), and its locale's code. */
export interface LocalePage extends RoutePage { locale: string }

/** The key of the default locale's page `key` in `locale`: its path under the locale's prefix ('de/404' for the not-found page). */
export const localizedKey = (locale: SiteLocale, key: string): string => (key === NOT_FOUND ? pageKey(localizedPath(locale, '/404'), true) : localizedPath(locale, key))

/** The pages of `route` in every locale (localesOf), the default's first, each from its own posts and config (and `own`, see Route). */
export function localePages(route: Route, content: SiteContent): LocalePage[] {
  const [first, ...others] = localesOf(content)
  return [first!, ...others.filter(({ config }) => !route.own || showsOwn(route.own, config, first!.config))].flatMap(({ locale, config, posts }) =>
    route.pages(posts, config.blog, blogListPosts({ ...content, locale, config, posts })).map(({ key, routeParams }) => ({ key: isDefaultLocale(locale) ? key : localizedKey(locale, key), routeParams, locale: locale.code })),
  )
}

/** The paths of the default locale's pages that a locale (its `config`) lends rather than has (Route.own): its links lead there. */
export function pagesLentBy(defaultConfig: SiteConfig, config: SiteConfig, routes: readonly Route[] = SITE_ROUTES): string[] {
  return routes.filter((route) => route.own && !showsOwn(route.own, config, defaultConfig)).flatMap((route) => route.pages([], config.blog).map((page) => page.key))
}

/** The keys of every page of the site in every locale, route by route (the not-found pages' too). */
export function sitePageKeys(content: SiteContent, routes: readonly Route[] = SITE_ROUTES): string[] {
  return routes.flatMap((route) => localePages(route, content).map((page) => page.key))
}

/** The URL path of every page in every locale, sorted (not-found pages have none): what a build writes (planBuild.ts) and dev serves. */
export function sitePageUrls(content: SiteContent): string[] {
  return sitePageKeys(content).filter((key) => !isNotFoundKey(key)).sort()
}

/** The keys of every page of a site with these posts, route by route (the not-found page's too). */
export function pageKeys(posts: readonly PagedPost[], sizes: ListSizes, routes: readonly Route[] = SITE_ROUTES): string[] {
  return routes.flatMap((route) => route.pages(posts, sizes).map((page) => page.key))
}

/** The URL path of every page of a site with these posts, sorted (the not-found page has none). */
export function pageUrls(posts: readonly PagedPost[], sizes: ListSizes): string[] {
  return pageKeys(posts, sizes).filter((key) => key !== NOT_FOUND).sort()
}
