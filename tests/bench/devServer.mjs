#!/usr/bin/env node
// `node tests/bench/devServer.mjs [--posts 100] [--runs 3]`: the dev server as a writer feels it,
// side by side with `eleventy --serve` on the same posts (the shared corpus, on /dev/shm), each
// started fresh for every run, in turn:
//   ready:      from the start of the command to the first 200 for the home page;
//   first load: then a post opened in a fresh chromium page, to its load event;
//   first save: the post's title saved right after that load, to the new title in the open page;
//   next save:  saved again once that shows, to the newer title.
// Medians, then each peer's ratio. Eleventy is the peer ../shared/peers/run.sh installs (run
// `../shared/peers/run.sh eleventy posts /tmp/x` once if it is missing). Nothing leaves the machine.
import { spawn } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { chromium } from 'playwright-core'

const { values } = parseArgs({ options: { posts: { type: 'string', default: '100' }, runs: { type: 'string', default: '3' } } })
const projectRoot = resolve(import.meta.dirname, '../..')
const peers = resolve(projectRoot, '../shared/peers')
const eleventyModules = join(process.env.PEERS_CACHE ?? process.env.TMPDIR ?? '/tmp', 'kube-site-peers', 'eleventy', 'node_modules')
const root = '/dev/shm/kube-site-dev-bench'
const SLUG = 'post-050'

rmSync(root, { recursive: true, force: true })
mkdirSync(root, { recursive: true })
await run(process.execPath, [join(peers, 'gen-corpus.mjs'), values.posts, join(root, 'corpus')])
const corpus = readdirSync(join(root, 'corpus')).filter((name) => name.endsWith('.md'))

// kube-site: a site folder with the posts and a config that is the project's.
const kube = join(root, 'kube')
mkdirSync(join(kube, 'posts'), { recursive: true })
const cover = readdirSync(join(projectRoot, 'public/images/blog')).find((name) => name.endsWith('.svg'))
for (const name of corpus) {
  const text = readFileSync(join(root, 'corpus', name), 'utf8')
    .replace(/^readTime: (\d+)$/m, 'readTime: "$1 min read"')
    .replace(/^(image|lightImage|darkImage): .*$/gm, `$1: "/images/blog/${cover}"`)
  writeFileSync(join(kube, 'posts', name), text)
}
writeFileSync(join(kube, 'site.config.ts'), `import config from '${join(projectRoot, 'site.config.ts')}'\nexport default config\n`)
// Eleventy: its peer folder with the same posts.
const eleventy = join(root, 'eleventy')
cpSync(join(peers, 'eleventy'), eleventy, { recursive: true })
if (!existsSync(eleventyModules)) throw new Error(`Eleventy is not installed: run ${join(peers, 'run.sh')} eleventy posts /tmp/x once`)
symlinkSync(eleventyModules, join(eleventy, 'node_modules'))
mkdirSync(join(eleventy, 'posts'), { recursive: true })
for (const name of corpus) cpSync(join(root, 'corpus', name), join(eleventy, 'posts', name))
cpSync(join(peers, 'eleventy', 'posts.11tydata.js'), join(eleventy, 'posts', 'posts.11tydata.js'))

const servers = {
  'kube-site dev': { dir: kube, post: join(kube, 'posts', `${SLUG}.md`), command: (port) => [process.execPath, [join(projectRoot, 'cli/bin.js'), 'dev', '--port', String(port)]] },
  'eleventy --serve': { dir: eleventy, post: join(eleventy, 'posts', `${SLUG}.md`), command: (port) => [join(eleventy, 'node_modules/.bin/eleventy'), ['--serve', '--quiet', '--port', String(port)]] },
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'] })
const results = Object.fromEntries(Object.keys(servers).map((name) => [name, []]))
try {
  for (let round = 0; round < Number(values.runs); round++) {
    for (const [name, server] of Object.entries(servers)) {
      const result = await measure(server, round)
      results[name].push(result)
      console.log(`${name.padEnd(17)} run ${round + 1}: ${Object.entries(result).map(([key, ms]) => `${key} ${ms} ms`).join(', ')}`)
    }
  }
} finally {
  await browser.close()
}

const median = (numbers) => [...numbers].sort((a, b) => a - b)[Math.floor((numbers.length - 1) / 2)]
console.log(`\n${values.posts} posts, ${values.runs} runs each, medians:`)
const keys = Object.keys(results['kube-site dev'][0])
for (const key of keys) {
  const [ours, theirs] = Object.values(results).map((runs) => median(runs.map((result) => result[key])))
  console.log(`  ${key.padEnd(11)} kube-site ${String(ours).padStart(5)} ms   eleventy ${String(theirs).padStart(5)} ms   ratio ${(ours / theirs).toFixed(2)}`)
}
rmSync(root, { recursive: true, force: true })

async function measure({ dir, post, command }, round) {
  const original = readFileSync(post, 'utf8')
  const port = await freePort()
  const [file, args] = command(port)
  const start = performance.now()
  const child = spawn(file, args, { cwd: dir, env: { ...process.env, NO_COLOR: '1' }, stdio: 'ignore' })
  const page = await browser.newPage()
  try {
    const base = `http://localhost:${port}/`
    while (!(await fetch(base).then((response) => response.ok, () => false))) await sleep(20)
    const ready = performance.now() - start
    const loadStart = performance.now()
    await page.goto(`${base}blog/${SLUG}/`)
    const firstLoad = performance.now() - loadStart
    const save = async (title) => {
      const saved = performance.now()
      writeFileSync(post, original.replace(/^title: .*$/m, `title: "${title}"`))
      await page.waitForFunction((text) => document.querySelector('h1')?.textContent === text, title, { timeout: 20_000, polling: 10 })
      return performance.now() - saved
    }
    const firstSave = await save(`Saved once ${round}`)
    const nextSave = await save(`Saved twice ${round}`)
    return { ready: Math.round(ready), firstLoad: Math.round(firstLoad), firstSave: Math.round(firstSave), nextSave: Math.round(nextSave) }
  } finally {
    await page.close()
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGTERM')
    await exited
    writeFileSync(post, original)
  }
}

function freePort() {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address()
      probe.close(() => resolve(port))
    })
  })
}

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

function run(file, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { stdio: 'ignore' })
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${file} ${args.join(' ')} exited with ${code}`))))
  })
}
