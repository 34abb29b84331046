import type { Post, SiteConfig } from '../content/types.ts'
import { absoluteUrl } from '../../pages/_lib/absoluteUrl.ts'
import { HOME_URL, PRICING_URL, PRIVACY_POLICY_URL, TERMS_OF_SERVICE_URL, blogFeedUrl, blogPageUrl, postMarkdownUrl } from '../../pages/_lib/urls.ts'
import { markdownHeading, markdownText } from './markdownText.ts'

// /llms.txt, as the llms.txt proposal (llmstxt.org) lays it out, for AI agents and LLM tools that
// read a site: its name as the one h1, its description as a quote, then sections of links, each
// with a note. `## Optional` holds what a reader with little room can skip. Every link is absolute.
// A post is linked by its markdown twin, not its page, as the proposal has it: an agent reads the
// post's text as written, without the page around it (the twin names the page).

export interface LlmsTxtInput {
  config: SiteConfig
  /** The published posts, newest first (never a draft or a scheduled post). */
  posts: readonly Pick<Post, 'slug' | 'title' | 'excerpt'>[]
  base: string
  /** The site's pages as URL paths: a page the site lacks is not listed. */
  pages: readonly string[]
}

/** The text of /llms.txt. */
export function renderLlmsTxt({ config, posts, base, pages }: LlmsTxtInput): string {
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
    ...section('Optional', optional),
  ].join('\n')
}
