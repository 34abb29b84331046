// `build --profile`: where a build's time went, by phase and the parts a clock read at their edges times; posts and bundle overlap, prerender parts sum over threads.

/** A timed part of the build: a phase ('bundle') or a part of one ('bundle.client'). */
export interface ProfileEntry {
  name: string
  ms: number
  note?: string
}

export interface BuildProfile {
  /** Adds `ms` to the entry `name` (parts of a phase carry its name and a dot before theirs). */
  add(name: string, ms: number, note?: string): void
  entries(): ProfileEntry[]
}

export function createBuildProfile(): BuildProfile {
  const entries = new Map<string, ProfileEntry>()
  return {
    add(name, ms, note) {
      const entry = entries.get(name)
      if (entry) entry.ms += ms
      else entries.set(name, { name, ms, note })
      if (note && entry) entry.note = note
    },
    entries: () => [...entries.values()],
  }
}

/** What a prerender (one thread's share) spent, in ms; see prerenderShare.ts. */
export interface PrerenderTimes {
  /** From the call of vike's prerender to its config loaded (the server bundle imported). */
  setup: number
  /** Waiting for a free rendering thread (a thread loads while the others render). */
  waiting: number
  /** From then to the first page handed to the writer: vike makes every page context first. */
  contexts: number
  /** From the first page to the last. */
  rendering: number
  /** After the last page, until the writer thread had written everything. */
  writing: number
  /** The writer thread's own time in mkdir and write, beside the rendering. */
  writerBusy: number
}

const PRERENDER_PARTS: [keyof PrerenderTimes, string][] = [
  ['setup', 'vike set-up (config, server bundle)'],
  ['waiting', 'waiting for a free thread'],
  ['contexts', 'page contexts and first page'],
  ['rendering', 'rendering (data, React, HTML)'],
  ['writing', 'writing after the last page'],
  ['writerBusy', 'writer thread busy (beside)'],
]

/** Records one share's prerender times as parts of the prerender phase. */
export function addPrerenderTimes(profile: BuildProfile, times: PrerenderTimes): void {
  for (const [key, label] of PRERENDER_PARTS) if (times[key] >= 1 || key !== 'waiting') profile.add(`prerender.${label}`, times[key])
}

/** What rendering a rebuild's few pages with vike's server runtime spent, in ms; see renderChangedPages.ts. */
export interface RuntimeTimes {
  /** From the start of the prerender phase to the runtime loaded (its loading began with the bundle's restore). */
  loading: number
  /** From then to the last page written. */
  rendering: number
}

/** Records the runtime's times as parts of the prerender phase. */
export function addRuntimeTimes(profile: BuildProfile, times: RuntimeTimes): void {
  profile.add('prerender.vike server runtime (loading)', times.loading)
  profile.add('prerender.rendering (data, React, HTML)', times.rendering)
}

const PHASES = ['config', 'posts', 'images', 'search', 'bundle', 'prerender', 'write']
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`

/** The profile as lines to print: phases in order, their parts indented below them. */
export function formatProfile(profile: BuildProfile, threads: number): string[] {
  const lines = ['', '  profile (wall time; posts and bundle run side by side)']
  const phase = (name: string) => name.split('.')[0]!
  const phases = [...new Set(profile.entries().map((entry) => phase(entry.name)))].sort((a, b) => PHASES.indexOf(a) - PHASES.indexOf(b))
  const ordered = phases.flatMap((name) => profile.entries().filter((entry) => phase(entry.name) === name).sort((a, b) => Number(a.name.includes('.')) - Number(b.name.includes('.'))))
  for (const { name, ms, note } of ordered) {
    const part = name.includes('.')
    const label = part ? `  ${name.slice(name.indexOf('.') + 1)}` : name
    lines.push(`    ${label.padEnd(40)} ${seconds(ms).padStart(8)}${note ? `  ${note}` : ''}`)
  }
  if (threads > 1) lines.push(`    (the prerender's parts are summed over its ${threads} threads)`)
  return lines
}
