import { statSync } from 'node:fs'
import { missingGlyphsWarning, placeSocialCards, renderSocialCards, siteSocialCards, type CardsRendered } from '../../cards/socialCards.ts'
import type { CardJob, CardTemplate } from '../../incremental/cards/cardTemplate.ts'
import type { StagedPosts } from '../../content/posts/loadPosts.ts'
import type { CacheLog } from '../../incremental/explainCaches.ts'
import type { SiteConfig } from '../../content/types.ts'
import type { BuildProfile } from '../buildProfile.ts'
import { quietly } from './quietly.ts'

export interface CardsStage {
  /** Every card of the site, once the posts are known. */
  jobs: Promise<CardJob[]>
  /** Resolves once every card is in the cache. */
  rendered: Promise<CardsRendered>
}

/** The social cards stage: the pages' cards and every coverless post's, drawn into the cache in low-priority threads from the moment posts are known. */
export function startCards(
  known: Promise<StagedPosts>,
  { config, template, useCache, log, warn }: { config: SiteConfig; template: CardTemplate; useCache: boolean; log: CacheLog; warn: (line: string) => void },
  profile: BuildProfile,
): CardsStage {
  const jobs = quietly(known.then((staged) => siteSocialCards({ config, posts: staged.posts }, template)))
  const rendered = quietly(
    jobs.then(async (all) => {
      const started = performance.now()
      const made = await renderSocialCards(all, template, { cache: useCache })
      profile.add('posts.social cards, rendered beside', performance.now() - started, cardsNote(made))
      log.hit('cards', made.cached)
      log.miss('cards', 'title changed', made.rendered)
      // A character no card font has is drawn as a box: the writer hears of it, every build.
      for (const missing of made.missing) warn(missingGlyphsWarning(missing))
      return made
    }),
  )
  return { jobs, rendered }
}

/** Waits for the cards and links them into `client`, but those `keep` names (planBuild.ts withContentNamed), already there; returns those with their sizes. */
export async function placeCards(cards: CardsStage, client: string, keep: (files: readonly string[]) => ReadonlySet<string>, profile: BuildProfile): Promise<[file: string, size: number][]> {
  const waitStart = performance.now()
  const [jobs, { checkMs }] = await Promise.all([cards.jobs, cards.rendered])
  profile.add('write.waiting for social cards', performance.now() - waitStart)
  const placeStart = performance.now()
  const present = keep(jobs.map((job) => job.file))
  const kept = jobs.filter((job) => present.has(job.file)).map((job): [string, number] => [job.file, statSync(job.cacheFile).size])
  placeSocialCards(jobs, client, present)
  const placeMs = performance.now() - placeStart
  const each = ((placeMs + checkMs) / Math.max(1, jobs.length)).toFixed(3)
  profile.add('write.social cards placed', placeMs, `${jobs.length - kept.length} linked, ${kept.length} already there; ${each} ms a card with the cache check`)
  return kept
}

/** What the social cards' threads did, for the profile. */
function cardsNote({ rendered, cached, renderMs, setupMs, threads }: CardsRendered): string {
  if (!rendered) return `${cached} from cache`
  return `${rendered} rendered (${(renderMs / rendered).toFixed(2)} ms each, ${threads} thread${threads === 1 ? '' : 's'}, each set up in ${(setupMs / threads / 1000).toFixed(2)} s), ${cached} from cache`
}
