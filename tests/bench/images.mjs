#!/usr/bin/env node
// `npm run bench:images [-- --posts 20] [--runs 1] [--keep]`: the images of issue 23, measured.
// N generated posts (default 20), each a folder with two screenshots of 2400×1500 (about 3.7 MB
// of PNG each, see tests/support/screenshot.mjs), are built with the real CLI:
// - cold (the image cache cleared), against @11ty/eleventy-img 7 encoding the same images to the
//   same formats and widths in the same run (its defaults, as a team would use it);
// - again with no image changed (nothing may be encoded), against the same posts without images;
// - then what a phone downloads for the images of a post, served as deploy stores it.
// It also encodes one 1080 px AVIF at effort 2 (kube-site's) and 4 (sharp's default), to show why.
// `npm run bench` runs it at the end.
import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { chromium } from 'playwright-core'
import sharp from 'sharp'
import { makeScreenshot } from '../support/screenshot.mjs'
import { generatePost } from './generatePosts.mjs'
import { previewSite } from './previewSite.mjs'

const repo = fileURLToPath(new URL('../..', import.meta.url))
const { values } = parseArgs({ options: { posts: { type: 'string', default: '20' }, runs: { type: 'string', default: '1' }, keep: { type: 'boolean', default: false } } })
const count = Number(values.posts)
const runs = Number(values.runs)
if (!Number.isInteger(count) || count < 1) throw new Error('--posts takes a whole number above 0')
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs takes a whole number above 0')

const WIDTHS = [480, 768, 1080, 1600, 2400]
const FORMATS = ['avif', 'webp', 'jpeg']
const cache = join(repo, 'node_modules', '.cache', 'kube-site')
const site = mkdtempSync(join(tmpdir(), 'kube-site-images-bench-'))
const withImages = join(site, 'posts')
const without = join(site, 'posts-plain')
const screenshots = []

/** The posts: each a folder with its two screenshots after its first and third paragraphs; the same text without them. */
async function writePosts() {
  for (let n = 0; n < count; n++) {
    const text = generatePost(n)
    const [front, ...blocks] = text.split('\n\n')
    const folder = join(withImages, `post-${n}`)
    mkdirSync(folder, { recursive: true })
    for (const name of ['a', 'b']) {
      const file = join(folder, `screenshot-${name}.png`)
      writeFileSync(file, await makeScreenshot({ seed: n * 2 + (name === 'a' ? 1 : 2) }))
      screenshots.push(file)
    }
    const shown = [front, blocks[0], `![The summary panel of report ${n}](./screenshot-a.png)`, ...blocks.slice(1, 3), `![The findings of report ${n}](./screenshot-b.png)`, ...blocks.slice(3)]
    writeFileSync(join(folder, 'index.md'), shown.join('\n\n'))
    mkdirSync(without, { recursive: true })
    writeFileSync(join(without, `post-${n}.md`), text)
  }
}

function run(command, args, env = {}) {
  const started = performance.now()
  const child = spawn(command, args, { cwd: site, env: { ...process.env, NO_COLOR: '1', ...env } })
  let output = ''
  child.stdout.on('data', (chunk) => (output += chunk))
  child.stderr.on('data', (chunk) => (output += chunk))
  return new Promise((resolve, reject) =>
    child.on('close', (code) => (code === 0 ? resolve({ seconds: (performance.now() - started) / 1000, output }) : reject(new Error(`${args.join(' ')} failed (exit ${code}):\n${output}`)))),
  )
}

const build = (posts, out) => run(process.execPath, [join(repo, 'cli/bin.js'), 'build', '--config', join(repo, 'site.config.ts'), '--posts', posts, '--out', join(site, out)])
const imagesLine = (output) => /✓ images\s+\S+ \S+\s+(.*)/.exec(output)?.[1] ?? '?'

/** @11ty/eleventy-img 7 encoding every screenshot, in a process of its own. */
function eleventyImg(out) {
  const script = `
    import Image from ${JSON.stringify(join(repo, 'node_modules/@11ty/eleventy-img/img.js'))}
    const files = ${JSON.stringify(screenshots)}
    await Promise.all(files.map((file) => Image(file, { widths: ${JSON.stringify(WIDTHS)}, formats: ${JSON.stringify(FORMATS)}, outputDir: ${JSON.stringify(join(site, out))}, useCache: false })))
  `
  return run(process.execPath, ['--input-type=module', '-e', script])
}

/** What a phone downloads for the images of a post: the page opened, scrolled to its end, image responses summed. */
async function phoneBytes(dist, post, { width, height, scale }) {
  const server = await previewSite(dist)
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  })
  try {
    const context = await browser.newContext({ viewport: { width, height }, deviceScaleFactor: scale, isMobile: true, hasTouch: true })
    const page = await context.newPage()
    const responses = []
    page.on('response', (response) => response.url().includes('/assets/images/') && responses.push(response))
    await page.goto(`${server.url}blog/${post}/`, { waitUntil: 'load' })
    // Down the page a screen at a time, as a reader scrolls, so every lazy image loads.
    for (let y = 0; y < (await page.evaluate(() => document.body.scrollHeight)); y += height) {
      await page.evaluate((top) => window.scrollTo(0, top), y)
      await page.waitForTimeout(100)
    }
    await page.waitForLoadState('networkidle')
    const sizes = await Promise.all(responses.map(async (response) => (await response.request().sizes()).responseBodySize))
    return { bytes: sizes.reduce((a, b) => a + b, 0), files: responses.map((response) => response.url().split('/').at(-1)) }
  } finally {
    await browser.close()
    server.stop()
  }
}

const median = (list) => [...list].sort((a, b) => a - b)[Math.floor((list.length - 1) / 2)]
const seconds = (list) => `${median(list).toFixed(2)} s${list.length > 1 ? ` (median of ${list.map((s) => s.toFixed(2)).join(', ')})` : ''}`
const kb = (bytes) => `${(bytes / 1024).toFixed(0)} KB`

try {
  await writePosts()
  const cold = []
  const peer = []
  const warm = []
  const plain = []
  let coldLine = ''
  let warmLine = ''
  for (let n = 1; n <= runs; n++) {
    for (const name of ['bundles', 'pages', 'posts', 'images', 'pasted']) rmSync(join(cache, name), { recursive: true, force: true })
    const first = await build(withImages, `dist-${n}`)
    cold.push(first.seconds)
    coldLine = imagesLine(first.output)
    peer.push((await eleventyImg(`eleventy-img-${n}`)).seconds)
    const again = await build(withImages, `dist-${n}`)
    warm.push(again.seconds)
    warmLine = imagesLine(again.output)
    // The same posts without images, built twice: the second is the build to compare with.
    await build(without, `plain-${n}`)
    plain.push((await build(without, `plain-${n}`)).seconds)
  }
  const original = screenshots.reduce((sum, file) => sum + statSync(file).size, 0)
  console.log(`\nimages:               ${count} posts with two 2400×1500 screenshots each (${(original / 1024 / 1024).toFixed(0)} MB of PNG), ${FORMATS.join(', ')} at ${WIDTHS.join(', ')} px`)
  console.log(`cold build:           ${seconds(cold)} (${coldLine}); @11ty/eleventy-img 7 encoding the same: ${seconds(peer)}; kube-site's whole build ${(median(cold) / median(peer)).toFixed(2)}× eleventy-img's encoding alone`)
  console.log(`rebuild, no change:   ${seconds(warm)} (${warmLine}); the same posts without images ${seconds(plain)}: ${(median(warm) / median(plain)).toFixed(2)}×`)
  for (const device of [
    { name: 'phone 390×844 at 3×', width: 390, height: 844, scale: 3 },
    { name: "Lighthouse's phone, 412×823 at 1.75×", width: 412, height: 823, scale: 1.75 },
  ]) {
    const { bytes, files } = await phoneBytes(join(site, 'dist-1'), 'post-0', device)
    const pngs = statSync(screenshots[0]).size + statSync(screenshots[1]).size
    console.log(`${`${device.name}:`.padEnd(38)}downloads ${kb(bytes)} for the post's 2 images (${files.length} files; the PNGs are ${kb(pngs)})`)
  }
  // Why effort 2: one 1080 px AVIF of a 2400 px screenshot at kube-site's effort and at sharp's default.
  const source = readFileSync(screenshots[0])
  for (const effort of [2, 4]) {
    const started = performance.now()
    const avif = await sharp(source).resize({ width: 1080 }).avif({ quality: 50, effort }).toBuffer()
    console.log(`AVIF effort ${effort}:        ${((performance.now() - started) / 1000).toFixed(2)} s, ${kb(avif.length)} for one 1080 px variant`)
  }
} finally {
  if (!values.keep) rmSync(site, { recursive: true, force: true })
  else console.log(`site kept in ${site}`)
}
