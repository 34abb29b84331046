import { existsSync } from 'node:fs'
import { join, relative } from 'node:path'
import { KubeSiteError } from '../errors.ts'
import { keepHeapSmall } from '../util/heapGrowth.ts'
import { normalizeBase } from '../util/normalizeBase.ts'
import { today } from '../content/frontmatter/dates.ts'
import { loadSiteConfig } from '../content/config/loadSiteConfig.ts'
import type { Reporter } from '../ui/createReporter.ts'
import { socialCardTemplate } from '../incremental/cards/cardTemplate.ts'
import { socialCardImages } from '../cards/socialCards.ts'
import { createBuildImages } from '../images/buildImages.ts'
import { pageBodies } from '../content/posts/postBody.ts'
import { configPictures } from '../images/configImages.ts'
import { cacheDir, toolRoot } from '../toolRoot.ts'
import { openCacheLog } from '../incremental/explainCaches.ts'
import { createFingerprint } from '../incremental/fingerprint.ts'
import type { BuildExplanation } from '../incremental/explainBuild.ts'
import { outputFile } from '../incremental/planBuild.ts'
import { openSvgVerdicts } from '../incremental/svg/svgVerdicts.ts'
import { createBuildProfile, formatProfile, type BuildProfile } from './buildProfile.ts'
import { createBuildScope, settleInOrder, type BuildScope } from './buildScope.ts'
import { manifestFile, pagesKey, postSourceKey, writeManifest } from '../incremental/pages/pagePlan.ts'
import { openSiteFileRecord } from '../incremental/siteFiles/siteFileRecord.ts'
import { setSiteContent } from './siteContent.ts'
import { siteLocales } from '../../pages/_lib/locales/locales.ts'
import { sitePolicies } from './stages/sitePolicies.ts'
import { formatBytes, largestScript, type OutputSummary } from './output/summarizeOutput.ts'
import { bundleSite } from './stages/bundleSite.ts'
import { lockOutput } from './stages/lockOutput.ts'
import { prerender, warmRuntime } from './stages/prerender.ts'
import { quietly } from './stages/quietly.ts'
import { startCards } from './stages/startCards.ts'
import { startPostImages } from './stages/startImages.ts'
import { startSearch } from './stages/startSearch.ts'
import { startPosts } from './stages/startPosts.ts'
import { surveyPrevious } from './stages/surveyPrevious.ts'
import { swapOutput } from './stages/swapOutput.ts'
import { writeOutput } from './stages/writeOutput.ts'
import { localeContents } from './localeContents.ts'
import { localeConfigs } from '../content/locales/localeConfigs.ts'

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
  /** Return what each cache and the plan did, and why (cli/incremental/explainBuild.ts): BuildResult.explanation. */
  explain?: boolean
}

export interface BuildResult extends OutputSummary {
  posts: number
  durationMs: number
  /** With `explain`: what each cache did, and the plan of every page and file. */
  explanation?: BuildExplanation
}

/** Builds the site into a work folder and swaps it into place; the old output survives any failure. */
export async function runBuild(options: BuildOptions, reporter: Reporter): Promise<BuildResult> {
  const started = performance.now()
  const shownOut = relative(options.cwd, options.outDir) || options.outDir
  const scope = createBuildScope()
  const onSignal = (signal: NodeJS.Signals) => {
    scope.abort()
    process.stderr.write(`\nBuild interrupted (${signal}); ${shownOut}/ was left as it was.\n`)
    process.exit(130)
  }
  process.once('SIGINT', onSignal)
  process.once('SIGTERM', onSignal)
  try {
    return await build(options, reporter, scope, { shownOut, started })
  } catch (error) {
    if (error instanceof KubeSiteError) throw error
    throw new KubeSiteError('BUILD_FAILED', `The build failed: ${(error as Error)?.message ?? String(error)}`, {
      hint: `${shownOut}/ was left as it was. Run with --debug for the full stack trace.`,
      cause: error,
    })
  } finally {
    await scope.end()
    setSiteContent(undefined)
    process.off('SIGINT', onSignal)
    process.off('SIGTERM', onSignal)
  }
}

/** The build's stages, in order: those running beside others start where listed and are awaited where needed; none calls back. */
async function build(options: BuildOptions, outerReporter: Reporter, scope: BuildScope, { shownOut, started }: { shownOut: string; started: number }): Promise<BuildResult> {
  const profile = createBuildProfile()
  const reporter = profiled(outerReporter, profile)
  const useCache = options.cache !== false
  const noindex = options.noindex === true
  // The build's today, decided once: what is scheduled, how late an update may be, the pages' date.
  const day = today()

  // An output never built (or without the cache) is made whole: a large build (see heapGrowth.ts).
  if (!useCache || !existsSync(manifestFile(options.outDir))) keepHeapSmall()

  // 1. lock: the work folder is this build's alone (another build of the site is waited for)
  const { workDir, release } = await lockOutput(options.outDir, reporter)
  scope.onEnd(release)
  // 1b. the previous output, surveyed from the start beside everything below (a rebuild may take pages over)
  const surveyFor = surveyPrevious(options.outDir, useCache)

  // 2. config
  const configDone = reporter.phase('config')
  const { config } = await loadSiteConfig(options.configFile, options.cwd)
  const base = normalizeBase(options.base ?? config.site.base)
  // Every cache's key, from the inputs it declares (each worked out once), and what each did
  const fingerprint = createFingerprint({ config, base, drafts: options.drafts, noindex })
  const log = openCacheLog(fingerprint, { enabled: useCache })
  // The compiled CLI's, which cli/bin.js decided before this ran (compiledCli.js); none from source.
  const compiled = process.env.KUBE_SITE_CLI_COMPILED
  if (compiled) log.miss('cli compile', compiled)
  else if (compiled !== undefined) log.hit('cli compile')
  const cardTemplate = socialCardTemplate(config, fingerprint)
  configDone(relative(options.cwd, options.configFile))

  // 3. posts, read and checked; their bodies render in worker threads beside everything below
  const locales = localeConfigs(config)
  const posts = startPosts({ ...options, useCache, config, locales, today: day, fingerprint, log }, reporter, profile)
  scope.onEnd(posts.stop)

  // 4. images and social cards, from the moment the posts are known, beside the bundle
  const images = createBuildImages({ postsDir: options.postsDir, cwd: options.cwd, useCache, reporter, fingerprint, log })
  if (images.temporaryDir) scope.removeAtEnd(images.temporaryDir)
  const postImages = startPostImages(images, posts.known)
  const cards = startCards(posts.known, { config, template: cardTemplate, useCache, log, warn: (line) => reporter.warn(line) }, profile)
  scope.waitFor(cards.rendered)
  // 4b. search: each shard of the index not in the cache, by Pagefind (a process of its own), as its posts' bodies are rendered
  const search = startSearch(posts.known, { locales: siteLocales(config.site, config.locales), useCache, fingerprint, log }, scope, reporter, profile)
  scope.waitFor(search.index)

  // 5. bundle, restored from the cache or made by vike; a restored one takes the survey and loads its server runtime
  const configImages = () => configPictures(config, images.store, { publicDir: join(toolRoot, 'public'), configFile: options.configFile, cwd: options.cwd })
  const bundling = bundleSite({ config, base, noindex, useCache, workDir, configPictures: configImages, images: images.store, fingerprint, log }, reporter, profile)
  const survey = surveyFor(bundling)
  warmRuntime(bundling, posts.known)
  // A broken post is the writer's to fix, and reported first.
  const [known, bundle] = await settleInOrder([posts.known, bundling])
  if (bundle.saved) scope.waitFor(bundle.saved)
  const client = join(workDir, 'client')
  // No page adds JavaScript: the largest script is known from the bundle, found beside the prerender.
  const largest = quietly(largestScript(client))
  scope.waitFor(largest)

  // 6. prerender, once covers are made; each page gets its card's URL and its policy (the blog's once every body is rendered)
  const [withCovers, cardJobs] = await Promise.all([postImages.posts, cards.jobs])
  const policies = quietly(postImages.remoteImages.then((remoteImages) => sitePolicies({ config, posts: withCovers, remoteImages, earlyScript: bundle.earlyScript })))
  // Each locale's pages see its own config and posts; the default's are the content's own.
  const byLocale = localeContents(locales, withCovers)
  const content = { config, posts: byLocale[0]!.posts, locale: byLocale[0]!.locale, locales: byLocale, buildDate: day, includeDrafts: options.drafts, noindex, bodiesInserted: true, cards: socialCardImages(cardJobs) }
  const sourceKey = postSourceKey(known.sourceKey, options.postsDir)
  const rendered = await prerender(
    { content, bundle, base, outDir: options.outDir, survey, pagesKey: pagesKey(fingerprint, cardTemplate.key), policies, pageBody: pageBodies(postImages.body, base), sourceKey, inputsDone: [known.done, postImages.done] },
    reporter,
    profile,
  )

  // 7. write: feeds, sitemap, llms.txt and the posts' markdown twins, redirects, public/, the images' variants, the cards and the search index, as the plan says
  const writeDone = reporter.phase('write')
  // The bundle's copy into the cache, begun beside the prerender, ends before this stage changes its files (an SVG made safe) and
  // the swap moves them: a copy that found a file gone or changed was dropped, and the next build made the bundle again.
  const savedWait = performance.now()
  await bundle.saved
  profile.add("write.waiting for the bundle's cache copy", performance.now() - savedWait)
  // The output is updated in place when the plan keeps some of its pages, else replaced whole.
  const updating = rendered.plan.kept.length > 0
  const surveyedFiles = updating ? await rendered.surveyed?.files : undefined
  const present = new Set(surveyedFiles)
  const record = openSiteFileRecord({ outDir: options.outDir, inputsKey: useCache ? fingerprint.key('site files') : undefined, sourceKey })
  // What the last build made of the site files, and how the output holds them: nothing reused without the cache.
  const recordedSiteFiles = useCache ? record.recorded() : new Map()
  const svgVerdicts = useCache ? openSvgVerdicts(join(cacheDir, 'svg-verdicts.json'), fingerprint.key('svg verdicts')) : undefined
  const written = await writeOutput(
    { client, content, base, body: postImages.body, postsDir: options.postsDir, publicDir: join(toolRoot, 'public'), cwd: options.cwd, svgVerdicts, imageUrl: postImages.imageUrl, images: images.store, cards, search, present, record, recorded: recordedSiteFiles, contentKey: rendered.hashes?.memo.inputs, plan: rendered.plan, cached: useCache, updating },
    profile,
  )

  // 8. swap: the new output replaces the old or moves into it; the largest script is found before its files move
  const largestFound = await largest
  const swapStart = performance.now()
  const update = updating ? { kept: new Map([...rendered.reused!.files, ...written.kept]), present: surveyedFiles, recordedSiteFiles: recordedSiteFiles.keys(), recordedPages: rendered.previous?.manifest?.pages } : undefined
  const { output, previous, plan } = swapOutput({ client, outDir: options.outDir, shownOut, redirectFiles: written.redirectFiles, update, plan: written.plan })
  if (previous) scope.removeAtEnd(previous)
  if (rendered.hashes) writeManifest(rendered.hashes, options.outDir, rendered.reused?.pages, rendered.written)
  if (useCache) images.store.save()
  svgVerdicts?.save()
  if (useCache) record.save(written.siteFileKeys)
  // The pages' and the site files' hits and misses are the plan's, each miss with the plan's reason for it.
  log.hit('pages', plan.kept.length)
  for (const url of [...plan.bodyReplaced, ...plan.rendered]) log.miss('pages', plan.pages.get(url)!.reason)
  if (useCache) {
    for (const urlPath of written.siteFileKeys.keys()) {
      const planned = plan.files.get(outputFile(urlPath))!
      if (planned.action === 'kept') log.hit('site files', 1)
      else log.miss('site files', planned.reason, 1)
    }
  }
  if (svgVerdicts) {
    log.hit('svg verdicts', svgVerdicts.hits)
    log.miss('svg verdicts', 'SVG changed', svgVerdicts.misses)
  }
  log.save()
  profile.add('write.swapped, with the manifest', performance.now() - swapStart)
  writeDone(`${shownOut}/`)

  const summary = { ...output, largestScript: largestFound }
  const durationMs = performance.now() - started
  reporter.info(summaryLine(summary, durationMs))
  if (options.profile) for (const line of formatProfile(profile, rendered.threads)) reporter.info(line)
  const explanation = options.explain ? { caches: log.outcomes(), plan } : undefined
  return { ...summary, posts: withCovers.length, durationMs, explanation }
}

/** The line that ends a build: what it wrote, its largest script, and how long it took. */
function summaryLine(summary: OutputSummary, durationMs: number): string {
  const redirects = summary.redirects ? `${summary.redirects} redirect${summary.redirects === 1 ? '' : 's'}, ` : ''
  const largest = summary.largestScript
  const script = largest ? `; largest JS chunk ${formatBytes(largest.gzipBytes)} gzipped (${largest.file})` : ''
  return `\n  ${summary.pages} pages, ${redirects}${summary.files} files, ${formatBytes(summary.bytes)}${script}; built in ${(durationMs / 1000).toFixed(2)} s`
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
