import { RESERVED_BLOG_FOLDERS } from '../../pages/_lib/urls/urls.ts'
import { localePrefix } from '../../pages/_lib/locales/locales.ts'
import { parseLanguageTag } from '../content/locales/languageTag.ts'
import { KubeSiteError } from '../errors.ts'
import { keyFor } from './parseTarget.ts'
import type { DeployPlan } from './planDeploy.ts'

// A deploy deleting a post's page with nothing left there makes every link to it a silent 404. Every locale's posts and homes
// count, the bucket saying which locales were published (a folder named as a language tag's prefix).

/** A published post page (or a locale's home) that a deploy deletes, with no page (a redirect page included) left at its URL. */
export interface RemovedPage {
  /** The URL path, with the base: '/blog/old-slug/'. */
  url: string
  /** What the page is: a post's, or a locale's home ('/de/'). */
  kind: RemovedPageKind
  /** The line that keeps it: a post's `redirectFrom: [/blog/old-slug/]` in its replacement; a locale home's config redirect "redirects: { '/de/': '/' }". */
  redirectFrom: string
  /** Its objects the plan deletes: the page, and in the cloudfront layout its `dir` and `dir/` keys. */
  keys: string[]
}

export type RemovedPageKind = 'post' | 'home'

/** How the deploy names pages of each kind: one, and more than one. */
const PAGE_WORDS: Record<RemovedPageKind, [one: string, many: string]> = {
  post: ['published post page', 'published post pages'],
  home: ['published home page of a locale', 'published home pages of locales'],
}

/** The pages a deploy removes, counted by kind: '1 published home page of a locale and 3 published post pages'. */
export function removedPagesText(pages: readonly Pick<RemovedPage, 'kind'>[]): string {
  const kinds = (['home', 'post'] as const).flatMap((kind) => {
    const count = pages.filter((page) => page.kind === kind).length
    return count === 0 ? [] : [`${count} ${PAGE_WORDS[kind][count === 1 ? 0 : 1]}`]
  })
  return kinds.join(' and ')
}

// A post's page and its cloudfront keys (blog/<slug>/index.html, blog/<slug>/, blog/<slug>), maybe under a locale's folder. A slug has no dot, so blog/rss.xml is never one.
const POST_KEY = /^(?:([^/.]+)\/)?blog\/([^/.]+)(?:\/|\/index\.html)?$/
// A locale's home and its cloudfront keys: de/index.html, de/, de.
const HOME_KEY = /^([^/.]+)(?:\/|\/index\.html)?$/

/** Whether a folder at the root of the site is a locale's: its name is the prefix of a language tag. */
function isLocaleFolder(name: string): boolean {
  const parsed = parseLanguageTag(name)
  return 'tag' in parsed && localePrefix(parsed.tag) === `/${name}`
}

/** The page a key of the plan's deletes is of, if it is a published post's or a locale's home: its path, and the line that keeps it. */
function publishedPage(key: string): { path: string; redirectFrom: string; kind: RemovedPageKind } | undefined {
  const post = POST_KEY.exec(key)
  if (post) {
    const [, folder, slug] = post as unknown as [string, string | undefined, string]
    if (RESERVED_BLOG_FOLDERS.includes(slug) || (folder !== undefined && !isLocaleFolder(folder))) return undefined
    const path = `${folder === undefined ? '' : `/${folder}`}/blog/${slug}/`
    return { path, redirectFrom: `redirectFrom: [${path}]`, kind: 'post' }
  }
  const home = HOME_KEY.exec(key)?.[1]
  if (home === undefined || !isLocaleFolder(home)) return undefined
  return { path: `/${home}/`, redirectFrom: `redirects: { '/${home}/': '/' }`, kind: 'home' }
}

/** The post pages and locale homes a plan deletes while the site has no index.html there any more; the blog's own folders are none, a redirect page keeps one. */
export function removedPostPages(plan: DeployPlan, { prefix, base }: { prefix: string; base: string }): RemovedPage[] {
  const kept = new Set([...plan.uploads, ...plan.unchanged].map((object) => object.key))
  const under = prefix ? `${prefix}/` : ''
  const pages = new Map<string, RemovedPage>()
  for (const { key } of plan.deletes) {
    if (!key.startsWith(under)) continue
    const published = publishedPage(key.slice(under.length))
    if (!published) continue
    const { path, redirectFrom, kind } = published
    // Switching layouts deletes a page's cloudfront keys while the page stays.
    if (kept.has(keyFor(prefix, `${path.slice(1)}index.html`))) continue
    const page = pages.get(path) ?? { url: `${base}${path.slice(1)}`, kind, redirectFrom, keys: [] }
    page.keys.push(key)
    pages.set(path, page)
  }
  return [...pages.values()].sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0))
}

/** The error a deploy that would remove published pages stops with, naming each URL and the line that keeps it. */
export function removedPagesError(pages: readonly RemovedPage[], target: string): KubeSiteError {
  return new KubeSiteError('DEPLOY_REMOVES_PAGES', `Refusing to delete ${removedPagesText(pages)} from ${target} that no redirect covers: ${pages.length === 1 ? 'its URL' : 'their URLs'} would answer 404; nothing was changed`, {
    problems: pages.map((page) => new KubeSiteError('DEPLOY_REMOVES_PAGES', `${page.url}  keep it with: ${page.redirectFrom}`)),
    hint: pages.every((page) => page.kind === 'home')
      ? "Give the locale back its place in site.config.ts's locales, or add that line to site.config.ts's redirects (to send its readers to the default locale's home), build and deploy again. If the pages are meant to go, pass --allow-removed-pages."
      : "Add that line to the frontmatter of the post that replaced the page (or map the old path in site.config.ts's redirects), build and deploy again. If the pages are meant to go, pass --allow-removed-pages.",
  })
}
