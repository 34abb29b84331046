import { sep } from 'node:path'
import { isNotFoundKey } from '../../pages/_lib/urls/urls.ts'
import { sameFile } from './sameFile.js'

// Every reuse decision of a build, pure functions over one plan: from the previous build's record and this build's hashes, each
// page's fate and why; the prerender, the write stage (withFilesBeside, withSiteFiles, withContentNamed) and swap carry it out.

/** What a build does with a page of the output. */
export type PageAction = 'kept' | 'body replaced' | 'rendered' | 'removed'

/** A page's action and the reason for it ('unchanged', 'data changed', 'new page', ...). */
export interface PlannedPage {
  action: PageAction
  reason: string
}

/** How the rendered pages are made: by vike's server runtime (renderPages.ts), in the CLI's thread or in rendering threads, or none to make. */
export interface RenderWay {
  way: 'server runtime' | 'none'
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
  /** The output's files besides the pages' own, relative to it: beside a page, site files and content-named files kept or written, and previous files removed. */
  files: Map<string, PlannedFile>
  /** Whether the previous output is replaced whole, not updated in place (withRemovals). */
  replacedWhole?: boolean
}

/** What the previous build recorded (pagePlan.ts Manifest) and which of its pages' files are still as written: only what the plan reads. */
export interface PreviousPages {
  manifest?: { bundle?: string; pages: ReadonlyMap<string, { hash: string; data?: string; body?: unknown; files: string }> }
  intact: ReadonlySet<string>
}

/** What this build knows of its pages when it plans them. */
export interface PlanInputs {
  /** Each page's hash and data hash by URL (pageHashes) and the bundle's identity; none when pages are not hashed before rendering. */
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
  /** The output file of a page (pagePlan.ts pageFile). */
  pageFile(url: string): string
  /** The threads that would render this many pages (renderInThreads.ts threadCount). */
  threadCount(pages: number): number
}

/** Whether the build waits for policies to hash pages and take some over: when the bundle is cached and restored, or a previous build recorded pages (`recorded`). */
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

/** The plan of pages: kept when hash and files are as recorded; body replaced when only a post's body changed and the output is updated in place; else rendered. */
export function planBuild(previous: PreviousPages | undefined, inputs: PlanInputs): BuildPlan {
  const pages = new Map<string, PlannedPage>()
  const manifest = previous?.manifest
  if (!inputs.hashes) {
    const reason = inputs.cached ? NO_PREVIOUS : CACHES_OFF
    for (const url of inputs.urls ?? []) pages.set(url, reason)
    const rendered = [...(inputs.urls ?? [])]
    return { pages, kept: [], bodyReplaced: [], rendered, removed: [], renderWith: renderWay(rendered.length, inputs), files: new Map() }
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
      // Same data, its source alone changed; without a survey only same-hash pages' files were checked, not its own.
      else if (inputs.surveyed && !intact.has(url)) pages.set(url, EDITED)
      else {
        pages.set(url, recorded.body ? BODY_NOT_REPLACEABLE : SOURCE_CHANGED)
        if (recorded.body) candidates.add(url)
      }
    } else if (intact.has(url) && recorded.files.startsWith(`${inputs.pageFile(url)}\t`)) {
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
  return { pages, kept, bodyReplaced, rendered, removed, renderWith: renderWay(rendered.length, inputs), files: new Map() }
}

/** The sorted URL paths of the output's pages once the plan is carried out: the one list everything announcing a URL reads (sitemap, llms.txt, redirect targets). */
export function plannedPageUrls(plan: Pick<BuildPlan, 'pages'>): string[] {
  const urls: string[] = []
  for (const [key, planned] of plan.pages) if (planned.action !== 'removed' && !isNotFoundKey(key)) urls.push(key)
  return urls.sort()
}

/** The plan once body replacements are done: those whose page no longer held the body where recorded (`notReplaced`) are rendered instead. */
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

/** Where the pages render: the threads of renderInThreads.ts, by their number. */
function renderWay(pages: number, { threadCount }: Pick<PlanInputs, 'threadCount'>): RenderWay {
  if (pages === 0) return { way: 'none', reason: 'no page to render' }
  const threads = threadCount(pages)
  return { way: 'server runtime', reason: threads === 1 ? "in the CLI's thread" : `in ${threads} threads` }
}

/** What a build does with a file of the output besides its pages' own: a site file kept or written, a previous file removed. */
export type FileAction = 'kept' | 'written' | 'removed'

/** A file's action and the reason for it ('unchanged', 'content changed', 'its page kept', 'page gone', ...). */
export interface PlannedFile {
  action: FileAction
  reason: string
}

/** A site file as the last build into the output recorded it (siteFileRecord.ts), and as the output holds it now (`now`: undefined when not there). */
export interface RecordedSiteFile {
  key: string
  size: number
  mtimeMs: number
  /** The file in the output now (its stats), none when it is gone. */
  now?: Parameters<typeof sameFile>[1]
}

export interface SiteFileInputs {
  /** Each site file this build makes besides its pages, by URL path, with its key (siteFileRecord.ts keyOf); undefined for one made from more than posts and content, or without the cache. */
  keys: ReadonlyMap<string, string | undefined>
  /** What the last build into the output recorded of the files it made, by URL path. */
  recorded: ReadonlyMap<string, RecordedSiteFile>
  /** Whether the caches are used (false: --no-cache). */
  cached: boolean
  /** Whether the output is updated in place (some page kept): else it is replaced whole, with every file. */
  updating: boolean
}

const writtenFor = (reason: string): PlannedFile => ({ action: 'written', reason })
const FILE_UNCHANGED: PlannedFile = { action: 'kept', reason: 'unchanged' }
const FILE_CACHES_OFF = writtenFor('no cache')
const OUTPUT_REPLACED = writtenFor('output replaced whole')
const MADE_EVERY_BUILD = writtenFor('made every build')
const NEW_FILE = writtenFor('new file')
const CONTENT_CHANGED = writtenFor('content changed')
const FILE_EDITED = writtenFor('output edited by hand')

const BESIDE: Partial<Record<PageAction, PlannedFile>> = { kept: { action: 'kept', reason: 'its page kept' }, 'body replaced': writtenFor("its page's body replaced"), rendered: writtenFor('its page rendered') }

/** The plan with the files beside pages (a post's markdown twin: `beside`, its URL path by its page's URL), each kept or written as its page is. */
export function withFilesBeside(plan: BuildPlan, beside: ReadonlyMap<string, string>): BuildPlan {
  const files = new Map(plan.files)
  for (const [url, urlPath] of beside) files.set(outputFile(urlPath), BESIDE[plan.pages.get(url)!.action]!)
  return { ...plan, files }
}

/** The plan with the site's files: one the last build made for the same key and untouched since (size and time) is kept while the output is updated in place; every other is written. */
export function withSiteFiles(plan: BuildPlan, { keys, recorded, cached, updating }: SiteFileInputs): BuildPlan {
  const files = new Map(plan.files)
  for (const [urlPath, key] of keys) {
    const last = recorded.get(urlPath)
    const planned = !cached
      ? FILE_CACHES_OFF
      : !updating
        ? OUTPUT_REPLACED
        : key === undefined
          ? MADE_EVERY_BUILD
          : !last
            ? NEW_FILE
            : last.key !== key
              ? CONTENT_CHANGED
              : !sameFile(last, last.now)
                ? FILE_EDITED
                : FILE_UNCHANGED
    files.set(outputFile(urlPath), planned)
  }
  return { ...plan, files }
}

const IN_OUTPUT: PlannedFile = { action: 'kept', reason: 'content-named, in the output' }
const NOT_IN_OUTPUT = writtenFor('not in the output')

/** The plan with content-named files (cards, search shards): one the output updated in place holds (`present`) is the same file, and kept; every other is written. */
export function withContentNamed(plan: BuildPlan, names: readonly string[], { present, cached, updating }: { present: ReadonlySet<string> } & Pick<SiteFileInputs, 'cached' | 'updating'>): BuildPlan {
  const files = new Map(plan.files)
  for (const file of names) files.set(file, !cached ? FILE_CACHES_OFF : !updating ? OUTPUT_REPLACED : present.has(file) ? IN_OUTPUT : NOT_IN_OUTPUT)
  return { ...plan, files }
}

/** What the previous output holds and what this build puts into it, each file relative to the output. */
export interface OutputFiles {
  previous: readonly string[]
  /** The files this build takes over from it: the kept pages' and what they link, the cards, the search shards, the site files kept. */
  kept: ReadonlyMap<string, unknown>
  /** The files this build made (the work folder's). */
  made: ReadonlyMap<string, unknown>
  /** The files the last build recorded of its site files (RecordedSiteFile), by URL path. */
  recordedSiteFiles: Iterable<string>
  /** The files the last build recorded for each of its pages (pagePlan.ts RecordedPage.files: each file, its size and its time). */
  recordedPages?: ReadonlyMap<string, { files: string }>
}

const PAGE_GONE: PlannedFile = { action: 'removed', reason: 'page gone' }
const SITE_FILE_GONE: PlannedFile = { action: 'removed', reason: 'site file gone' }
const ASSET_GONE: PlannedFile = { action: 'removed', reason: 'asset no longer made' }
const NOT_MADE: PlannedFile = { action: 'removed', reason: 'not made by this build' }

/** The previous output's files that go, when updated in place (`files`): each neither kept nor made, with why: page gone, site file gone, asset gone, or else. */
export function withRemovals(plan: BuildPlan, files: OutputFiles | undefined): BuildPlan {
  if (!files) return { ...plan, replacedWhole: true }
  const { previous, kept, made, recordedSiteFiles, recordedPages } = files
  const ofGonePages = new Set<string>()
  for (const url of plan.removed) {
    const fields = recordedPages?.get(url)?.files.split('\t') ?? []
    for (let at = 0; at < fields.length; at += 3) ofGonePages.add(fields[at]!)
  }
  const siteFiles = new Set([...recordedSiteFiles].map(outputFile))
  const planned = new Map(plan.files)
  for (const file of previous) {
    if (kept.has(file) || made.has(file)) continue
    planned.set(file, ofGonePages.has(file) ? PAGE_GONE : siteFiles.has(file) ? SITE_FILE_GONE : isContentNamed(file) ? ASSET_GONE : NOT_MADE)
  }
  return { ...plan, files: planned, replacedWhole: false }
}

/** The files of `plan` whose action is `action`, in its order. */
export function filesTo(plan: BuildPlan, action: FileAction): string[] {
  const files: string[] = []
  for (const [file, planned] of plan.files) if (planned.action === action) files.push(file)
  return files
}

/** Whether a file of the output (relative to it) is named by its content: under assets/, one of the same name is the same file. */
export const isContentNamed = (file: string) => file.startsWith(`assets${sep}`)

/** A URL path as a file relative to the output. */
export const outputFile = (urlPath: string) => urlPath.slice(1).split('/').join(sep)

/** `build --explain`'s line of the pages: `7 kept (unchanged), 1 body replaced (body changed), 2 rendered (data changed) by vike's server runtime (200 pages or fewer)`. */
export function explainPlan(plan: BuildPlan): string {
  return counted(plan.pages.values(), ['kept', 'body replaced', 'rendered', 'removed'], { rendered: ` by vike's server runtime (${plan.renderWith.reason})` }) || 'no pages'
}

/** `build --explain`'s line of the other files: `44 kept (unchanged), 14 written (12 content changed, 2 made every build), 3 removed (asset no longer made)`. */
export function explainFiles(plan: BuildPlan): string {
  const line = counted(plan.files.values(), ['kept', 'written', 'removed']) || 'none'
  return plan.replacedWhole ? `${line}; the previous output replaced whole` : line
}

/** Each action's count with its reasons in `order` (`2 rendered (1 new page, 1 data changed)`), `after` adding to one; `more`: `312 more rendered (bundle changed)`. */
export function counted<Action extends string>(planned: Iterable<{ action: Action; reason: string }>, order: readonly Action[], after: Partial<Record<Action, string>> = {}, { more = false } = {}): string {
  const counts = new Map<Action, Map<string, number>>()
  for (const { action, reason } of planned) {
    const reasons = counts.get(action) ?? counts.set(action, new Map()).get(action)!
    reasons.set(reason, (reasons.get(reason) ?? 0) + 1)
  }
  const parts: string[] = []
  for (const action of order) {
    const reasons = counts.get(action)
    if (!reasons) continue
    const total = [...reasons.values()].reduce((sum, count) => sum + count, 0)
    const why = reasons.size === 1 ? [...reasons.keys()][0] : [...reasons].map(([reason, count]) => `${count} ${reason}`).join(', ')
    parts.push(`${total}${more ? ' more' : ''} ${action} (${why})${after[action] ?? ''}`)
  }
  return parts.join(', ')
}
