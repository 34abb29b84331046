#!/usr/bin/env node
// `npm run bench:profile [-- --posts N] [--dir FOLDER] [--top K] [--keep]`: where a clean build's
// time goes. One clean build of the shared corpus in the bench's workspace (benchSite.mjs: tmpfs,
// caches cleared), run by node with V8's CPU profiler on in every thread (`--cpu-prof`: one
// profile per thread, written when it ends; npx cannot pass the flag on). Prints the build's own `--profile` (each stage's
// wall time) and the CPU time of the whole process, then each thread: how long it lived, how long
// it was at work (its samples that are not idle: wall time, so a thread that waits for a core, as
// the social cards' thread at the lowest priority does, counts its wait too), and the K packages or
// files of the project that took most of it (self time: a function's own work, not what it calls). The profiles are kept with --keep, for DevTools.
import { readdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { createBenchSite } from './benchSite.mjs'

const { values } = parseArgs({
  options: {
    posts: { type: 'string', default: '4000' },
    dir: { type: 'string' },
    top: { type: 'string', default: '8' },
    keep: { type: 'boolean', default: false },
  },
})
const posts = Number(values.posts)
if (!Number.isInteger(posts) || posts < 1) throw new Error('--posts takes a whole number above 0')
const top = Number(values.top)

/** What a sample's function belongs to: a package, a file of the project, or one of V8's own entries (GC, idle, program). */
function owner({ url, functionName }) {
  if (!url) return `(${(functionName || 'program').slice(0, 60)})`
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)
  if (pkg && pkg[1] !== '.cache') return pkg[1]
  // The compiled CLI and the site's bundle live in the build cache; name them by what they are.
  if (url.includes('/.cache/kube-site/cli/')) return `cli (${url.split('/').at(-1).replace(/-[\w-]{8}\.mjs$/, '')})`
  if (url.includes('/.cache/kube-site/')) return 'pages (the server bundle)'
  if (url.startsWith('node:')) return 'node: (built-in modules)'
  return url.split('/').slice(-2).join('/')
}

/** A thread's profile summed: its life, its busy time, and self time by owner. */
function summarize(file) {
  const profile = JSON.parse(readFileSync(file, 'utf8'))
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]))
  const byOwner = new Map()
  let idle = 0
  profile.samples.forEach((id, index) => {
    const delta = profile.timeDeltas[index] ?? 0
    const frame = nodes.get(id).callFrame
    if (frame.functionName === '(idle)') return void (idle += delta)
    const key = owner(frame)
    byOwner.set(key, (byOwner.get(key) ?? 0) + delta)
  })
  const life = (profile.endTime - profile.startTime) / 1e6
  return { life, busy: life - idle / 1e6, owners: [...byOwner].sort((a, b) => b[1] - a[1]).map(([name, micro]) => [name, micro / 1e6]) }
}

/** The thread a profile is of, from what it spent most time in. */
function threadName(summary, index) {
  if (index === 0) return 'main thread'
  const names = summary.owners.map(([name]) => name).slice(0, 12).join(' ')
  if (/marked|highlight\.js|gray-matter/.test(names)) return 'posts thread (bodies: markdown, highlighting, sanitizing)'
  if (/htmlparser2|pageWriter|securePage/.test(names)) return 'page writer thread (policy check, integrity, writes)'
  if (/opentype|renderCard|socialCard/.test(names)) return 'social cards thread'
  if (/surveyOutput/.test(names)) return 'output survey thread'
  if (/vike|react-dom/.test(names)) return 'prerender thread'
  return 'thread'
}

const bench = createBenchSite({ posts, dir: values.dir })
const profiles = join(bench.site, 'profiles')
try {
  bench.clearCaches()
  const run = await bench.build({ cpuProfileDir: profiles })
  console.log(`clean build of ${posts} posts: ${run.seconds.toFixed(2)} s wall (node cli/bin.js build: no npx), ${run.cpuSeconds.toFixed(1)} s of CPU in all threads, peak RSS ${(run.peakRss / 2 ** 20).toFixed(0)} MB`)
  console.log(run.profile)
  // Threads are numbered in the order they started (the file name's last numbers).
  const files = readdirSync(profiles)
    .filter((name) => name.endsWith('.cpuprofile'))
    .sort((a, b) => a.split('.').slice(2, 5).join('.').localeCompare(b.split('.').slice(2, 5).join('.'), undefined, { numeric: true }))
  const summaries = files.map((name) => ({ name, ...summarize(join(profiles, name)) }))
  const build = summaries
  console.log('\nthreads (at work: samples not idle, waiting for a core included; self time by package or file)')
  build.forEach((summary, index) => {
    console.log(`  ${threadName(summary, index)}: lived ${summary.life.toFixed(2)} s, at work ${summary.busy.toFixed(2)} s`)
    for (const [name, seconds] of summary.owners.slice(0, top)) console.log(`    ${seconds.toFixed(2).padStart(6)} s  ${name}`)
  })
  const total = build.reduce((sum, summary) => sum + summary.busy, 0)
  console.log(`  all threads: at work ${total.toFixed(2)} s (sass's compiler, a process of its own, and rolldown's native threads are outside V8's profiler)`)
} finally {
  if (values.keep) console.log(`profiles kept in ${profiles} (open them in Chrome DevTools, Performance)`)
  else rmSync(bench.site, { recursive: true, force: true })
}
