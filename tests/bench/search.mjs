#!/usr/bin/env node
// `npm run bench:search [-- --posts 4000] [--word kubernetes]`: what search costs, built and used.
//  1. The default site (dist/, built first if missing) and a site of N posts of the shared corpus
//     (on tmpfs, as benchSite.mjs lays it out), each served as deploy stores it (text gzipped), in
//     Debian's chromium at phone size: what a first query for a common word downloads, from the
//     field on /blog/ (focus, type, its suggestions) and on the search page (ten results).
//  2. At N posts: the clean build, with the search stage's own line of `--profile`; then a one-post
//     rebuild whose edit adds a word no post has, what it indexed, that the word then finds the
//     post in the browser, and the first query again (the edit is an index of its own).
// The clean build against Eleventy + the Pagefind CLI on the same posts is side-by-side.sh's
// (`SEARCH=1 ../shared/peers/side-by-side.sh N`): the same machine, the same run.
import { existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { spawnSync } from 'node:child_process'
import { chromium } from 'playwright-core'
import { createBenchSite, repo } from './benchSite.mjs'
import { previewSite } from './previewSite.mjs'

const { values } = parseArgs({ options: { posts: { type: 'string', default: '4000' }, word: { type: 'string', default: 'kubernetes' }, keep: { type: 'boolean', default: false } } })
const posts = Number(values.posts)
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`
const SEARCHING = /\/assets\/search\/|\/blog\/search\/shards\.json/
/** What each downloaded file of the search is. */
const KINDS = [
  ['script and WebAssembly', /pagefind(-worker)?\.js|\.pagefind$/],
  ['word index', /\.pf_index/],
  ['pages read', /\.pf_fragment/],
  ['entries, metadata, filters', /pagefind-entry|\.pf_meta|\.pf_filter|shards\.json/],
]

/** The body's size on the wire (a worker's script is fetched where playwright sees no sizes: its Content-Length). */
async function transferSize(response) {
  return (await response.request().sizes()).responseBodySize || Number((await response.allHeaders())['content-length'] ?? 0)
}

/** A fresh phone-sized visit that counts what its search requests transfer. */
async function phone(browser) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true })
  await context.route(/^(?!http:\/\/127\.0\.0\.1[:/])/, (route) => route.abort())
  const page = await context.newPage()
  const counted = { bytes: 0, requests: 0, pending: [], kinds: {} }
  page.on('response', (response) => {
    if (!SEARCHING.test(response.url())) return
    counted.requests++
    const kind = KINDS.find(([, test]) => test.test(response.url()))?.[0] ?? 'other'
    counted.pending.push(
      transferSize(response).then((size) => {
        counted.bytes += size
        counted.kinds[kind] = (counted.kinds[kind] ?? 0) + size
      }),
    )
  })
  return { context, page, counted, settle: () => Promise.all(counted.pending) }
}

/** The first query on `url` (a served site): by the field on /blog/, and on the search page. */
async function firstQuery(browser, url, word) {
  const box = await phone(browser)
  await box.page.goto(`${url}blog/`)
  await box.page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
  const before = box.counted.requests
  if (before) throw new Error(`/blog/ asked for ${before} search files before the field had focus`)
  const field = box.page.getByRole('combobox', { name: 'Search the blog' })
  await field.focus()
  await field.fill(word)
  await box.page.waitForFunction(() => document.querySelectorAll('[role=option]').length > 1, null, { timeout: 60_000 })
  await box.page.waitForLoadState('networkidle')
  await box.settle()
  const suggestions = await box.page.getByRole('option').count()
  await box.context.close()

  const full = await phone(browser)
  await full.page.goto(`${url}blog/search/?q=${encodeURIComponent(word)}`)
  await full.page.waitForFunction(() => document.querySelectorAll('main ol > li').length > 0, null, { timeout: 60_000 })
  await full.page.waitForLoadState('networkidle')
  await full.settle()
  const status = await full.page.locator('main p[role=status]').textContent()
  await full.context.close()
  return { box: { ...box.counted, suggestions: suggestions - 1 }, page: { ...full.counted, status } }
}

function report(label, { box, page }) {
  console.log(`  ${label}`)
  const parts = (kinds) => Object.entries(kinds).map(([kind, bytes]) => `${kind} ${kb(bytes)}`).join(', ')
  console.log(`    the field on /blog/: ${kb(box.bytes)} in ${box.requests} requests for ${box.suggestions} suggestions (${parts(box.kinds)})`)
  console.log(`    the search page:     ${kb(page.bytes)} in ${page.requests} requests (${page.status}, ten shown; ${parts(page.kinds)})`)
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'] })
try {
  console.log(`search: a first query for "${values.word}", served as deployed (text gzipped), on a 390 px phone`)
  const dist = join(repo, 'dist')
  if (!existsSync(join(dist, 'blog', 'search', 'shards.json'))) spawnSync('npx', ['--no-install', 'kube-site', 'build', '--quiet'], { cwd: repo, stdio: 'inherit' })
  const served = await previewSite(dist)
  try {
    report(`the default site (${JSON.parse(readFileSync(join(dist, 'blog/search/shards.json'), 'utf8')).posts} posts, target ≤ 150 KB)`, await firstQuery(browser, served.url, values.word))
  } finally {
    served.stop()
  }

  const bench = createBenchSite({ posts })
  try {
    bench.clearCaches()
    const clean = await bench.build()
    const line = (build, name) => (name === 'search' ? /search \S+ \S+/.exec(build.phases)?.[0] : build.profile.split('\n').find((text) => text.includes(name))?.trim()) ?? '(not printed)'
    console.log(`\n  ${posts} posts: clean build ${clean.seconds.toFixed(2)} s, peak RSS ${(clean.peakRss / 2 ** 20).toFixed(0)} MB`)
    console.log(`    phases: ${clean.phases}`)
    console.log(`    ${line(clean, 'indexed beside')}`)
    const builtDist = join(bench.kube, 'dist')
    const manifest = JSON.parse(readFileSync(join(builtDist, 'blog/search/shards.json'), 'utf8'))
    const shardBytes = manifest.shards.map((shard) => spawnSync('du', ['-sb', join(builtDist, shard)], { encoding: 'utf8' }).stdout.split('\t')[0])
    console.log(`    ${manifest.shards.length} shards, ${kb(shardBytes.reduce((sum, bytes) => sum + Number(bytes), 0))} in the output`)
    const site = await previewSite(builtDist)
    try {
      report(`${posts} posts (target ≤ 300 KB)`, await firstQuery(browser, site.url, values.word))
    } finally {
      site.stop()
    }

    // A one-post edit that adds a word no post has.
    const postsDir = join(bench.kube, 'posts')
    const edited = readdirSync(postsDir).sort()[Math.floor(posts / 3)]
    writeFileSync(join(postsDir, edited), `${readFileSync(join(postsDir, edited), 'utf8')}\nThe quokkafied rollout keeps one namespace behind.\n`)
    const rebuild = await bench.build()
    console.log(`\n  one-post rebuild (${edited} gains a word): ${rebuild.seconds.toFixed(2)} s`)
    console.log(`    phases: ${rebuild.phases}`)
    console.log(`    ${line(rebuild, 'indexed beside')}`)
    const again = await previewSite(builtDist)
    try {
      const { page, context } = await phone(browser)
      await page.goto(`${again.url}blog/search/?q=quokkafied`)
      await page.waitForFunction(() => / for “/.test(document.querySelector('main p[role=status]')?.textContent ?? ''), null, { timeout: 60_000 })
      console.log(`    the new word: ${await page.locator('main p[role=status]').textContent()}; ${await page.locator('main ol > li h2').allTextContents()}`)
      await context.close()
      // The edit is indexed apart from its shard (cli/incremental/search/searchShards.ts): one index more for a first query.
      report(`${posts} posts after the rebuild (target ≤ 300 KB)`, await firstQuery(browser, again.url, values.word))
    } finally {
      again.stop()
    }
  } finally {
    if (!values.keep) rmSync(bench.site, { recursive: true, force: true })
  }
} finally {
  await browser.close()
}
