// Every reuse decision of a build's pages, in one pure function: given what the previous build
// into the output recorded (its manifest, and which of its pages' files are still as written)
// and this build's page hashes, what happens to each page, and why. The prerender stage carries
// the plan out: it takes the kept pages over, writes the pages whose body alone changed from
// their previous page (replaceBodies.ts), and renders the rest the way the plan says. Nothing
// here reads a file: the caller hands in what it has already read and hashed.

/** What a build does with a page of the output. */
export type PageAction = 'kept' | 'body replaced' | 'rendered' | 'removed'

/** A page's action and the reason for it ('unchanged', 'data changed', 'new page', ...). */
export interface PlannedPage {
  action: PageAction
  reason: string
}

/**
 * The most pages rendered with vike's server runtime (renderChangedPages.ts). Measured at 4,000
 * posts, the runtime rendered every page at 210–250 pages/s and the prerender at 400–570 after its
 * second of set-up; at 100 posts, the whole site (155 pages) took the runtime 0.7–1.3 s and the
 * prerender 1.5–1.6.
 */
export const RUNTIME_PAGES_MAX = 200

/** How the rendered pages are made: vike's server runtime (a few), its threaded prerender, or none to make. */
export interface RenderWay {
  way: 'server runtime' | 'prerender' | 'none'
  reason: string
}

export interface BuildPlan {
  /** Every page of this build, in the order of its hashes (or its URLs), and each page of the previous output that is gone. */
  pages: Map<string, PlannedPage>
  /** The pages by action, each in the order of `pages` (`bodyReplaced`: in the posts' order). */
  kept: string[]
  bodyReplaced: string[]
  rendered: string[]
  removed: string[]
  renderWith: RenderWay
}

/**
 * What the previous build into the output recorded (pagePlan.ts Manifest), and which of its pages'
 * files are still as it wrote them (PreviousOutput): only what the plan reads of them.
 */
export interface PreviousPages {
  manifest?: { bundle?: string; pages: ReadonlyMap<string, { hash: string; data?: string; body?: unknown; files: string }> }
  intact: ReadonlySet<string>
}

/** What this build knows of its pages when it plans them. */
export interface PlanInputs {
  /**
   * Each page's hash and its data's hash, by URL (pagePlan.ts pageHashes), and the bundle's
   * identity; none when the pages are not hashed before they render (a clean build, or no cache).
   */
  hashes?: { hashes: ReadonlyMap<string, string>; data: ReadonlyMap<string, string>; bundle: string }
  /** Every page's URL, when there are no hashes. */
  urls?: readonly string[]
  /** The posts' page URLs, in the posts' order: the pages whose body alone may change. */
  postUrls: readonly string[]
  /** Whether the bundle is cached at all (false: --no-cache, or the CLI runs from source). */
  cached: boolean
  /** Whether the bundle was restored from the cache (false: made by this build). */
  restored: boolean
  /** Whether the previous output was surveyed (its pages' files checked beside the posts): the output is then updated in place, which keeps the stylesheets a page whose body is replaced links. */
  surveyed: boolean
  /** The output files of a page, its own first (pagePlan.ts pageFiles). */
  pageFiles(url: string): readonly string[]
  /** The threads the prerender would use for this many pages (prerenderPages.ts threadCount). */
  threadCount(pages: number): number
}

/**
 * Whether the build waits for every page's policy before it renders, to hash its pages and take
 * some over: when the bundle is cached and either was restored (its caches warm; a few pages go
 * through the server runtime, which needs their hashes first) or a previous build into the
 * output recorded its pages (`recorded`, asked only then). A clean build renders at once.
 */
export function mayReuse({ cached, restored }: Pick<PlanInputs, 'cached' | 'restored'>, recorded: () => boolean): boolean {
  return cached && (restored || recorded())
}

// One object per reason: a plan at 4,000 posts holds 7,000 pages.
const UNCHANGED: PlannedPage = { action: 'kept', reason: 'unchanged' }
const BODY_CHANGED: PlannedPage = { action: 'body replaced', reason: 'body changed' }
const renderedFor = (reason: string): PlannedPage => ({ action: 'rendered', reason })
const CACHES_OFF = renderedFor('no cache')
const NO_PREVIOUS = renderedFor('no previous output')
const NEW_PAGE = renderedFor('new page')
const EDITED = renderedFor('output edited by hand')
const BUNDLE_CHANGED = renderedFor('bundle changed')
const DATA_CHANGED = renderedFor('data changed')
const SOURCE_CHANGED = renderedFor('source changed')
const BODY_NOT_REPLACEABLE = renderedFor('body changed')
const GONE: PlannedPage = { action: 'removed', reason: 'page gone' }

/**
 * The plan of a build's pages. A page is kept when its hash is the one recorded and its files
 * are still as written (its own recorded first); a post's page whose data is the same but not its
 * hash (its body changed) gets the new body in its previous page, when the output is surveyed and
 * updated in place (some page kept); every other page is rendered.
 */
export function planBuild(previous: PreviousPages | undefined, inputs: PlanInputs): BuildPlan {
  const pages = new Map<string, PlannedPage>()
  const manifest = previous?.manifest
  if (!inputs.hashes) {
    const reason = inputs.cached ? NO_PREVIOUS : CACHES_OFF
    for (const url of inputs.urls ?? []) pages.set(url, reason)
    const rendered = [...(inputs.urls ?? [])]
    return { pages, kept: [], bodyReplaced: [], rendered, removed: [], renderWith: renderWay(rendered.length, inputs) }
  }
  const { hashes, data, bundle } = inputs.hashes
  const bundleChanged = manifest?.bundle !== bundle
  const intact = previous?.intact ?? new Set<string>()
  const candidates = new Set<string>()
  const kept: string[] = []
  let recordedNow = 0
  for (const [url, hash] of hashes) {
    const recorded = manifest?.pages.get(url)
    if (recorded) recordedNow++
    if (!manifest) pages.set(url, NO_PREVIOUS)
    else if (!recorded) pages.set(url, NEW_PAGE)
    else if (recorded.hash !== hash) {
      // A page's data hash covers the bundle's identity, which the manifest records.
      if (recorded.data === undefined || recorded.data !== data.get(url)) pages.set(url, bundleChanged ? BUNDLE_CHANGED : DATA_CHANGED)
      // Its data is the same: its source alone changed. Without a survey, only the files of the
      // pages whose hash is the same were checked (readPreviousOutput): its own were not.
      else if (inputs.surveyed && !intact.has(url)) pages.set(url, EDITED)
      else {
        pages.set(url, recorded.body ? BODY_NOT_REPLACEABLE : SOURCE_CHANGED)
        if (recorded.body) candidates.add(url)
      }
    } else if (intact.has(url) && ownFilesFirst(recorded.files, inputs.pageFiles(url))) {
      pages.set(url, UNCHANGED)
      kept.push(url)
    } else pages.set(url, EDITED)
  }
  const bodyReplaced: string[] = []
  // Only while the output is updated in place, which keeps the stylesheet the page links.
  if (inputs.surveyed && kept.length > 0 && candidates.size > 0) {
    for (const url of inputs.postUrls) {
      if (!candidates.has(url)) continue
      pages.set(url, BODY_CHANGED)
      bodyReplaced.push(url)
    }
  }
  const removed: string[] = []
  // Every recorded page is one of this build's, but when some are gone.
  if (manifest && recordedNow < manifest.pages.size) {
    for (const url of manifest.pages.keys()) {
      if (hashes.has(url)) continue
      pages.set(url, GONE)
      removed.push(url)
    }
  }
  const rendered = pages.size - kept.length - bodyReplaced.length - removed.length === 0 ? [] : listed(pages, 'rendered')
  return { pages, kept, bodyReplaced, rendered, removed, renderWith: renderWay(rendered.length, inputs) }
}

/**
 * The plan once its body replacements are carried out: those whose page did not take the new
 * body (`notReplaced`: the place recorded for it no longer held it) are rendered instead.
 */
export function withBodiesNotReplaced(plan: BuildPlan, notReplaced: readonly string[], inputs: Pick<PlanInputs, 'hashes' | 'restored' | 'threadCount'>): BuildPlan {
  if (notReplaced.length === 0) return plan
  const pages = new Map(plan.pages)
  const failed = renderedFor('body not where it was recorded')
  for (const url of notReplaced) pages.set(url, failed)
  const bodyReplaced = plan.bodyReplaced.filter((url) => !notReplaced.includes(url))
  const rendered = listed(pages, 'rendered')
  return { ...plan, pages, bodyReplaced, rendered, renderWith: renderWay(rendered.length, inputs) }
}

/** The pages of `pages` whose action is `action`, in its order. */
function listed(pages: ReadonlyMap<string, PlannedPage>, action: PageAction): string[] {
  const urls: string[] = []
  for (const [url, planned] of pages) if (planned.action === action) urls.push(url)
  return urls
}

/**
 * A rebuild of a few pages (RUNTIME_PAGES_MAX, on one thread) renders them with vike's server
 * runtime, which loads in about 0.15 s where the prerender spends a second resolving vite's
 * config; it needs the restored bundle's runtime, loaded beside the posts, and the pages named.
 */
function renderWay(pages: number, { hashes, restored, threadCount }: Pick<PlanInputs, 'hashes' | 'restored' | 'threadCount'>): RenderWay {
  if (pages === 0) return { way: 'none', reason: 'no page to render' }
  if (!hashes) return { way: 'prerender', reason: 'every page' }
  if (!restored) return { way: 'prerender', reason: 'bundle made by this build' }
  if (pages > RUNTIME_PAGES_MAX) return { way: 'prerender', reason: `more than ${RUNTIME_PAGES_MAX} pages` }
  if (threadCount(pages) !== 1) return { way: 'prerender', reason: 'pages for more than one thread' }
  return { way: 'server runtime', reason: `${RUNTIME_PAGES_MAX} pages or fewer` }
}

/** Whether a page's recorded files (pagePlan.ts RecordedPage.files: each file, its size and its time) begin with its own. */
function ownFilesFirst(files: string, own: readonly string[]): boolean {
  // A page has one file of its own (pagePlan.ts pageFiles): looked for without splitting the rest.
  if (own.length === 1) return files.startsWith(own[0]!) && files.charCodeAt(own[0]!.length) === TAB
  const fields = files.split('\t', 3 * own.length)
  return own.every((file, at) => fields[3 * at] === file)
}
const TAB = 9

/** One line for `build --explain`: `7 kept (unchanged), 1 body replaced (body changed), 2 rendered (data changed) by vike's server runtime (200 pages or fewer)`. */
export function explainPlan(plan: BuildPlan): string {
  const counts = new Map<PageAction, Map<string, number>>()
  for (const { action, reason } of plan.pages.values()) {
    const reasons = counts.get(action) ?? counts.set(action, new Map()).get(action)!
    reasons.set(reason, (reasons.get(reason) ?? 0) + 1)
  }
  const parts: string[] = []
  for (const action of ['kept', 'body replaced', 'rendered', 'removed'] as const) {
    const reasons = counts.get(action)
    if (!reasons) continue
    const total = [...reasons.values()].reduce((sum, count) => sum + count, 0)
    const why = reasons.size === 1 ? [...reasons.keys()][0] : [...reasons].map(([reason, count]) => `${count} ${reason}`).join(', ')
    const way = action !== 'rendered' ? '' : plan.renderWith.way === 'server runtime' ? ` by vike's server runtime (${plan.renderWith.reason})` : ` by the prerender (${plan.renderWith.reason})`
    parts.push(`${total} ${action} (${why})${way}`)
  }
  return parts.join(', ') || 'no pages'
}
