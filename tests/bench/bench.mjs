#!/usr/bin/env node
// `npm run bench [-- --posts N] [--runs R] [--peers eleventy,hugo|none] [--keep]`: builds a
// generated site of N long posts (default 1000) with the real CLI R times from clean (default 3),
// then, R times, edits one post and builds again (the median is reported). In the same run, on the same posts folder, it builds the
// peers of ../shared/peers (Eleventy and Hugo; see its README) alternately with kube-site, and
// prints kube-site's times as ratios to theirs: on a shared machine absolute times drift, a ratio
// measured in one run holds. Then the output's size, and what a browser downloads for each page
// (pageWeight.mjs), the images run (images.mjs) and the social cards run (socialCards.mjs). It clears kube-site's build caches before each clean build, and keeps every
// output until the end: deleting thousands of files slows the creation of the next ones on this
// machine's file system.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { generatePost } from './generatePosts.mjs'
import { isPostFolder } from './previewSite.mjs'

const repo = fileURLToPath(new URL('../..', import.meta.url))
const peersDir = join(repo, '..', 'shared', 'peers')
const { values } = parseArgs({
  options: {
    posts: { type: 'string', default: '1000' },
    runs: { type: 'string', default: '3' },
    peers: { type: 'string', default: 'eleventy,hugo' },
    keep: { type: 'boolean', default: false },
  },
})
const count = Number(values.posts)
if (!Number.isInteger(count) || count < 1) throw new Error('--posts takes a whole number above 0')
const runs = Number(values.runs)
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs takes a whole number above 0')
const peers = values.peers === 'none' ? [] : values.peers.split(',').filter(Boolean)
for (const peer of peers) if (!['eleventy', 'hugo'].includes(peer)) throw new Error(`--peers: unknown peer ${peer} (eleventy, hugo or none)`)
if (peers.length && !existsSync(join(peersDir, 'run.sh'))) throw new Error(`the peers are missing: ${peersDir}/run.sh`)

/** Hugo comes from Debian: installed when missing if we are root (as on CI), else left out with the command to run. */
function hugoAvailable() {
  if (spawnSync('hugo', ['version']).status === 0) return true
  if (process.getuid?.() !== 0) {
    console.error('hugo is missing, so the Hugo peer is left out. Install it with: sudo apt-get install -y hugo')
    return false
  }
  console.log('Installing Debian hugo for the peer builds...')
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  for (const args of [['update', '-qq'], ['install', '-y', '-qq', 'hugo']]) {
    if (spawnSync('apt-get', args, { stdio: 'inherit', env }).status !== 0) throw new Error(`apt-get ${args.join(' ')} failed`)
  }
  return true
}
if (peers.includes('hugo') && !hugoAvailable()) peers.splice(peers.indexOf('hugo'), 1)

const site = mkdtempSync(join(tmpdir(), 'kube-site-bench-'))
mkdirSync(join(site, 'posts'))
for (let n = 0; n < count; n++) writeFileSync(join(site, 'posts', `post-${n}.md`), generatePost(n))
const cache = join(repo, 'node_modules', '.cache', 'kube-site')
const clearCaches = () => {
  for (const name of ['bundles', 'pages', 'posts', 'cards']) rmSync(join(cache, name), { recursive: true, force: true })
}

/** Runs a build; peak RSS is read by a preload in every process the build starts. */
function build(out) {
  const rssFile = join(site, `rss-${Date.now()}.txt`)
  const started = performance.now()
  const child = spawn(process.execPath, ['--import', join(repo, 'tests/bench/recordPeakRss.mjs'), join(repo, 'cli/bin.js'), 'build', '--profile', '--config', join(repo, 'site.config.ts'), '--out', out], {
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
      const profile = output.slice(output.indexOf('  profile ')).trimEnd()
      resolve({ seconds: (performance.now() - started) / 1000, phases, profile, rendered: Number(rendered?.[1]), rate: Number(rendered?.[2]), peakRss: Math.max(...peaks), totalRss: peaks.reduce((a, b) => a + b, 0) })
    }),
  )
}

/** A clean build by a peer (run.sh prints its wall seconds on its last line). */
function buildPeer(peer, out) {
  const child = spawn('bash', [join(peersDir, 'run.sh'), peer, join(site, 'posts'), join(site, out)], { env: { ...process.env, TMPDIR: tmpdir() } })
  let output = ''
  child.stdout.on('data', (chunk) => (output += chunk))
  child.stderr.on('data', (chunk) => (output += chunk))
  return new Promise((resolve, reject) =>
    child.on('close', (code) => {
      const seconds = Number(output.trim().split('\n').at(-1))
      if (code !== 0 || !Number.isFinite(seconds)) return reject(new Error(`${peer} failed (exit ${code}):\n${output}`))
      resolve(seconds)
    }),
  )
}

/** Files and bytes under `dir`. */
function sizeOf(dir) {
  let files = 0
  let bytes = 0
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue
    files++
    bytes += statSync(join(entry.parentPath, entry.name)).size
  }
  return { files, bytes }
}

/** Bytes of a page's HTML and of its index.pageContext.json (0 when it has none). */
function pageBytes(dist, page) {
  const file = (name) => (existsSync(join(dist, page, name)) ? statSync(join(dist, page, name)).size : 0)
  return { html: file('index.html'), json: file('index.pageContext.json') }
}

/** Bytes per page by kind: the home page, a list page (page 2), and the mean over the posts. */
function bytesByKind(dist) {
  const posts = readdirSync(join(dist, 'blog')).filter((name) => isPostFolder(dist, name))
  const sum = posts.map((slug) => pageBytes(dist, `blog/${slug}`)).reduce((a, b) => ({ html: a.html + b.html, json: a.json + b.json }), { html: 0, json: 0 })
  return {
    home: pageBytes(dist, ''),
    list: pageBytes(dist, existsSync(join(dist, 'blog/page/2')) ? 'blog/page/2' : 'blog'),
    post: { html: Math.round(sum.html / posts.length), json: Math.round(sum.json / posts.length) },
  }
}

const median = (list) => [...list].sort((a, b) => a - b)[Math.floor((list.length - 1) / 2)]
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MB`
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`
const ratio = (a, b) => `${(a / b).toFixed(2)}×`
try {
  const cleans = []
  const peerTimes = Object.fromEntries(peers.map((peer) => [peer, []]))
  // Alternately, so that the machine's load of the moment weighs on every generator alike.
  for (let run = 1; run <= runs; run++) {
    clearCaches()
    cleans.push({ ...(await build(`dist-${run}`)), out: `dist-${run}` })
    for (const peer of peers) peerTimes[peer].push(await buildPeer(peer, `${peer}-${run}`))
  }
  const bySpeed = [...cleans].sort((a, b) => a.seconds - b.seconds)
  const clean = bySpeed[Math.floor((bySpeed.length - 1) / 2)]
  // One post edited, then built again, as often as the clean build: one rebuild is about two
  // seconds, which the machine's load of the moment moves by a third.
  const edited = join(site, 'posts', `post-${Math.floor(count / 2)}.md`)
  const last = cleans.at(-1)
  const rebuilds = []
  for (let run = 1; run <= runs; run++) {
    writeFileSync(edited, readFileSync(edited, 'utf8').replace(/\n\n/, `\n\nAn edited paragraph for the benchmark (${run}).\n\n`))
    rebuilds.push(await build(last.out))
  }
  const rebuild = [...rebuilds].sort((a, b) => a.seconds - b.seconds)[Math.floor((runs - 1) / 2)]
  const times = (list) => (runs > 1 ? `median of ${runs} (${list.map((seconds) => seconds.toFixed(2)).join(', ')} s): ` : '')
  console.log(`posts:                ${count} (1500-2500 words each)`)
  console.log(`clean build:          ${times(cleans.map((run) => run.seconds))}${clean.seconds.toFixed(2)} s wall (${clean.phases})`)
  console.log(clean.profile.replace(/^ {2}profile/, 'profile of that run'))
  console.log(`prerender:            ${clean.rendered} pages at ${clean.rate} pages/s`)
  console.log(`peak RSS:             ${mb(Math.max(...cleans.map((run) => run.peakRss)))} (largest process), ${mb(Math.max(...cleans.map((run) => run.totalRss)))} (all processes)${runs > 1 ? `, the highest of the ${runs} runs` : ''}`)
  console.log(`content-only rebuild: ${times(rebuilds.map((run) => run.seconds))}${rebuild.seconds.toFixed(2)} s wall, one post edited (${rebuild.phases}); ${rebuild.rendered} pages rendered, peak RSS ${mb(rebuild.peakRss)}`)
  for (const peer of peers) {
    const name = { eleventy: 'Eleventy 3.1.8', hugo: 'Hugo' }[peer]
    const seconds = median(peerTimes[peer])
    const vs = `clean build ${ratio(clean.seconds, seconds)} ${name}` + (peer === 'hugo' ? `, one-post rebuild ${ratio(rebuild.seconds, seconds)} ${name}'s clean build` : '')
    console.log(`${`${peer}:`.padEnd(22)}${times(peerTimes[peer])}${seconds.toFixed(2)} s clean; kube-site: ${vs}`)
  }
  const dist = join(site, clean.out)
  const { files, bytes } = sizeOf(dist)
  const kinds = bytesByKind(dist)
  console.log(`output:               ${bytes} bytes (${mb(bytes)}) in ${files} files`)
  console.log(
    `bytes per page:       ${Object.entries(kinds)
      .map(([kind, { html, json }]) => `${kind} ${kb(html)} HTML${json ? ` + ${kb(json)} pageContext.json` : ''}`)
      .join('; ')} (post: the mean over all posts)`,
  )
  // What the built pages weigh in a real browser (see pageWeight.mjs), as last built; then the
  // images and social cards runs, on posts of their own (see images.mjs and socialCards.mjs).
  for (const [script, args] of [
    ['pageWeight.mjs', ['--out', join(site, last.out)]],
    ['images.mjs', ['--runs', String(runs)]],
    ['socialCards.mjs', ['--posts', '100']],
  ]) {
    await new Promise((resolve, reject) =>
      spawn(process.execPath, [join(repo, 'tests/bench', script), ...args], { stdio: 'inherit' }).on('close', (code) =>
        code === 0 ? resolve() : reject(new Error(`${script} failed (exit ${code})`)),
      ),
    )
  }
} finally {
  if (!values.keep) rmSync(site, { recursive: true, force: true })
  else console.log(`site kept in ${site}`)
}
