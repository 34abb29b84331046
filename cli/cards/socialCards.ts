import { rmSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { basename, join, sep } from 'node:path'
import { Worker } from 'node:worker_threads'
import { hasCover } from '../../pages/_lib/blog/postCover.ts'
import { localeCardKey, pageSocialCard, postSocialCard, type SocialCard, type SocialCardImage, type SocialCardKey } from '../../pages/_lib/socialCard.ts'
import type { Post, SiteConfig } from '../content/types.ts'
import { localeConfigs } from '../content/locales/localeConfigs.ts'
import { textDirection } from '../../pages/_lib/locales/siteLocale.ts'
import type { SiteLocale } from '../../pages/_lib/locales/locales.ts'
import { KubeSiteError } from '../errors.ts'
import { compiledEntry, toolRoot } from '../toolRoot.ts'
import { RTL_TEXT } from './bidiLine.ts'
import { envCount } from '../util/envCount.ts'
import { linkFiles } from '../util/linkFiles.ts'
import { cardsCacheDir, cardsToDraw, mayMiss, missingFile, socialCardPath, type CardJob, type CardTemplate, type MissingGlyphs } from '../incremental/cards/cardTemplate.ts'
import { writeFileAtomic } from '../util/writeFileAtomic.ts'

// The build's social cards (home, pricing, blog, coverless posts), rendered once per input into the cache by low-priority worker threads, linked into the output.

/** Cards rendered by a worker thread per this many to render, up to one per core: a thread takes about 0.1 s to read the fonts and draw the base, as long as 40 cards. */
const CARDS_PER_WORKER = 400

/** Every card of a site, once each: named by the hash of the template key and its text, under which the cache keeps it too. */
export function siteSocialCards({ config, posts }: { config: SiteConfig; posts: readonly Post[] }, template: CardTemplate, dir = cardsCacheDir): CardJob[] {
  // Each locale's home, pricing and blog cards, in its language and from its copy; a post's in its own.
  const locales = localeConfigs(config)
  const code = (locale: string) => (locale === locales[0]!.locale.code ? undefined : locale)
  const cards: [SocialCardKey, SocialCard, Pick<SiteLocale, 'code' | 'direction'>, string?][] = locales.flatMap(({ locale, config: localeConfig }) =>
    (['home', 'pricing', 'blog'] as const).map((page): [SocialCardKey, SocialCard, SiteLocale] => [localeCardKey(page, code(locale.code)), pageSocialCard(page, localeConfig), locale]),
  )
  const localeOf = new Map(locales.map(({ locale }) => [locale.code, locale]))
  for (const post of posts) {
    if (!hasCover(post)) cards.push([localeCardKey(`post:${post.slug}`, code(post.locale)), postSocialCard(post), localeOf.get(post.locale) ?? { code: post.locale, direction: textDirection(post.locale) }, post.sourceFile])
  }
  const jobs = new Map<string, CardJob>()
  for (const [key, card, { code: language, direction }, source] of cards) {
    const path = socialCardPath(card, template.key, language === template.language ? undefined : language, direction === textDirection(language) ? undefined : direction)
    const job = jobs.get(path)
    if (job) {
      job.keys.push(key)
      if (source) job.sources.push(source)
      continue
    }
    const name = basename(path)
    jobs.set(path, { file: path.slice(1).split('/').join(sep), cacheFile: join(dir, name.slice(-6, -4), name), text: card.text, language, direction, keys: [key], sources: source ? [source] : [] })
  }
  return [...jobs.values()]
}

/** What the pages get of the cards (SiteContent.cards): each page's card, by its key. */
export function socialCardImages(jobs: readonly CardJob[]): Record<string, SocialCardImage> {
  const images: Record<string, SocialCardImage> = {}
  for (const job of jobs) for (const key of job.keys) images[key] = { path: `/${job.file.split(sep).join('/')}`, alt: job.text.title }
  return images
}

export interface CardsRendered {
  /** Cards rendered by this build; the others came from the cache. */
  rendered: number
  cached: number
  /** Time spent rendering them, summed over the threads, and setting the renderer up (fonts, logo, base image) in each. */
  renderMs: number
  setupMs: number
  threads: number
  /** Time spent finding which cards the cache has. */
  checkMs: number
  /** The cards with characters no card font has (drawn as boxes), rendered now or before. */
  missing: MissingGlyphs[]
}

/** The build's warning of a card with characters no font has: it names the posts (or the page) and each character. */
export function missingGlyphsWarning({ keys, sources, chars }: MissingGlyphs): string {
  const whose = sources.length ? sources.map((source) => `posts/${source.split(sep).join('/')}`).join(', ') : `the ${keys.join(', ')} page`
  const listed = chars.map((char) => `"${char}" (U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')})`).join(', ')
  return `${whose}: the social card has ${chars.length === 1 ? 'a character' : 'characters'} no card font has, drawn as a box: ${listed}`
}

/** Renders the cards missing from the cache (all, with `cache: false`): in worker threads when compiled, else here (unit tests). */
export async function renderSocialCards(jobs: CardJob[], template: CardTemplate, { cache = true, workerFile = compiledEntry('socialCardWorker') } = {}): Promise<CardsRendered> {
  const checkStart = performance.now()
  const { todo, missing } = cardsToDraw(jobs, cache)
  const result = { rendered: todo.length, cached: jobs.length - todo.length, renderMs: 0, setupMs: 0, threads: 0, checkMs: performance.now() - checkStart, missing }
  if (!todo.length) return result
  if (!workerFile) {
    const times = await renderCards(todo, template).catch((error: unknown) => {
      throw cardError((error as Error)?.message ?? String(error))
    })
    return { ...result, ...times, missing: [...missing, ...times.missing], threads: 1 }
  }
  const threads = envCount('KUBE_SITE_CARD_WORKERS') ?? Math.max(1, Math.min(availableParallelism(), Math.ceil(todo.length / CARDS_PER_WORKER)))
  const shares = Array.from({ length: threads }, (_, n) => todo.filter((_, i) => i % threads === n)).filter((share) => share.length)
  const times = await Promise.all(shares.map((share) => renderInWorker(workerFile, { template, jobs: share })))
  for (const { renderMs, setupMs, missing: more } of times) {
    result.renderMs += renderMs
    result.setupMs += setupMs
    missing.push(...more)
  }
  return { ...result, threads: shares.length }
}

export interface CardWorkerData {
  template: CardTemplate
  jobs: CardJob[]
}

export interface CardTimes {
  setupMs: number
  renderMs: number
  missing: MissingGlyphs[]
}

/** A card that could not be drawn: a logo that could not be read is the likely cause, and its message names it. */
const cardError = (message: string) => new KubeSiteError('BUILD_FAILED', `A social card could not be drawn: ${message}`)

/** Renders `jobs` into their cache files in this thread; returns the time it took. */
export async function renderCards(jobs: CardJob[], template: CardTemplate): Promise<CardTimes> {
  const setupStart = performance.now()
  // Loaded here, in the drawing thread: opentype.js takes 0.1 s, which a build with every card cached never pays.
  const { createCardRenderer } = await import('./renderCard.ts')
  // HarfBuzz only for a thread with Arabic or Hebrew to draw: a Latin or CJK site never loads it.
  const shaping = jobs.some((job) => job.direction === 'rtl' || RTL_TEXT.test([job.text.title, job.text.subtitle ?? '', ...(job.text.tags ?? [])].join('')))
  const shaper = shaping ? await (await import('./shapeText.ts')).loadShaper() : undefined
  const renderer = await createCardRenderer(template, toolRoot, { shaper })
  const start = performance.now()
  const missing: MissingGlyphs[] = []
  for (const job of jobs) {
    const card = renderer.render(job.text, job.language, job.direction)
    // The note first: a card in the cache without its note would never warn again.
    if (card.missing.length) {
      writeFileAtomic(missingFile(job.cacheFile), JSON.stringify(card.missing), { mkdir: true })
      missing.push({ keys: job.keys, sources: job.sources, chars: card.missing })
    } else if (mayMiss(job)) {
      rmSync(missingFile(job.cacheFile), { force: true })
    }
    // Whole or not at all: a build killed here leaves no half card in the cache.
    writeFileAtomic(job.cacheFile, card.png, { mkdir: true })
  }
  return { setupMs: start - setupStart, renderMs: performance.now() - start, missing }
}

function renderInWorker(workerFile: string, data: CardWorkerData): Promise<CardTimes> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerFile, { workerData: data })
    worker.once('message', (message: CardTimes | { failed: string }) => ('failed' in message ? reject(cardError(message.failed)) : resolve(message)))
    worker.once('error', reject)
    worker.once('exit', (code) => reject(new Error(`the social card thread exited (${code}) before it finished`)))
  })
}

/** Hard-links each card from the cache into `outDir`; those in `present` (relative to it) are there already, a card's name being its content. */
export function placeSocialCards(jobs: CardJob[], outDir: string, present: ReadonlySet<string> = new Set()): void {
  linkFiles(jobs.filter((job) => !present.has(job.file)).map((job) => ({ from: job.cacheFile, to: join(outDir, job.file) })))
}
