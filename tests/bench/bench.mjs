#!/usr/bin/env node
// `npm run bench [-- --posts N]`: builds a generated site of N realistic posts (default 1000)
// with the real CLI and prints wall time, prerender throughput and peak memory.
import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { generatePost } from './generatePosts.mjs'

const repo = fileURLToPath(new URL('../..', import.meta.url))
const { values } = parseArgs({ options: { posts: { type: 'string', default: '1000' }, keep: { type: 'boolean', default: false } } })
const count = Number(values.posts)
if (!Number.isInteger(count) || count < 1) throw new Error('--posts takes a whole number above 0')

const site = mkdtempSync(join(tmpdir(), 'kube-site-bench-'))
mkdirSync(join(site, 'posts'))
for (let n = 0; n < count; n++) writeFileSync(join(site, 'posts', `post-${n}.md`), generatePost(n))

/** Runs a build; peak RSS is the sum over the CLI process and any workers it starts, read by a preload. */
function build() {
  const rssFile = join(site, `rss-${Date.now()}.txt`)
  const started = performance.now()
  const child = spawn(process.execPath, ['--import', join(repo, 'tests/bench/recordPeakRss.mjs'), join(repo, 'cli/bin.js'), 'build', '--config', join(repo, 'site.config.ts')], {
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
      resolve({ seconds: (performance.now() - started) / 1000, output, peakRss: Math.max(...peaks), totalRss: peaks.reduce((a, b) => a + b, 0) })
    }),
  )
}

try {
  const clean = await build()
  const pagesPerSecond = /prerender\s+[\d.]+ m?s\s+(\d+) pages \((\d+) pages\/s\)/.exec(clean.output)
  const phases = [...clean.output.matchAll(/✓ (\w+)\s+([\d.]+ m?s)/g)].map(([, name, time]) => `${name} ${time}`).join(', ')
  const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MB`
  console.log(`posts:              ${count}`)
  console.log(`pages:              ${pagesPerSecond?.[1] ?? '?'}`)
  console.log(`clean build:        ${clean.seconds.toFixed(2)} s wall (${phases})`)
  console.log(`prerender:          ${pagesPerSecond?.[2] ?? '?'} pages/s`)
  console.log(`peak RSS:           ${mb(clean.peakRss)} (largest process), ${mb(clean.totalRss)} (all processes)`)
} finally {
  if (!values.keep) rmSync(site, { recursive: true, force: true })
  else console.log(`site kept in ${site}`)
}
