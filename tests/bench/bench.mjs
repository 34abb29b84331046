#!/usr/bin/env node
// `npm run bench [-- --posts N] [--runs R]`: builds a generated site of N realistic posts
// (default 1000) with the real CLI R times from clean (default 3: on a shared two-core VM one
// run varies by a second or more), then edits one post and builds again. Prints wall times,
// prerender throughput, peak memory, then what a browser downloads for each page (pageWeight.mjs).
// It clears kube-site's build caches before each clean build, and keeps every output until the
// end: deleting thousands of files slows the creation of the next ones on this machine's file
// system.
import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { generatePost } from './generatePosts.mjs'

const repo = fileURLToPath(new URL('../..', import.meta.url))
const { values } = parseArgs({ options: { posts: { type: 'string', default: '1000' }, runs: { type: 'string', default: '3' }, keep: { type: 'boolean', default: false } } })
const count = Number(values.posts)
if (!Number.isInteger(count) || count < 1) throw new Error('--posts takes a whole number above 0')
const runs = Number(values.runs)
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs takes a whole number above 0')

const site = mkdtempSync(join(tmpdir(), 'kube-site-bench-'))
mkdirSync(join(site, 'posts'))
for (let n = 0; n < count; n++) writeFileSync(join(site, 'posts', `post-${n}.md`), generatePost(n))
const cache = join(repo, 'node_modules', '.cache', 'kube-site')
const clearCaches = () => {
  for (const name of ['bundles', 'pages', 'posts']) rmSync(join(cache, name), { recursive: true, force: true })
}

/** Runs a build; peak RSS is read by a preload in every process the build starts. */
function build(out) {
  const rssFile = join(site, `rss-${Date.now()}.txt`)
  const started = performance.now()
  const child = spawn(process.execPath, ['--import', join(repo, 'tests/bench/recordPeakRss.mjs'), join(repo, 'cli/bin.js'), 'build', '--config', join(repo, 'site.config.ts'), '--out', out], {
    cwd: site,
    env: { ...process.env, KUBE_SITE_RSS_FILE: rssFile, NO_COLOR: '1' },
  })
  let output = ''
  child.stdout.on('data', (chunk) => (output += chunk))
  child.stderr.on('data', (chunk) => (output += chunk))
  return new Promise((resolve, reject) =>
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`build failed (exit ${code}):\n${output}`))
      const peaks = readFileSync(rssFile, 'utf8').trim().split('\n').map(Number)
      const phases = [...output.matchAll(/✓ (\w+)\s+([\d.]+ m?s)/g)].map(([, name, time]) => `${name} ${time}`).join(', ')
      const rendered = /(\d+) pages rendered \((\d+) pages\/s\)/.exec(output)
      resolve({ seconds: (performance.now() - started) / 1000, phases, rendered: Number(rendered?.[1]), rate: Number(rendered?.[2]), peakRss: Math.max(...peaks), totalRss: peaks.reduce((a, b) => a + b, 0) })
    }),
  )
}

const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MB`
try {
  const cleans = []
  for (let run = 1; run <= runs; run++) {
    clearCaches()
    cleans.push({ ...(await build(`dist-${run}`)), out: `dist-${run}` })
  }
  const bySpeed = [...cleans].sort((a, b) => a.seconds - b.seconds)
  const clean = bySpeed[Math.floor((bySpeed.length - 1) / 2)]
  const edited = join(site, 'posts', `post-${Math.floor(count / 2)}.md`)
  writeFileSync(edited, readFileSync(edited, 'utf8').replace(/\n\n/, '\n\nAn edited paragraph for the benchmark.\n\n'))
  const last = cleans.at(-1)
  const rebuild = await build(last.out)
  const runsShown = runs > 1 ? `median of ${runs} (${cleans.map((run) => run.seconds.toFixed(2)).join(', ')} s); that run: ` : ''
  console.log(`posts:                ${count}`)
  console.log(`clean build:          ${runsShown}${clean.seconds.toFixed(2)} s wall (${clean.phases})`)
  console.log(`prerender:            ${clean.rendered} pages at ${clean.rate} pages/s`)
  console.log(`peak RSS:             ${mb(Math.max(...cleans.map((run) => run.peakRss)))} (largest process), ${mb(Math.max(...cleans.map((run) => run.totalRss)))} (all processes)${runs > 1 ? `, the highest of the ${runs} runs` : ''}`)
  console.log(`content-only rebuild: ${rebuild.seconds.toFixed(2)} s wall, one post edited (${rebuild.phases}); ${rebuild.rendered} pages rendered, peak RSS ${mb(rebuild.peakRss)}`)
  // What the built pages weigh in a real browser (see pageWeight.mjs), as last built.
  await new Promise((resolve, reject) =>
    spawn(process.execPath, [join(repo, 'tests/bench/pageWeight.mjs'), '--out', join(site, last.out)], { stdio: 'inherit' }).on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`pageWeight.mjs failed (exit ${code})`)),
    ),
  )
} finally {
  if (!values.keep) rmSync(site, { recursive: true, force: true })
  else console.log(`site kept in ${site}`)
}
