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


/** What rendering pages spent in a thread, in ms; see renderPages.ts. */
export interface RenderTimes {
  /** From the start to vike's server runtime loaded (its loading began once the bundle was there). */
  loading: number
  /** From then to the last page rendered. */
  rendering: number
  /** After the last page, until the writer had written everything. */
  writing: number
  /** A writer thread's own time securing and writing, beside the rendering (0 without one). */
  writerBusy: number
}

const RENDER_PARTS: [keyof RenderTimes, string][] = [
  ['loading', 'vike server runtime (loading)'],
  ['rendering', 'rendering (data, React, HTML)'],
  ['writing', 'writing after the last page'],
  ['writerBusy', 'writer thread busy (beside)'],
]

/** Records a thread's rendering times as parts of the prerender phase (a writer thread's time only when there was one). */
export function addRenderTimes(profile: BuildProfile, times: RenderTimes): void {
  for (const [key, label] of RENDER_PARTS) if (times[key] > 0 || key !== 'writerBusy') profile.add(`prerender.${label}`, times[key])
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
