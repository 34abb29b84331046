import { existsSync, mkdirSync, rmSync, statSync } from 'node:fs'
import { dirname, join, relative, sep } from 'node:path'
import { KubeSiteError, internalError } from '../errors.ts'
import { normalizeBase } from '../util/normalizeBase.ts'
import { today } from '../content/dates.ts'
import { loadPostsInStages } from '../content/loadPosts.ts'
import { loadSiteConfig } from '../content/loadSiteConfig.ts'
import { siteRedirects } from '../content/siteRedirects.ts'
import type { Reporter } from '../ui/createReporter.ts'
import { pageUrls } from '../../pages/_lib/urls.ts'
import { acquireWorkDir, recoverInterruptedSwap, stageBeside, swapIntoPlace, updateInPlace } from './outputDir.ts'
import { setSiteContent } from './siteContent.ts'
import { formatBytes, largestScript, summarizeOutput, type OutputSummary } from './summarizeOutput.ts'
import { writeSiteFiles } from './writeSiteFiles.ts'
import { prerenderPages } from './prerenderPages.ts'
import { RUNTIME_PAGES_MAX, loadServerRuntime, renderChangedPages } from './renderChangedPages.ts'
import { bundleIdentity, bundleKey, restoreBundle, saveBundle } from './bundleCache.ts'
import { pageHashes, readPreviousOutput, reusablePages, writeManifest } from './pagePlan.ts'
import { surveyOutput, type OutputSurvey } from './surveyOutput.ts'
import { openPostCache } from '../content/postCache.ts'
import { toolRoot } from '../toolRoot.ts'
import { createBuildImages, postAssetsKey } from '../images/buildImages.ts'
import { socialCardTemplate } from '../cards/cardTemplate.ts'
import { placeSocialCards, renderSocialCards, siteSocialCards, type CardJob, type CardsRendered } from '../cards/socialCards.ts'
import { configPictures } from '../images/configImages.ts'
import type { ImageStore } from '../images/imageStore.ts'
import { addPrerenderTimes, addRuntimeTimes, createBuildProfile, formatProfile, type BuildProfile } from './buildProfile.ts'
import { threadCount } from './prerenderPages.ts'
import type { SiteConfig } from '../content/types.ts'

export interface BuildOptions {
  /** Absolute paths. */
  outDir: string
  postsDir: string
  configFile: string
  /** URL prefix; default: the config's site.base. */
  base?: string
  drafts: boolean
  /** Pages and robots.txt tell search engines to skip the site (previews). Default: false. */
  noindex?: boolean
  /** Use and update the caches of rendered posts and bundles. Default: true. */
  cache?: boolean
  cwd: string
  /** Print where the time went, by phase and part (see buildProfile.ts). */
  profile?: boolean
}

export interface BuildResult extends OutputSummary {
  posts: number
  durationMs: number
}

/** Builds the site into a staging folder and swaps it into place; the old output survives any failure. */
export async function runBuild(options: BuildOptions, reporter: Reporter): Promise<BuildResult> {
  const started = performance.now()
  const shownOut = relative(options.cwd, options.outDir) || options.outDir
  // What this build creates and holds; whatever happens, none of it outlives the build.
  const temporary: string[] = []
  const releases: (() => void)[] = []
  // Work going on beside the build (see bundle()): awaited before anything is removed.
  const background: Promise<unknown>[] = []
  const removeTemporary = () => {
    for (const dir of temporary) rmSync(dir, { recursive: true, force: true })
    for (const release of releases) release()
  }
  const onSignal = (signal: NodeJS.Signals) => {
    removeTemporary()
    process.stderr.write(`\nBuild interrupted (${signal}); ${shownOut}/ was left as it was.\n`)
    process.exit(130)
  }
  process.once('SIGINT', onSignal)
  process.once('SIGTERM', onSignal)
  try {
    return await buildInto(options, reporter, { shownOut, started, temporary, releases, background })
  } finally {
    await Promise.allSettled(background)
    removeTemporary()
    setSiteContent(undefined)
    process.off('SIGINT', onSignal)
    process.off('SIGTERM', onSignal)
  }
}

interface BuildRun {
  shownOut: string
  started: number
  temporary: string[]
  releases: (() => void)[]
  background: Promise<unknown>[]
}

async function buildInto(options: BuildOptions, outerReporter: Reporter, { shownOut, started, temporary, releases, background }: BuildRun): Promise<BuildResult> {
  const profile = createBuildProfile()
  const reporter = profiled(outerReporter, profile)
  let done = reporter.phase('config')
  const { config } = await loadSiteConfig(options.configFile, options.cwd)
  const base = normalizeBase(options.base ?? config.site.base)
  // Its key names every social card, in the pages the bundle makes too (pages/_lib/socialCard.ts).
  const cardTemplate = socialCardTemplate(config)
  done(relative(options.cwd, options.configFile))

  // Posts and bundle at once: the bundle never holds a post (they reach the pages at prerender
  // time), and rendering posts runs mostly in worker threads (see postPool.ts). The posts phase
  // ends once every post is read and checked; their bodies go on rendering beside the bundle and
  // the prerender, which writes each post's page once its body is there (loadPostsInStages).
  const useCache = options.cache !== false
  const postsStart = performance.now()
  const postsDone = reporter.phase('posts')
  const cache = openPostCache(options.postsDir, useCache)
  const site = { config, file: options.configFile }
  // The posts' images are made into what visitors download from the moment the posts are known (see buildImages.ts).
  const images = createBuildImages({ postsDir: options.postsDir, cwd: options.cwd, useCache, temporary, reporter })
  const postsLoaded = loadPostsInStages(options.postsDir, { includeDrafts: options.drafts, cwd: options.cwd, cache, site }).then((staged) => {
    const count = staged.posts.length
    const drafts = options.drafts ? ', drafts and scheduled included' : ''
    postsDone(`${count} post${count === 1 ? '' : 's'}${cache.hits ? ` (${cache.hits} unchanged, from cache${drafts})` : drafts ? ` (${drafts.slice(2)})` : ''}`)
    void staged.done.then(() => profile.add('posts.bodies, rendered beside', performance.now() - postsStart), () => {})
    // A build that fails does not wait for bodies it will not write, nor keep a part of a cache
    // file (nothing once the bodies are done and saved).
    releases.push(() => staged.stop())
    // Social cards render in threads of their own from here, beside the bundle, the posts'
    // bodies and the prerender; the write phase links them into the output.
    const cardJobs = siteSocialCards({ config, posts: staged.posts }, cardTemplate)
    const cardsStart = performance.now()
    const cardsRendered = renderSocialCards(cardJobs, cardTemplate, { cache: useCache })
    cardsRendered.then((made) => profile.add('posts.social cards, rendered beside', performance.now() - cardsStart, cardsNote(made)), () => {})
    background.push(cardsRendered)
    return { ...staged, images: images.start(staged.posts, staged.body), cards: { jobs: cardJobs, rendered: cardsRendered } }
  })
  const bundled = bundle(options, { config, base, useCache, images: images.store, socialCardKey: cardTemplate.key }, reporter, { releases, background }, profile)
  const previousCwd = process.cwd()
  try {
    const [postsResult, bundleResult] = await Promise.allSettled([postsLoaded, bundled])
    // A broken post is the writer's to fix, and reported first.
    if (postsResult.status === 'rejected') throw postsResult.reason
    if (bundleResult.status === 'rejected') throw bundleResult.reason
    const { sourceKey: postKey, done: bodiesDone, images: postImages, cards } = postsResult.value
    // The posts with their covers' variants (made beside the bundle), and their bodies with their images.
    const posts = await postImages.posts
    const body = postImages.body
    // A post's page also depends on the files beside the posts its images may come from.
    const assetsKey = postAssetsKey(options.postsDir)
    const sourceKey = (sourceFile: string) => `${postKey(sourceFile)}\0${assetsKey}`
    const { workDir, key, restored, survey } = bundleResult.value
    // No page adds JavaScript: the largest script is known from the bundle, found beside the prerender.
    const largestFound = largestScript(join(workDir, 'client'))
    background.push(largestFound)
    const content = { config, posts, buildDate: today(), includeDrafts: options.drafts, noindex: options.noindex === true, bodiesInserted: true }
    setSiteContent(content)
    // vike decides whether a path is absolute by comparing it with the cwd; every user path is
    // resolved by now, so vike runs from the folder that holds the pages.
    process.chdir(toolRoot)

    done = reporter.phase('prerender')
    const client = join(workDir, 'client')
    const hashes = key ? pageHashes(content, base, bundleIdentity(key, workDir), sourceKey) : undefined
    const surveyStart = performance.now()
    const surveyed = await survey
    if (survey) profile.add('prerender.waiting for the output survey', performance.now() - surveyStart)
    // Without a survey (the bundle was made again), its pages' hashes rarely match: only theirs are checked.
    const reused = hashes && reusablePages(hashes, surveyed?.previous ?? readPreviousOutput(options.outDir, undefined, hashes))
    const skip = reused?.urls ?? []
    const skipped = new Set(skip)
    const expectedPages = (hashes?.size ?? pageUrls(posts, config.blog).length + 1) - skip.length
    const prerenderStart = performance.now()
    const onProgress = (rendered: number) => reporter.progress(rendered, expectedPages)
    // A rebuild of a few pages renders them with vike's server runtime (see renderChangedPages.ts).
    const runtime = restored && hashes && expectedPages <= RUNTIME_PAGES_MAX && threadCount(expectedPages) === 1 ? loadServerRuntime(workDir, key!) : undefined
    const prerendered =
      expectedPages === 0
        ? Promise.resolve(0)
        : runtime
          ? renderChangedPages({ content, workDir, base, urls: [...hashes!.keys()].filter((url) => !skipped.has(url)), bodyOf: body, onProgress, onTimes: (times) => addRuntimeTimes(profile, times) }, runtime)
          : prerenderPages({ content, workDir, base, expectedPages, skip, bodyOf: body, onProgress, onTimes: (times) => addPrerenderTimes(profile, times) })
    const [rendered, bodies, placed] = await Promise.allSettled([prerendered, bodiesDone, postImages.done])
    // A post whose body could not be rendered, or whose images could not be, is the writer's to fix, and reported first.
    if (bodies.status === 'rejected') throw bodies.reason
    if (placed.status === 'rejected') throw placed.reason
    if (rendered.status === 'rejected') throw rendered.reason
    const pages = rendered.value
    const seconds = (performance.now() - prerenderStart) / 1000
    const reusedNote = skip.length ? `, ${skip.length} unchanged reused` : ''
    done(`${pages} pages rendered (${Math.round(pages / Math.max(seconds, 0.001))} pages/s)${reusedNote}`)

    done = reporter.phase('write')
    if (!existsSync(join(client, 'index.html')) && !reused?.files.has('index.html')) throw internalError('the prerender wrote no index.html')
    // The feed carries the posts' bodies.
    const withBodies = await Promise.all(posts.map(async (post) => ({ ...post, html: await body(post.sourceFile) })))
    // The sitemap's pages come from the routes: those taken over from dist/ are not in the new folder.
    const siteUrls = pageUrls(posts, config.blog)
    const redirects = siteRedirects(posts, config.redirects, new Set(siteUrls))
    const redirectFiles = new Set(redirects.map(({ from }) => `${from.slice(1)}index.html`.split('/').join(sep)))
    await writeSiteFiles(client, { ...content, posts: withBodies, base, redirects }, siteUrls)
    images.store.publish(client)
    await placeCards(cards, client, reused && skip.length ? { kept: reused.files, present: surveyed?.files } : undefined, profile)
    const largestChunk = await largestFound
    const staging = stageBeside(client, options.outDir)
    let output: Omit<OutputSummary, 'largestScript'>
    if (reused && skip.length) {
      // The pages taken over stay in dist/, and the new files go in (12,100 files at 4,000 posts
      // are neither linked into a new output nor removed with the old one). From its journal on,
      // the update is finished by this build or, if it dies, by the next.
      try {
        output = updateInPlace(staging, options.outDir, reused.files, redirectFiles, surveyed?.files)
      } catch (error) {
        throw new KubeSiteError('BUILD_FAILED', `Updating ${shownOut}/ failed: ${(error as Error)?.message ?? String(error)}`, {
          hint: `${shownOut}/ was updated in part; the next build finishes the update before anything else.`,
          cause: error,
        })
      }
    } else {
      temporary.push(staging)
      // The previous output goes with the other temporary folders, in this process, once the
      // summary is printed: the command has not exited while its clean-up goes on.
      const previous = swapIntoPlace(staging, options.outDir)
      if (previous) temporary.push(previous)
      output = summarizeOutput(options.outDir, redirectFiles)
    }
    if (hashes) writeManifest(hashes, options.outDir, base, reused?.entries)
    if (useCache) images.store.save()
    const summary = { ...output, largestScript: largestChunk }
    done(`${shownOut}/`)

    const durationMs = performance.now() - started
    const largest = summary.largestScript
    reporter.info(
      `\n  ${summary.pages} pages, ${summary.redirects ? `${summary.redirects} redirect${summary.redirects === 1 ? '' : 's'}, ` : ''}${summary.files} files, ${formatBytes(summary.bytes)}` +
        (largest ? `; largest JS chunk ${formatBytes(largest.gzipBytes)} gzipped (${largest.file})` : '') +
        `; built in ${(durationMs / 1000).toFixed(2)} s`,
    )
    if (options.profile) for (const line of formatProfile(profile, expectedPages > 0 ? threadCount(expectedPages) : 1)) reporter.info(line)
    return { ...summary, posts: posts.length, durationMs }
  } catch (error) {
    if (error instanceof KubeSiteError) throw error
    throw new KubeSiteError('BUILD_FAILED', `The build failed: ${(error as Error)?.message ?? String(error)}`, {
      hint: `${shownOut}/ was left as it was. Run with --debug for the full stack trace.`,
      cause: error,
    })
  } finally {
    process.chdir(previousCwd)
  }
}

/**
 * Takes the work folder (waiting for another build of this site to finish) and bundles the site
 * into it with vike, or copies in the bundle of the same code and config from the cache.
 */
async function bundle(
  options: BuildOptions,
  { config, base, useCache, images, socialCardKey }: { config: SiteConfig; base: string; useCache: boolean; images: ImageStore; socialCardKey: string },
  reporter: Reporter,
  { releases, background }: Pick<BuildRun, 'releases' | 'background'>,
  profile: BuildProfile,
): Promise<{ workDir: string; key?: string; restored: boolean; survey?: Promise<OutputSurvey> }> {
  mkdirSync(dirname(options.outDir), { recursive: true })
  recoverInterruptedSwap(options.outDir)
  const { workDir, release } = await acquireWorkDir((owner) => reporter.info(`  waiting for another build of this site to finish (process ${owner})`))
  releases.push(release)
  const done = reporter.phase('bundle')
  const noindex = options.noindex === true
  const keyNow = () => bundleKey({ config, base, mode: 'production', noindex, socialCardKey })
  const key = useCache ? keyNow() : undefined
  if (key && restoreBundle(key, workDir)) {
    // A rebuild checks the previous output and updates it in place: surveyed in a thread of its
    // own beside the posts phase (see surveyOutput.ts).
    const survey = surveyOutput(options.outDir)
    survey.catch(() => {})
    // A rebuild renders its few pages with vike's server runtime: loaded now, beside reading the
    // posts from their cache. (A failure shows where the pages are rendered.)
    void loadServerRuntime(workDir, key)?.catch(() => {})
    done('unchanged code and config: reused')
    return { workDir, key, restored: true, survey }
  }
  const previousCwd = process.cwd()
  process.chdir(toolRoot)
  try {
    // Loaded here, not with this module: vite, vike's plugin and React's take about a second to
    // load, which the posts' threads spend rendering instead of waiting for it.
    const loadStart = performance.now()
    // The config's raster images are made into variants first: the bundle holds their pictures.
    const [{ build }, { createViteConfig }, pictures] = await Promise.all([
      import('vike/api'),
      import('./viteConfig.ts'),
      configPictures(config, images, { publicDir: join(toolRoot, 'public'), configFile: options.configFile, cwd: options.cwd }),
    ])
    const buildStart = performance.now()
    profile.add('bundle.loading vite, vike and plugins', buildStart - loadStart)
    let environmentsMs = 0
    const onEnvironmentBuilt = (environment: string, ms: number) => {
      environmentsMs += ms
      profile.add(`bundle.${environment === 'client' ? 'client' : 'server'} build`, ms)
    }
    await build({ viteConfig: createViteConfig({ getConfig: () => config, getPictures: () => pictures, base, outDir: workDir, mode: 'production', noindex, socialCardKey, onEnvironmentBuilt }) })
    profile.add('bundle.vike and vite around them', performance.now() - buildStart - environmentsMs)
    // vike moves vite's manifest out of client/.vite (into assets.json) and leaves the folder, empty.
    rmSync(join(workDir, 'client', '.vite'), { recursive: true, force: true })
    // Their files go with the bundle, so a build that reuses it has them.
    images.publish(join(workDir, 'client'), Object.values(pictures).flatMap((picture) => [...picture.avif, ...picture.webp, ...picture.fallback]))
  } finally {
    process.chdir(previousCwd)
  }
  // A file edited while vite bundled (a writer saving a page during a build) may or may not be in
  // this bundle: it is kept only if its inputs are still the ones the key was made from.
  if (key && keyNow() === key) background.push(saveBundle(key, workDir))
  done()
  return { workDir, key, restored: false }
}

/**
 * Waits for the social cards and links them into the output folder `client`. A rebuild that
 * updates the output in place keeps the cards already there (`update`: the files it keeps,
 * which the cards join, and those the output has).
 */
async function placeCards(cards: { jobs: CardJob[]; rendered: Promise<CardsRendered> }, client: string, update: { kept: Map<string, number>; present?: readonly string[] } | undefined, profile: BuildProfile): Promise<void> {
  const waitStart = performance.now()
  const { checkMs } = await cards.rendered
  profile.add('write.waiting for social cards', performance.now() - waitStart)
  const placeStart = performance.now()
  const present = new Set(update?.present ?? [])
  const kept = cards.jobs.filter((job) => present.has(job.file))
  for (const job of kept) update!.kept.set(job.file, statSync(job.cacheFile).size)
  placeSocialCards(cards.jobs, client, present)
  const placeMs = performance.now() - placeStart
  const each = ((placeMs + checkMs) / Math.max(1, cards.jobs.length)).toFixed(3)
  profile.add('write.social cards placed', placeMs, `${cards.jobs.length - kept.length} linked, ${kept.length} already there; ${each} ms a card with the cache check`)
}

/** What the social cards' threads did, for the profile. */
function cardsNote({ rendered, cached, renderMs, setupMs, threads }: CardsRendered): string {
  if (!rendered) return `${cached} from cache`
  return `${rendered} rendered (${(renderMs / rendered).toFixed(2)} ms each, ${threads} thread${threads === 1 ? '' : 's'}, each set up in ${(setupMs / threads / 1000).toFixed(2)} s), ${cached} from cache`
}

/** The reporter, with each phase's time also added to the profile. */
function profiled(reporter: Reporter, profile: BuildProfile): Reporter {
  return {
    ...reporter,
    phase(name) {
      const done = reporter.phase(name)
      const start = performance.now()
      return (detail) => {
        profile.add(name, performance.now() - start)
        done(detail)
      }
    },
  }
}
