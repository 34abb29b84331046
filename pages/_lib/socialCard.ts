// Which social card (Open Graph image) a page has and what it shows; cli/cards/socialCards.ts draws them (SiteContent.cards).

/** Every card is 1200×630, the size Open Graph and X's large summary card ask for. */
export const SOCIAL_CARD_WIDTH = 1200
export const SOCIAL_CARD_HEIGHT = 630
/** Where cards go in dist/. */
export const SOCIAL_CARD_DIR = '/assets/og/'

/** What a card shows: a page's title, and for a post its date (YYYY-MM-DD) and tags. */
export type SocialCardText = { title: string; subtitle?: string; date?: string; tags?: string[] }

/** A card of the site: its file's stem and its text. */
export type SocialCard = { name: string; text: SocialCardText }

/** The pages with a card of their own besides posts; the blog's card serves all its list pages. */
export type SocialCardPage = 'home' | 'pricing' | 'blog'

interface CardConfig { hero: { title: string; tagline: string }; pricing: { pageTitle: string; description: string }; blog: { title: string; description: string } }

/** The card of a post, named by its text, not its slug: a renamed post keeps its card's URL, which networks cached. */
export function postSocialCard(post: { title: string; date: string; tags: string[] }): SocialCard {
  return { name: 'post', text: { title: post.title, date: post.date, tags: post.tags } }
}

/** The card of the home, pricing or blog page, from its title in the config. */
export function pageSocialCard(page: SocialCardPage, config: CardConfig): SocialCard {
  const [title, subtitle] = page === 'home' ? [config.hero.title, config.hero.tagline] : page === 'pricing' ? [config.pricing.pageTitle, config.pricing.description] : [config.blog.title, config.blog.description]
  return { name: page, text: { title, subtitle } }
}

/** A card of the default locale's pages: a post's by its slug, the home's, pricing's or blog's by name. */
type DefaultCardKey = SocialCardPage | `post:${string}`

/** What a page finds its card by in SiteContent.cards: another locale's under its code ('de/home', 'de/post:<slug>'). */
export type SocialCardKey = DefaultCardKey | `${string}/${DefaultCardKey}`

/** The key of a card of a page of the locale `code` (none: the default's). */
export const localeCardKey = (key: DefaultCardKey, code?: string): SocialCardKey => (code ? `${code}/${key}` : key)

/** A card as the page links it: its path on the site (without the base) and its alt text. */
export type SocialCardImage = { path: string; alt: string }

/** The key of the card of the page at `path` (as the default locale has it) in `locale` (a code, none for the default): a post's, the home's, pricing's, the blog's; or none. */
export function socialCardKey(path: string, post: { slug: string } | undefined, urls: { home: string; pricing: string }, locale?: string): SocialCardKey | undefined {
  const key: DefaultCardKey | undefined = post ? `post:${post.slug}` : path === urls.home ? 'home' : path === urls.pricing ? 'pricing' : path.startsWith('/blog/') ? 'blog' : undefined
  return key && localeCardKey(key, locale)
}
