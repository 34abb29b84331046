import { existsSync } from 'node:fs'
import { join, relative } from 'node:path'
import { internalError } from '../../errors.ts'
import type { Reporter } from '../../ui/createReporter.ts'
import { localizedKey, sitePageKeys, sitePageUrls } from '../../../pages/_lib/urls/routes.ts'
import { addRenderTimes, type BuildProfile } from '../buildProfile.ts'
import { bundleIdentity } from '../../incremental/bundle/bundleCache.ts'
import type { PageBody } from '../../content/posts/postBody.ts'
import { manifestFile, pageFile, pageHashes, readPreviousOutput, takeOver, type PageHashes, type PreviousOutput, type ReusedPages } from '../../incremental/pages/pagePlan.ts'
import { mayReuse, planBuild, withBodiesNotReplaced, type BuildPlan } from '../../incremental/planBuild.ts'
import { isNotFoundKey, postUrl } from '../../../pages/_lib/urls/urls.ts'
import { renderInThreads, threadCount } from '../prerender/renderInThreads.ts'
import { replaceBodies } from '../prerender/replaceBodies.ts'
import { loadServerRuntime } from '../prerender/renderPages.ts'
import { localesOf, setSiteContent, type SiteContent } from '../siteContent.ts'
import type { OutputSurvey } from '../output/surveyOutput.ts'
import type { WrittenPage } from '../prerender/pageWriter.ts'
import { settleInOrder } from '../buildScope.ts'
import type { Bundle } from './bundleSite.ts'
import type { PagePolicies } from '../../security/sitePolicies.ts'
import { keepHeapSmall } from '../../util/heapGrowth.ts'

/** Pages a build may render with V8's own heap growth: a one-post rebuild's few, whose heap stays small anyway. (renderPages.ts's WRITER_THREAD_PAGES, also 200, decides another thing: where pages are written.) */
const SMALL_BUILD_PAGES = 200

export interface PrerenderInput {
  content: SiteContent
  bundle: Bundle
  base: string
  outDir: string
  /** What pages depend on besides the bundle and data, given the policies: the cards' inputs besides their text (a new logo renames each card). */
  pagesKey(policies: PagePolicies): string
  /** The pages' policies (sitePolicies.ts), known once bodies are rendered: a build taking pages over waits (they are in each hash); a clean build's writer holds pages. */
  policies: Promise<PagePolicies>
  /** The previous output (surveyPrevious), for the pages a rebuild takes over. */
  survey: Promise<OutputSurvey | undefined>
  /** A post's body as its page shows it, once it is there (content/posts/postBody.ts). */
  pageBody: PageBody
  /** What a post's page is made from besides the bundle and its data (its file and what is beside it). */
  sourceKey(sourceFile: string): string
  /** The work whose results the pages hold, rendered beside them (the bodies, the images): the stage ends once all is done, failures first. */
  inputsDone: Promise<unknown>[]
}

export interface Prerendered {
  pages: number
  /** What happened to each page, and why (planBuild.ts). */
  plan: BuildPlan
  /** Each page's hash (pagePlan.ts), when the bundle is cached. */
  hashes?: PageHashes
  /** The pages taken over from the previous output, if any. */
  reused?: ReusedPages
  /** What the output folder held (a rebuild). */
  surveyed?: OutputSurvey
  /** What the previous build into the output recorded, when this one planned from it. */
  previous?: PreviousOutput
  /** The number of threads that rendered, for the profile. */
  threads: number
  /** What was written of each page this build wrote (its stylesheets, where a post's body went), by the page's file relative to the output (see pageWriter.ts). */
  written: Map<string, WrittenPage>
}

/** The key the bundle's server runtime is loaded under (renderPages.ts): its identity in the cache, else its folder. */
const runtimeKey = (bundle: Bundle) => bundle.key ?? bundle.workDir

/**
 * The bundle's server runtime, loading in the CLI's thread beside the posts and the survey; not when a bundle made again will
 * have its pages (every page, at least one a post) rendered in threads (renderInThreads.ts), each loading its own.
 */
export function warmRuntime(bundle: Promise<Bundle>, posts: Promise<{ posts: readonly unknown[] }>): void {
  void Promise.all([bundle, posts]).then(
    ([made, known]) => {
      if (made.restored || threadCount(known.posts.length) === 1) loadServerRuntime(made.workDir, runtimeKey(made)).catch(() => {})
    },
    () => {},
  )
}

/** The prerender stage: every page the previous output cannot give, rendered by vike's server runtime (renderPages.ts). */
export async function prerender({ content: given, bundle, base, outDir, survey, pagesKey, policies, pageBody, sourceKey, inputsDone }: PrerenderInput, reporter: Reporter, profile: BuildProfile): Promise<Prerendered> {
  const { workDir, key, restored } = bundle
  setSiteContent(given)
  const done = reporter.phase('prerender')
  const surveyStart = performance.now()
  const surveyed = await survey
  if (surveyed) profile.add('prerender.waiting for the output survey', performance.now() - surveyStart)
  const identity = key === undefined ? undefined : bundleIdentity(key, workDir)
  const hashesWith = (known: PagePolicies): PageHashes | undefined => {
    if (!identity) return undefined
    const made = pageHashes(given, base, `${identity}\0${pagesKey(known)}`, sourceKey, surveyed?.previous.manifest)
    return { ...made, memo: { ...made.memo, bundle: identity } }
  }
  const planned = { cached: key !== undefined, restored, surveyed: surveyed !== undefined, pageFile, threadCount }
  // The policies are waited for when pages may be taken over (planBuild.ts); a clean build renders at once.
  const policiesStart = performance.now()
  const known = mayReuse(planned, () => (surveyed ? surveyed.previous.manifest !== undefined : existsSync(manifestFile(outDir)))) ? await policies : undefined
  if (known) profile.add('prerender.waiting for the policies (every body)', performance.now() - policiesStart)
  const content = known ? { ...given, policies: known } : given
  let hashes = known && hashesWith(known)
  // Without a survey (the bundle was made again), its pages' hashes rarely match: only theirs are checked.
  const previous = hashes && (surveyed?.previous ?? readPreviousOutput(outDir, hashes.hashes))
  // Every locale's posts: each page of one, and the file it is made from.
  const postSources = hashes ? localesOf(given).flatMap(({ locale, posts }) => posts.map((post) => [localizedKey(locale, postUrl(post.slug)), post.sourceFile] as const)) : []
  const postUrls = postSources.map(([url]) => url)
  const inputs = { ...planned, hashes: hashes && { hashes: hashes.hashes, data: hashes.memo.data, bundle: identity! }, urls: hashes ? undefined : siteKeys(content), postUrls }
  let plan = planBuild(previous, inputs)
  const reused = hashes && takeOver(plan.kept, previous!.manifest)
  const client = join(workDir, 'client')
  const written = new Map<string, WrittenPage>()
  const onWritten = (pages: [string, WrittenPage][]) => {
    for (const [filePath, page] of pages) written.set(relative(client, filePath), page)
  }
  // A post whose body alone changed: its page from the previous one, with the new body (replaceBodies.ts).
  if (plan.bodyReplaced.length > 0) {
    const sourceFiles = new Map(postSources)
    const pages = plan.bodyReplaced.map((url) => ({ url, sourceFile: sourceFiles.get(url)! }))
    const replaced = await replaceBodies({ pages, manifest: previous!.manifest!, outDir, client, pageBody })
    for (const [file, page] of replaced.written) written.set(file, page)
    for (const [file, size] of replaced.linked) reused!.files.set(file, size)
    plan = withBodiesNotReplaced(plan, replaced.notReplaced, inputs)
  }
  const expectedPages = plan.rendered.length
  const started = performance.now()
  const onProgress = (rendered: number) => reporter.progress(rendered, expectedPages)
  // A large build keeps its heap small (see heapGrowth.ts).
  if (expectedPages > SMALL_BUILD_PAGES) keepHeapSmall()
  const rendering =
    expectedPages === 0
      ? Promise.resolve(0)
      : renderInThreads({ content, workDir, base, urls: plan.rendered, bundle: identity, runtimeKey: runtimeKey(bundle), pageBody, policies: known ? undefined : policies, onProgress, onTimes: (times) => addRenderTimes(profile, times), onWritten })
  // A post whose body or images could not be made is the writer's to fix, and reported first.
  const settled = await settleInOrder<unknown[]>([...inputsDone, rendering])
  const pages = settled.at(-1) as number
  // Every page rendered: its hash, for the next build to take it over.
  hashes ??= hashesWith(await policies)
  const seconds = (performance.now() - started) / 1000
  if (!existsSync(join(client, 'index.html')) && !reused?.files.has('index.html')) throw internalError('the prerender wrote no index.html')
  const replacedNote = plan.bodyReplaced.length ? `, ${plan.bodyReplaced.length} with only a new body` : ''
  done(`${pages} pages rendered (${Math.round(pages / Math.max(seconds, 0.001))} pages/s)${plan.kept.length ? `, ${plan.kept.length} unchanged reused` : ''}${replacedNote}`)
  return { pages, plan, hashes, reused, surveyed, previous, threads: expectedPages > 0 ? threadCount(expectedPages) : 1, written }
}

/** The keys of every page of every locale: the URLs sorted, then the not-found pages'. */
function siteKeys(content: SiteContent): string[] {
  return [...sitePageUrls(content), ...sitePageKeys(content).filter(isNotFoundKey)]
}
