import type { Post, SiteConfig } from '../../content/types.ts'
import { absoluteUrl } from '../../../pages/_lib/urls/absoluteUrl.ts'
import { HOME_URL, PRICING_URL, PRIVACY_POLICY_URL, TERMS_OF_SERVICE_URL, blogFeedUrl, blogPageUrl, postMarkdownUrl } from '../../../pages/_lib/urls/urls.ts'
import { localizedPath, type SiteLocale } from '../../../pages/_lib/locales/locales.ts'
import { markdownHeading, markdownText } from './markdownText.ts'

// /llms.txt as llmstxt.org lays it out (h1, quote, sections of absolute links with notes, `## Optional`), posts by their twins;
// one at the root for every language: the default's, then a section per locale headed by its own name.

export interface LlmsTxtInput {
  config: SiteConfig
  /** The published posts, newest first (never a draft or a scheduled post). */
  posts: readonly Pick<Post, 'slug' | 'title' | 'excerpt'>[]
  base: string
  /** The site's pages as URL paths, every locale's: a page the site lacks is not listed. */
  pages: readonly string[]
  /** The site's other locales (not the default), each with its config and published posts: a section each. Default: none. */
  locales?: readonly LlmsTxtLocale[]
}

export interface LlmsTxtLocale {
  locale: SiteLocale
  config: SiteConfig
  posts: LlmsTxtInput['posts']
}

/** The text of /llms.txt. */
export function renderLlmsTxt({ config, posts, base, pages, locales }: LlmsTxtInput): string {
  const url = (path: string) => absoluteUrl(config.site.url, base, path)
  const has = new Set(pages)
  const link = (title: string, path: string, note?: string) => `- [${markdownText(title)}](${url(path)})${note ? `: ${markdownText(note)}` : ''}`
  const section = (title: string, lines: string[]) => (lines.length > 0 ? [`## ${title}`, '', ...lines, ''] : [])
  const pageLinks = [
    // The home page's description is the quote above.
    has.has(HOME_URL) && link(config.brand.name, HOME_URL),
    has.has(PRICING_URL) && link('Pricing', PRICING_URL, config.pricing.description),
    has.has(blogPageUrl(1)) && link('Blog', blogPageUrl(1), config.blog.description),
  ].filter((line): line is string => typeof line === 'string')
  const optional = [
    posts.length > 0 && link('RSS feed of the blog', blogFeedUrl('rss'), 'the newest posts in full'),
    has.has(PRIVACY_POLICY_URL) && link(config.legal.privacyPolicy.title, PRIVACY_POLICY_URL),
    has.has(TERMS_OF_SERVICE_URL) && link(config.legal.termsOfService.title, TERMS_OF_SERVICE_URL),
  ].filter((line): line is string => typeof line === 'string')
  return [
    markdownHeading(config.brand.name),
    '',
    `> ${markdownText(config.site.description)}`,
    '',
    ...section('Pages', pageLinks),
    ...section('Blog', posts.map((post) => link(post.title, postMarkdownUrl(post.slug), post.excerpt))),
    ...(locales ?? []).flatMap((other) => section(other.locale.name, localeLinks(other, { has, link }))),
    ...section('Optional', optional),
  ].join('\n')
}

/** The links of another locale's section: its pages (titled from its config), its posts' twins, its blog's feed. */
function localeLinks({ locale, config, posts }: LlmsTxtLocale, { has, link }: { has: ReadonlySet<string>; link: (title: string, path: string, note?: string) => string }): string[] {
  const at = (path: string) => localizedPath(locale, path)
  const page = (title: string, path: string, note?: string) => (has.has(at(path)) ? [link(title, at(path), note)] : [])
  return [
    ...page(config.brand.name, HOME_URL, config.site.description),
    ...page(config.pricing.title, PRICING_URL, config.pricing.description),
    ...page(config.blog.title, blogPageUrl(1), config.blog.description),
    ...posts.map((post) => link(post.title, at(postMarkdownUrl(post.slug)), post.excerpt)),
    ...(posts.length > 0 ? [link(`${config.blog.title} (RSS)`, at(blogFeedUrl('rss')))] : []),
    ...page(config.legal.privacyPolicy.title, PRIVACY_POLICY_URL),
    ...page(config.legal.termsOfService.title, TERMS_OF_SERVICE_URL),
  ]
}
