#!/usr/bin/env node
// `npm run bench [-- --posts N] [--runs R] [--peers eleventy,hugo|none] [--dir FOLDER] [--keep]`:
// kube-site measured as a user meets it, beside the peers, in one run. The shared corpus
// (../shared/peers/gen-corpus.mjs: N long posts, default 1000), a copy of the project with those
// posts, and the peers' trees, all in FOLDER (default /dev/shm, a tmpfs: this machine's disk
// slows the tool that writes many small files, and a writer's NVMe drive does not). Each clean
// build removes the output and every build cache but the compiled CLI and runs the CLI as the
// README does (`npx kube-site build`); the peers of ../shared/peers (Eleventy and Hugo) build the
// same posts alternately with it, and kube-site's times are printed as ratios to theirs: on a
// shared machine absolute times drift, a ratio measured in one run holds. Then, R times, one post
// is edited and built again. Every build prints its peak memory beside its time. Then the
// output's size, what a browser downloads for each page (pageWeight.mjs), the images run
// (images.mjs) and the social cards run (socialCards.mjs).
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { createBenchSite, peersDir, repo } from './benchSite.mjs'
import { isPostFolder } from './previewSite.mjs'

const { values } = parseArgs({
  options: {
    posts: { type: 'string', default: '1000' },
    runs: { type: 'string', default: '3' },
    peers: { type: 'string', default: 'eleventy,hugo' },
    dir: { type: 'string' },
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

const { site, corpus, kube, sharedCorpus, clearCaches, build } = createBenchSite({ posts: count, dir: values.dir })

/** A clean build by a peer (run.sh prints its wall seconds on its last line), with its peak RSS when GNU time is there to read it. */
function buildPeer(peer, out) {
  const timed = existsSync('/usr/bin/time')
  const command = [join(peersDir, 'run.sh'), peer, corpus, join(site, out)]
  const child = timed ? spawn('/usr/bin/time', ['-f', 'maxrss %M', 'bash', ...command], { env: { ...process.env, TMPDIR: tmpdir() } }) : spawn('bash', command, { env: { ...process.env, TMPDIR: tmpdir() } })
  let output = ''
  let errors = ''
  child.stdout.on('data', (chunk) => (output += chunk))
  child.stderr.on('data', (chunk) => (errors += chunk))
  return new Promise((resolve, reject) =>
    child.on('close', (code) => {
      const seconds = Number(output.trim().split('\n').at(-1))
      if (code !== 0 || !Number.isFinite(seconds)) return reject(new Error(`${peer} failed (exit ${code}):\n${output}${errors}`))
      const rss = /maxrss (\d+)/.exec(errors)
      resolve({ seconds, peakRss: rss ? Number(rss[1]) * 1024 : undefined })
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

const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MB`
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`
const ratio = (a, b) => `${(a / b).toFixed(2)}×`
try {
  const dist = join(kube, 'dist')
  const cleans = []
  const peerRuns = Object.fromEntries(peers.map((peer) => [peer, []]))
  // Alternately, so that the machine's load of the moment weighs on every generator alike.
  for (let run = 1; run <= runs; run++) {
    rmSync(dist, { recursive: true, force: true })
    clearCaches()
    cleans.push(await build())
    for (const peer of peers) peerRuns[peer].push(await buildPeer(peer, `${peer}-${run}`))
  }
  const middle = (list) => [...list].sort((a, b) => a.seconds - b.seconds)[Math.floor((list.length - 1) / 2)]
  const clean = middle(cleans)
  // One post edited, then built again, as often as the clean build: one rebuild is about two
  // seconds, which the machine's load of the moment moves by a third.
  const posts = readdirSync(join(kube, 'posts')).sort()
  const edited = join(kube, 'posts', posts[Math.floor(posts.length / 2)])
  const rebuilds = []
  for (let run = 1; run <= runs; run++) {
    writeFileSync(edited, readFileSync(edited, 'utf8').replace(/\n\n/, `\n\nAn edited paragraph for the benchmark (${run}).\n\n`))
    rebuilds.push(await build())
  }
  const rebuild = middle(rebuilds)
  /** Each run's time with its peak memory (the largest process), and the median. */
  const times = (list) => {
    const each = (run) => `${run.seconds.toFixed(2)} s${run.peakRss ? ` ${mb(run.peakRss)}` : ''}`
    return runs > 1 ? `median of ${runs} (${list.map(each).join(', ')}): ${middle(list).seconds.toFixed(2)} s` : each(list[0])
  }
  console.log(`posts:                ${count}, ${sharedCorpus ? 'the shared corpus (gen-corpus.mjs)' : "the project's generator"}; run as the README runs it (npx kube-site build)`)
  console.log(`clean build:          ${times(cleans)} wall, ${clean.cpuSeconds.toFixed(1)} s of CPU (every thread of every Node process; sass's compiler is a process of its own), peak RSS ${mb(clean.peakRss)} (${clean.phases})`)
  console.log(clean.profile.replace(/^ {2}profile/, 'profile of that run'))
  console.log(`prerender:            ${clean.rendered} pages at ${clean.rate} pages/s`)
  console.log(`peak RSS:             ${mb(Math.max(...cleans.map((run) => run.peakRss)))} (largest process), ${cleans[0].treeRss === undefined ? 'no /proc to sample the rest' : `${mb(Math.max(...cleans.map((run) => run.treeRss)))} (all its processes at once: npx, the CLI, Pagefind, sass; sampled every 0.1 s)`}${runs > 1 ? `, the highest of the ${runs} runs` : ''}`)
  console.log(`content-only rebuild: ${times(rebuilds)} wall, one post edited (${rebuild.phases}); ${rebuild.rendered} pages rendered, peak RSS ${mb(rebuild.peakRss)}`)
  for (const peer of peers) {
    const name = { eleventy: 'Eleventy 3.1.8', hugo: 'Hugo' }[peer]
    const { seconds } = middle(peerRuns[peer])
    const vs = `clean build ${ratio(clean.seconds, seconds)} ${name}` + (peer === 'hugo' ? `, one-post rebuild ${ratio(rebuild.seconds, seconds)} ${name}'s clean build` : '')
    console.log(`${`${peer}:`.padEnd(22)}${times(peerRuns[peer])} clean; kube-site: ${vs}`)
  }
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
    ['pageWeight.mjs', ['--out', dist]],
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
