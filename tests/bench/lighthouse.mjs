#!/usr/bin/env node
// `npm run lighthouse`: Lighthouse 12 (mobile preset) with Debian's chromium on the built site,
// served by `kube-site preview --gzip` as a CDN would. Prints the four scores of each page and
// the audits that cost points. Build first (`npx kube-site build`); nothing leaves the machine.
import { spawn } from 'node:child_process'
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'

const repo = fileURLToPath(new URL('../..', import.meta.url))
const dist = join(repo, 'dist')
if (!existsSync(join(dist, 'index.html'))) throw new Error('No dist/: run `npx kube-site build` first.')

const post = readdirSync(join(dist, 'blog')).find((name) => name !== 'page' && existsSync(join(dist, 'blog', name, 'index.html')))
const pages = ['', 'blog/', `blog/${post}/`, 'pricing/', 'privacy-policy/']
const categories = ['performance', 'accessibility', 'best-practices', 'seo']

function preview() {
  const child = spawn(process.execPath, [join(repo, 'cli/bin.js'), 'preview', '--gzip', '--port', '0', '--out', dist], { env: { ...process.env, NO_COLOR: '1' } })
  return new Promise((resolve, reject) => {
    let output = ''
    child.stdout.on('data', (chunk) => {
      output += chunk
      const url = /(http:\/\/127\.0\.0\.1:\d+\/)/.exec(output)?.[1]
      if (url) resolve({ url, stop: () => child.kill() })
    })
    child.on('exit', (code) => reject(new Error(`preview exited (${code}): ${output}`)))
  })
}

const server = await preview()
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
})
let failed = false
try {
  console.log(`${'page'.padEnd(44)} ${categories.map((c) => c.slice(0, 14).padStart(14)).join(' ')}`)
  for (const page of pages) {
    const result = await lighthouse(server.url + page, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: categories })
    const lhr = result.lhr
    const scores = categories.map((id) => Math.round((lhr.categories[id]?.score ?? 0) * 100))
    console.log(`/${page}`.padEnd(44), scores.map((score) => String(score).padStart(14)).join(' '))
    for (const id of categories) {
      for (const ref of lhr.categories[id].auditRefs) {
        const audit = lhr.audits[ref.id]
        if (ref.weight > 0 && audit.score !== null && audit.score < 1) console.log(`    ${id}: ${audit.id} (${audit.displayValue ?? Math.round(audit.score * 100)}) ${audit.title}`)
      }
    }
    if (lhr.runtimeError) {
      failed = true
      console.log(`    error: ${lhr.runtimeError.message}`)
    }
  }
} finally {
  await chrome.kill()
  server.stop()
}
process.exitCode = failed ? 1 : 0
