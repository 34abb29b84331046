#!/usr/bin/env node
// `npm run lighthouse [-- --runs R] [--out dist] [--no-compress] [--one-browser] [--page blog/a-post/ ...]`: Lighthouse 13 (mobile preset)
// with Debian's chromium on the built site, served by `kube-site preview` as deploy stores it in
// the bucket (text gzipped, deploy's Cache-Control; `--no-compress`: all as built). Runs each page R times
// (default 3: one run moves by a few points on a shared two-core VM), each in a fresh browser as
// the Lighthouse CLI runs (`--one-browser`: one for all runs, faster), and prints the median of
// each category, then the audits that cost points in the run of median performance. Build first
// (`npx kube-site build`); nothing leaves the machine.
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { notFoundPath, pagesToMeasure, previewSite } from './previewSite.mjs'

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    out: { type: 'string', default: 'dist' },
    'no-compress': { type: 'boolean', default: false },
    'one-browser': { type: 'boolean', default: false },
    // Pages to measure instead of the usual ones (a post with screenshots, say), as paths below the site's root.
    page: { type: 'string', multiple: true },
  },
})
const runs = Number(values.runs)
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs takes a whole number above 0')
const dist = resolve(values.out)
const categories = ['performance', 'accessibility', 'best-practices', 'seo']
const median = (numbers) => [...numbers].sort((a, b) => a - b)[Math.floor((numbers.length - 1) / 2)]

const server = await previewSite(dist, { compress: !values['no-compress'] })
const launch = () =>
  chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  })
const shared = values['one-browser'] ? await launch() : undefined
/** One Lighthouse run of `url`, in the shared browser or a fresh one (a new profile: nothing cached, nothing compiled). */
async function measure(url, flags) {
  const chrome = shared ?? (await launch())
  try {
    return (await lighthouse(url, { ...flags, port: chrome.port })).lhr
  } finally {
    if (!shared) await chrome.kill()
  }
}
let failed = false
try {
  const paths = values.page?.map((path) => path.replace(/^\//, '')) ?? pagesToMeasure(dist)
  const width = Math.max(...paths.map((path) => path.length)) + 8
  console.log(`${`page (median of ${runs})`.padEnd(width)} ${categories.map((c) => c.padStart(14)).join(' ')}`)
  for (const path of paths) {
    const label = path === notFoundPath ? `/${path} (404)` : `/${path}`
    // Lighthouse refuses a document answered with status 404 (ERRORED_DOCUMENT_REQUEST) unless told
    // to ignore the status; on that page SEO's http-status-code audit then fails, as it should.
    const flags = { output: 'json', logLevel: 'error', onlyCategories: categories, ignoreStatusCode: path === notFoundPath }
    const lhrs = []
    for (let run = 0; run < runs; run++) lhrs.push(await measure(server.url + path, flags))
    const error = lhrs.find((lhr) => lhr.runtimeError)?.runtimeError
    if (error) {
      failed = true
      console.log(`${label.padEnd(width)} error: ${error.message}`)
      continue
    }
    const perRun = lhrs.map((lhr) => categories.map((id) => Math.round((lhr.categories[id]?.score ?? 0) * 100)))
    const medians = categories.map((_, i) => median(perRun.map((scores) => scores[i])))
    const spread = runs > 1 ? `   (performance ${perRun.map((scores) => scores[0]).join(', ')})` : ''
    console.log(`${label.padEnd(width)} ${medians.map((score) => String(score).padStart(14)).join(' ')}${spread}`)
    // The paints and the blocking time, whatever the score: a blog page's first paint against the home page's is a target, and so is a blocking time of at most 100 ms.
    const paint = (id) => `${(median(lhrs.map((lhr) => lhr.audits[id].numericValue)) / 1000).toFixed(2)} s`
    const blocking = `${Math.round(median(lhrs.map((lhr) => lhr.audits['total-blocking-time'].numericValue)))} ms`
    console.log(`    first contentful paint ${paint('first-contentful-paint')}, largest ${paint('largest-contentful-paint')}, total blocking time ${blocking} (medians)`)
    const medianRun = lhrs[perRun.findIndex((scores) => scores[0] === medians[0])]
    for (const id of categories) {
      for (const ref of medianRun.categories[id].auditRefs) {
        const audit = medianRun.audits[ref.id]
        if (ref.weight === 0 || audit.score === null || audit.score === 1) continue
        console.log(`    ${id}: ${audit.id} (${audit.displayValue ?? Math.round(audit.score * 100)}) ${audit.title}`)
        // Which errors: the title alone does not say what to fix.
        if (audit.id === 'errors-in-console') for (const item of audit.details.items) console.log(`        ${item.description}`)
      }
    }
  }
} finally {
  await shared?.kill()
  server.stop()
}
process.exitCode = failed ? 1 : 0
