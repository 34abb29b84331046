// Which social card (Open Graph image) a page has, and its URL. Pure, so the pages (SeoTags) and
// the generator (cli/generator/socialCards.ts, which renders the cards) agree on every name
// without passing anything through the page data.
//
// A card's file name carries a hash of everything its pixels come from: the card template's key
// (layout, renderer versions, fonts, brand, colours, logo; the build hands it to the bundle as
// import.meta.env.KUBE_SITE_CARD_KEY) and the card's own text. Same name, same bytes: the card
// lives in assets/, which deploy stores as immutable, and a changed title is a new URL.

/** Every card is 1200×630, the size Open Graph and X's large summary card ask for. */
export const SOCIAL_CARD_WIDTH = 1200
export const SOCIAL_CARD_HEIGHT = 630
/** Where cards go in dist/. */
export const SOCIAL_CARD_DIR = '/assets/og/'

/** What a card shows: a page's title, and for a post its date (YYYY-MM-DD) and tags. */
export interface SocialCardText {
  title: string
  subtitle?: string
  date?: string
  tags?: string[]
}

/** A card of the site: its file's stem and its text. */
export interface SocialCard {
  name: string
  text: SocialCardText
}

/** The pages with a card of their own besides posts; the blog's card serves all its list pages. */
export type SocialCardPage = 'home' | 'pricing' | 'blog'

interface CardConfig {
  hero: { title: string; tagline: string }
  pricing: { pageTitle: string; description: string }
  blog: { title: string; description: string }
}

/**
 * The card of a post: named by its text alone, not its slug, so a renamed post (redirectFrom)
 * keeps its card's URL, which the networks that cached the old page still show.
 */
export function postSocialCard(post: { title: string; date: string; tags: string[] }): SocialCard {
  return { name: 'post', text: { title: post.title, date: post.date, tags: post.tags } }
}

/** The card of the home, pricing or blog page, from its title in the config. */
export function pageSocialCard(page: SocialCardPage, config: CardConfig): SocialCard {
  const text =
    page === 'home'
      ? { title: config.hero.title, subtitle: config.hero.tagline }
      : page === 'pricing'
        ? { title: config.pricing.pageTitle, subtitle: config.pricing.description }
        : { title: config.blog.title, subtitle: config.blog.description }
  return { name: page, text }
}

/** The card's path on the site (without the base): /assets/og/<name>-<hash>.png. */
export function socialCardPath(card: SocialCard, templateKey: string): string {
  return `${SOCIAL_CARD_DIR}${card.name}-${socialCardHash(card, templateKey)}.png`
}

/** 16 hex digits over the template key and the card's text (two 32-bit FNV-1a hashes: no Node crypto in a page). */
export function socialCardHash(card: SocialCard, templateKey: string): string {
  const input = `${templateKey}\0${JSON.stringify(card.text)}`
  let a = 0x811c9dc5
  let b = 0x01000193 ^ 0x5bd1e995
  for (let i = 0; i < input.length; i++) {
    const code = input.charCodeAt(i)
    a = Math.imul(a ^ code, 0x01000193)
    b = Math.imul(b ^ code, 0x5bd1e995) ^ (b >>> 15)
  }
  return (a >>> 0).toString(16).padStart(8, '0') + (b >>> 0).toString(16).padStart(8, '0')
}
