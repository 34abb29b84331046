import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { extname, join } from 'node:path'
import type { SiteConfig } from '../../content/types.ts'
import { imageSize } from '../../content/markdown/imageSize.ts'
import { createFingerprint, type Fingerprint } from '../fingerprint.ts'
import { cacheDir, toolRoot } from '../../toolRoot.ts'
import { hexRgb, mix, rgbHex } from '../../cards/cardCanvas.ts'
import { formatDay } from '../../../pages/_lib/text/formatDay.ts'
import { SOCIAL_CARD_DIR, type SocialCard, type SocialCardKey, type SocialCardText } from '../../../pages/_lib/socialCard.ts'

// What a site's cards share, and its key, a hash of all that makes a card's pixels but its text; a card, named by it and its text, is drawn into the cache once.

export const cardsCacheDir = join(cacheDir, 'cards')

/** A card to place: drawn into the cache unless there (cardsToDraw). */
export interface CardJob {
  /** Its file in the output, relative to it (assets/og/<name>-<hash>.png). */
  file: string
  cacheFile: string
  text: SocialCardText
  /** The language it is drawn in: its post's locale, else the site's. */
  language: string
  /** That locale's direction (the config may set one other than its language's): a right-to-left card is mirrored. */
  direction: 'ltr' | 'rtl'
  /** The pages that show it (pages with the same text share one card). */
  keys: SocialCardKey[]
  /** The post files it is the card of (relative to the posts folder), which a warning names. */
  sources: string[]
}

/** The cards drawn with characters no font has, which a warning names. */
export interface MissingGlyphs {
  keys: SocialCardKey[]
  sources: string[]
  chars: string[]
}

/** The card's site path (without the base), its hash over the template key, text, language (when not the site's) and direction (when set). */
export function socialCardPath(card: SocialCard, templateKey: string, language?: string, direction?: 'ltr' | 'rtl'): string {
  const hash = createHash('sha256').update(templateKey).update('\0').update(JSON.stringify(card.text))
  if (language) hash.update('\0').update(language)
  if (direction) hash.update('\0').update(direction)
  return `${SOCIAL_CARD_DIR}${card.name}-${hash.digest('hex').slice(0, 16)}.png`
}

export interface CardTemplate {
  key: string
  brandName: string
  host: string
  /** The site's language, which writes the card's date. */
  language: string
  colors: { background: string; text: string; muted: string; primary: string; accent: string }
  /** The logo file in public/, when the logo is one (a remote logo is never fetched: the name is written instead). */
  logo?: { file: string; type: 'svg' | 'png' | 'jpeg'; width?: number; height?: number }
}

/** The template of a site's cards, from its config and the files under `root` (public/), keyed by the build's `fingerprint`. */
export function socialCardTemplate(config: SiteConfig, fingerprint: Fingerprint = createFingerprint(), root = toolRoot): CardTemplate {
  const { background, text, primary, accent } = config.brand.colors
  const colors = { background, text, muted: rgbHex(mix(hexRgb(text), hexRgb(background), 0.7)), primary, accent }
  // The logo drawn for the card's background: the dark theme's on a dark one.
  const logoPath = luminance(background) < 0.5 ? config.brand.logo.dark : config.brand.logo.light
  const logo = logoFile(logoPath, root)
  const template: Omit<CardTemplate, 'key'> = { brandName: config.brand.name, host: new URL(config.site.url).host, language: config.site.language, colors, logo }
  const hash = createHash('sha256').update(JSON.stringify({ ...template, logo: logo && { type: logo.type } }))
  if (logo) hash.update(readFileSync(logo.file))
  // With the renderer's code and the versions of what it uses (the fingerprint's `card renderer`).
  return { key: fingerprint.key('cards', hash.digest('hex')), ...template }
}

function logoFile(path: string, root: string): CardTemplate['logo'] {
  if (!path.startsWith('/')) return undefined
  const file = join(root, 'public', decodeURIComponent(path.split(/[?#]/)[0]!))
  const type = ({ '.svg': 'svg', '.png': 'png', '.jpg': 'jpeg', '.jpeg': 'jpeg' } as const)[extname(file).toLowerCase()]
  if (!type || !existsSync(file)) return undefined
  const size = type === 'svg' ? undefined : imageSize(file)
  return { file, type, ...(size && { width: size.width, height: size.height }) }
}

/** Relative luminance of #rrggbb, 0 (black) to 1 (white). */
function luminance(hex: string): number {
  const [r, g, b] = hexRgb(hex).map((value) => {
    const c = value / 255
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }) as [number, number, number]
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

/** Beside a card in the cache whose text has characters no font has: which, so a build that takes the card from the cache warns too. */
export const missingFile = (cacheFile: string) => `${cacheFile.slice(0, -4)}.missing.json`
/** Text that every card font set has (Inter's Latin): a card of only this has nothing missing, and its cache has no note to look for. */
const ONLY_LATIN = /^[\u0020-\u007e\u00a0-\u024f\u2010-\u2027]*$/u
export const mayMiss = (job: CardJob) => !ONLY_LATIN.test([job.text.title, job.text.subtitle ?? '', job.text.date ? formatDay(job.text.date, job.language) : '', ...(job.text.tags ?? [])].join(''))

/** The cards the cache lacks, to draw (all without the cache), and of those it has, the characters no font has, which it noted. */
export function cardsToDraw(jobs: CardJob[], cache: boolean): { todo: CardJob[]; missing: MissingGlyphs[] } {
  if (!cache) return { todo: jobs, missing: [] }
  const todo = jobs.filter((job) => !existsSync(job.cacheFile))
  const drawing = new Set(todo)
  const noted = jobs.filter((job) => !drawing.has(job) && mayMiss(job) && existsSync(missingFile(job.cacheFile)))
  return { todo, missing: noted.map((job) => ({ keys: job.keys, sources: job.sources, chars: JSON.parse(readFileSync(missingFile(job.cacheFile), 'utf8')) as string[] })) }
}
