#!/usr/bin/env node
// `npm run bench:weight [-- --out dist] [--no-compress]`: what a fresh visit downloads before any
// scroll or input, measured in Debian's chromium at phone size on the built site served by
// `kube-site preview`, i.e. as deploy stores it (text gzipped; `--no-compress`: every file as
// built, the worst case). For each page: the JavaScript (transfer size of every script response,
// module preloads, dynamic imports and workers included) against the targets of issue 13; then
// everything the visit transferred, against issue 24's target for a post; for the home page also
// its render-blocking CSS and its HTML. `npm run bench` runs it at the end.
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { chromium } from 'playwright-core'
import { notFoundPath, pagesToMeasure, previewSite } from './previewSite.mjs'

const { values } = parseArgs({ options: { out: { type: 'string', default: 'dist' }, 'no-compress': { type: 'boolean', default: false } } })
const dist = resolve(values.out)
const compress = !values['no-compress']
const encoding = compress ? 'as deployed, text gzipped' : 'uncompressed'
const TARGET_JS = 80 * 1024
const TARGET_CSS = { requests: 2, bytes: 20 * 1024 }
const targeted = new Set(['', 'pricing/', notFoundPath])
const legal = new Set(['privacy-policy/', 'terms-of-service/'])

// The PDF viewer's own code is excluded from the legal pages' target. What that code is, the
// browser says: each legal page is visited a second time with its viewer island left out (the
// document's <kube-island data-name="PdfViewer"> renamed, so nothing hydrates it), and what that
// visit does not download is what the viewer brings: its island, react-pdf and pdf.js, the
// worker, and the toast library its "loaded" toast pulls in. Those files are named in the output.
const VIEWER_ISLAND = 'data-name="PdfViewer"'
// What each of the viewer's files is, for the output: chunk names are hashes.
const LIBRARY_MARKERS = [
  ['pdf.js worker', (url) => /pdf\.worker/.test(url)],
  ['react-pdf and pdf.js', (url, source) => source.includes('react-pdf__Document')],
  ['sonner', (url, source) => source.includes('data-sonner-toaster')],
  ['the PdfViewer island', (url, source) => source.includes('PdfViewer')],
]
const labelOf = (url, source) => LIBRARY_MARKERS.find(([, test]) => test(url, source))?.[0] ?? ''

// The blog is client-routed and keeps its own React app: it must not grow. Its figures before
// the islands, as issue 13's work measured them on the same posts: the list and a post.
const BLOG_BEFORE = { 'blog/': 107.8 * 1024, post: 107.2 * 1024 }
// Issue 24: all a first visit to a post transfers (478 KB when the bucket served text uncompressed).
const TARGET_POST_TOTAL = 150 * 1024

/**
 * The body's size on the wire, as chromium counted it. A worker's script is fetched on the
 * worker's own target, whose byte counts playwright does not see (it reports 0): there, the
 * preview's Content-Length, which is the length of the body as sent, says the same.
 */
async function transferSize(response) {
  return (await response.request().sizes()).responseBodySize || Number((await response.allHeaders())['content-length'] ?? 0)
}

/**
 * One fresh visit (a new context: empty cache and storage): its scripts, document,
 * render-blocking CSS, and every response's body as transferred. `withoutViewer` leaves the PDF
 * viewer island out of the document.
 */
async function visit(browser, url, { withoutViewer = false } = {}) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true })
  // The site's config points at external videos and images: abort them so nothing leaves the
  // machine; a failed request has no response, so it is never counted.
  await context.route(/^(?!http:\/\/127\.0\.0\.1[:/])/, (route) => route.abort())
  if (withoutViewer) {
    await context.route(url, async (route) => {
      const response = await route.fetch()
      const html = await response.text()
      if (!html.includes(VIEWER_ISLAND)) throw new Error(`${url} has no PDF viewer island to leave out`)
      await route.fulfill({ response, body: html.replace(VIEWER_ISLAND, 'data-name="LeftOutForTheBench"') })
    })
  }
  const page = await context.newPage()
  const responses = []
  page.on('response', (response) => responses.push(response))
  const document = await page.goto(url, { waitUntil: 'networkidle' })
  await page.waitForTimeout(2000)
  const scripts = await Promise.all(
    responses
      .filter((response) => response.request().resourceType() === 'script' && response.ok())
      .map(async (response) => ({ url: response.url(), bytes: await transferSize(response), label: labelOf(response.url(), (await response.body()).toString()) })),
  )
  // The browser's own verdict: Resource Timing marks each request that blocked the first render.
  const blockingCss = await page.evaluate(() =>
    performance.getEntriesByType('resource').filter((entry) => entry.renderBlockingStatus === 'blocking' && /\.css(\?|$)/.test(entry.name)).map((entry) => entry.encodedBodySize),
  )
  const html = { bytes: (await document.body()).length, gzipped: await transferSize(document) }
  const all = await Promise.all(responses.map(transferSize))
  await context.close()
  return { scripts, blockingCss, html, total: { bytes: sum(all), requests: all.length } }
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`
const sum = (numbers) => numbers.reduce((a, b) => a + b, 0)
const verdict = (ok) => (ok ? 'meets' : 'MISSES')

const server = await previewSite(dist, { compress })
// The flags of tests/support/browser.ts, repeated: a .mjs cannot import that .ts file on Node 20.
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run'],
})
try {
  console.log(`JavaScript of a fresh visit (chromium 390×844, network idle + 2 s, transfer ${encoding}):`)
  const paths = pagesToMeasure(dist)
  const width = Math.max(...paths.map((path) => path.length)) + 8
  const pageLabel = (path) => (path === notFoundPath ? `/${path} (404)` : `/${path}`).padEnd(width)
  const totals = []
  let home
  for (const path of paths) {
    const result = await visit(browser, server.url + path)
    totals.push([path, result.total])
    if (path === '') home = result
    const js = sum(result.scripts.map((script) => script.bytes))
    const label = pageLabel(path)
    let line = `  ${label} ${kb(js).padStart(9)} in ${String(result.scripts.length).padStart(2)} files`
    if (legal.has(path)) {
      const own = await visit(browser, server.url + path, { withoutViewer: true })
      const rest = sum(own.scripts.map((script) => script.bytes))
      const ownUrls = new Set(own.scripts.map((script) => script.url))
      const viewer = result.scripts.filter((script) => !ownUrls.has(script.url))
      line += `; without the PDF viewer island ${kb(rest)}: ${verdict(rest <= TARGET_JS)} ≤ ${kb(TARGET_JS)}`
      console.log(line)
      for (const script of viewer) console.log(`      the viewer's: ${kb(script.bytes).padStart(9)} ${new URL(script.url).pathname} ${script.label}`)
      continue
    } else if (targeted.has(path)) line += `: ${verdict(js <= TARGET_JS)} ≤ ${kb(TARGET_JS)}`
    else if (path.startsWith('blog/')) {
      // A tag's page is a list of the blog's, as /blog/ is.
      const before = BLOG_BEFORE[path] ?? (path.startsWith('blog/tags/') ? BLOG_BEFORE['blog/'] : BLOG_BEFORE.post)
      line += `: ${verdict(js <= before)} ≤ ${kb(before)} before the islands`
    }
    console.log(line)
  }
  console.log(`Everything a fresh visit transferred (response bodies, ${encoding}; same visit):`)
  for (const [path, { bytes, requests }] of totals) {
    const post = path.startsWith('blog/') && path !== 'blog/' && !path.startsWith('blog/tags/')
    console.log(`  ${pageLabel(path)} ${kb(bytes).padStart(9)} in ${String(requests).padStart(2)} responses${post ? `: ${verdict(bytes <= TARGET_POST_TOTAL)} ≤ ${kb(TARGET_POST_TOTAL)}` : ''}`)
  }
  const css = sum(home.blockingCss)
  const cssOk = home.blockingCss.length <= TARGET_CSS.requests && css <= TARGET_CSS.bytes
  console.log(`Home page render-blocking CSS: ${home.blockingCss.length} requests, ${kb(css)} transferred: ${verdict(cssOk)} ≤ ${TARGET_CSS.requests} requests, ≤ ${kb(TARGET_CSS.bytes)}`)
  console.log(`Home page HTML: ${home.html.bytes.toLocaleString('en')} bytes, ${kb(home.html.gzipped)} transferred`)
} finally {
  await browser.close()
  server.stop()
}
