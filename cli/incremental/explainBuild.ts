import { cacheLine, type CacheOutcome } from './explainCaches.ts'
import type { CacheName } from './fingerprint.ts'
import { counted, explainFiles, explainPlan, type BuildPlan, type FileAction, type PageAction, type RenderWay } from './planBuild.ts'

// What `build --explain` prints of caches and plan: as text, a line each then the first NAMED_MAX of each list not kept; as JSON, all of it.

/** What `--explain` reports of a build. */
export interface BuildExplanation {
  caches: CacheOutcome[]
  plan: BuildPlan
}

/** The most items a text list names before counting the rest: an edit names all it did; a full rebuild (7,000 pages) takes 21 lines. */
export const NAMED_MAX = 20

/** The kept pages and files are counted, never named (all of a site's but a few, on a rebuild). */
const NAMED_ACTIONS = ['body replaced', 'rendered', 'written', 'removed']

/** `build --explain`'s lines: each cache's, then the page plan's and the file plan's, each followed by what it names, indented. */
export function explainText({ caches, plan }: BuildExplanation, max = NAMED_MAX): string[] {
  const lines: string[] = []
  for (const outcome of caches) {
    lines.push(cacheLine(outcome))
    const missed = outcome.missed ?? []
    lines.push(...cutList(missed, max, (name) => name, (rest) => `… and ${rest.length} more`).map(indent))
  }
  lines.push(`page plan: ${explainPlan(plan)}`, ...namedActions(plan.pages, max).map(indent))
  lines.push(`file plan: ${explainFiles(plan)}`, ...namedActions(plan.files, max).map(indent))
  return lines
}

/** What `build --explain=json` prints: a tool reads it (and the incremental table's tests). */
export interface ExplanationDocument {
  caches: { cache: CacheName; hits: number; misses: number; reason?: string; missed?: string[] }[]
  pages: { renderWith: RenderWay; pages: { url: string; action: PageAction; reason: string }[] }
  files: { replacedWhole: boolean; files: { file: string; action: FileAction; reason: string }[] }
}

/** `build --explain=json`: one document of every cache's outcome, every page's and every file's action and reason, in the plan's order. */
export function explainJson({ caches, plan }: BuildExplanation): string {
  const document: ExplanationDocument = {
    caches: caches.map(({ cache, hits, misses, reason, missed }) => ({ cache, hits, misses, ...(reason !== undefined && { reason }), ...(missed && { missed }) })),
    pages: { renderWith: plan.renderWith, pages: Array.from(plan.pages, ([url, { action, reason }]) => ({ url, action, reason })) },
    files: { replacedWhole: plan.replacedWhole === true, files: Array.from(plan.files, ([file, { action, reason }]) => ({ file, action, reason })) },
  }
  return JSON.stringify(document, null, 2)
}

/** A line for each of the first `max` items, and one that says what the rest are (`rest`), if any. */
export function cutList<T>(items: readonly T[], max: number, line: (item: T) => string, rest: (left: readonly T[]) => string): string[] {
  if (items.length <= max) return items.map(line)
  return [...items.slice(0, max).map(line), rest(items.slice(max))]
}

/** Each page or file not kept, in the plan's order: `rendered /blog/ (data changed)`, cut at `max`: `… and 312 more rendered (bundle changed)`. */
function namedActions(planned: ReadonlyMap<string, { action: string; reason: string }>, max: number): string[] {
  const named = [...planned].filter(([, { action }]) => action !== 'kept')
  return cutList(named, max, ([name, { action, reason }]) => `${action} ${name} (${reason})`, (rest) => `… and ${counted(rest.map(([, planned]) => planned), NAMED_ACTIONS, {}, { more: true })}`)
}

const indent = (line: string) => `  ${line}`
