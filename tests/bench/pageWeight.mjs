#!/usr/bin/env node
// `npm run bench:weight [-- --out dist]`: what a fresh visit downloads before any scroll or input,
// measured in Debian's chromium at phone size on the built site served by `kube-site preview
// --gzip`. For each page: the JavaScript (gzipped transfer size of every script response,
// module preloads, dynamic imports and workers included) against the targets of issue 13; for
// the home page also its render-blocking CSS and its HTML. `npm run bench` runs it at the end.
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { chromium } from 'playwright-core'
import { notFoundPath, pagesToMeasure, previewSite } from './previewSite.mjs'

const { values } = parseArgs({ options: { out: { type: 'string', default: 'dist' } } })
const dist = resolve(values.out)
const TARGET_JS = 80 * 1024
const TARGET_CSS = { requests: 2, bytes: 20 * 1024 }
const targeted = new Set(['', 'pricing/', notFoundPath])
const legal = new Set(['privacy-policy/', 'terms-of-service/'])

// The PDF viewer's own code is excluded from the legal pages' target. The build emits no source
// maps and hashes chunk names, so a script counts as the viewer's when its file name says so
// (pdf.js's worker is copied as `pdf.worker.min.<hash>.mjs`) or its source holds a string only
// pdf.js (its error about a missing worker) or react-pdf (its Document's class name) defines.
// The site's PdfDocument component is bundled in the same chunk as react-pdf: it counts as
// viewer code too, which it is.
const viewerMarkers = ['No "GlobalWorkerOptions.workerSrc" specified.', 'react-pdf__Document']
const isViewerCode = (url, source) => /pdf\.worker|react-pdf|pdfjs/i.test(new URL(url).pathname) || viewerMarkers.some((marker) => source.includes(marker))

/**
 * The body's size on the wire, as chromium counted it. A worker's script is fetched on the
 * worker's own target, whose byte counts playwright does not see (it reports 0): there, the
 * preview's Content-Length, which is the gzipped body's length, says the same.
 */
async function transferSize(response) {
  return (await response.request().sizes()).responseBodySize || Number((await response.allHeaders())['content-length'] ?? 0)
}

/** One fresh visit (a new context: empty cache and storage): its scripts, document and render-blocking CSS. */
async function visit(browser, url) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true })
  // The site's config points at external videos and images: abort them so nothing leaves the
  // machine; a failed request has no response, so it is never counted.
  await context.route(/^(?!http:\/\/127\.0\.0\.1[:/])/, (route) => route.abort())
  const page = await context.newPage()
  const responses = []
  page.on('response', (response) => responses.push(response))
  const document = await page.goto(url, { waitUntil: 'networkidle' })
  await page.waitForTimeout(2000)
  const scripts = await Promise.all(
    responses
      .filter((response) => response.request().resourceType() === 'script' && response.ok())
      .map(async (response) => ({ bytes: await transferSize(response), viewer: isViewerCode(response.url(), (await response.body()).toString()) })),
  )
  // The browser's own verdict: Resource Timing marks each request that blocked the first render.
  const blockingCss = await page.evaluate(() =>
    performance.getEntriesByType('resource').filter((entry) => entry.renderBlockingStatus === 'blocking' && /\.css(\?|$)/.test(entry.name)).map((entry) => entry.encodedBodySize),
  )
  const html = { bytes: (await document.body()).length, gzipped: await transferSize(document) }
  await context.close()
  return { scripts, blockingCss, html }
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`
const sum = (numbers) => numbers.reduce((a, b) => a + b, 0)
const verdict = (ok) => (ok ? 'meets' : 'MISSES')

const server = await previewSite(dist)
// The flags of tests/support/browser.ts, repeated: a .mjs cannot import that .ts file on Node 20.
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run'],
})
try {
  console.log('JavaScript of a fresh visit (chromium 390×844, network idle + 2 s, gzipped transfer):')
  const paths = pagesToMeasure(dist)
  const width = Math.max(...paths.map((path) => path.length)) + 8
  let home
  for (const path of paths) {
    const result = await visit(browser, server.url + path)
    if (path === '') home = result
    const js = sum(result.scripts.map((script) => script.bytes))
    const label = (path === notFoundPath ? `/${path} (404)` : `/${path}`).padEnd(width)
    let line = `  ${label} ${kb(js).padStart(9)} in ${String(result.scripts.length).padStart(2)} files`
    if (legal.has(path)) {
      const viewer = result.scripts.filter((script) => script.viewer)
      const rest = js - sum(viewer.map((script) => script.bytes))
      line += `; without the PDF viewer (${kb(js - rest)} in ${viewer.length} files) ${kb(rest)}: ${verdict(rest <= TARGET_JS)} ≤ ${kb(TARGET_JS)}`
    } else if (targeted.has(path)) line += `: ${verdict(js <= TARGET_JS)} ≤ ${kb(TARGET_JS)}`
    console.log(line)
  }
  const css = sum(home.blockingCss)
  const cssOk = home.blockingCss.length <= TARGET_CSS.requests && css <= TARGET_CSS.bytes
  console.log(`Home page render-blocking CSS: ${home.blockingCss.length} requests, ${kb(css)} gzipped: ${verdict(cssOk)} ≤ ${TARGET_CSS.requests} requests, ≤ ${kb(TARGET_CSS.bytes)}`)
  console.log(`Home page HTML: ${home.html.bytes.toLocaleString('en')} bytes, ${kb(home.html.gzipped)} gzipped`)
} finally {
  await browser.close()
  server.stop()
}
