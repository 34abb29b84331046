// The bench's workspace (bench.mjs, cpuProfile.mjs): kube-site measured as a user meets it, as
// ../shared/peers/side-by-side.sh does. The shared corpus, a copy of the project with those posts,
// in a folder of tmpfs (or one named), and a build run as the README runs it.
import { spawn, spawnSync } from 'node:child_process'
import { accessSync, constants, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { generatePost } from './generatePosts.mjs'
import { sampleTreeRss } from './processTreeRss.mjs'

export const repo = fileURLToPath(new URL('../..', import.meta.url))
export const peersDir = join(repo, '..', 'shared', 'peers')

/** Where a bench builds: the folder named, else tmpfs when the machine has one, else the system's temporary folder. */
function benchRoot(dir) {
  if (dir) return dir
  try {
    accessSync('/dev/shm', constants.W_OK)
    return '/dev/shm'
  } catch {
    return tmpdir()
  }
}

/**
 * The corpus dates its posts half a day apart from 2019 on, so from about 5,800 posts on the
 * newest are dated after today: kube-site schedules those (it builds them on their day), and a
 * scale run would build a fraction of its posts. When the newest date is in the future, every
 * date is moved back in proportion into 2019..yesterday, in the same order: every post is
 * published. A corpus with no future date keeps its dates (the 4,000-post runs match
 * side-by-side.sh's exactly).
 */
function publishedDates(texts) {
  const times = texts.map((text) => Date.parse(/^date: (.*)$/m.exec(text)?.[1] ?? ''))
  const newest = Math.max(...times.filter(Number.isFinite))
  const oldest = Math.min(...times.filter(Number.isFinite))
  const yesterday = Date.now() - 86400000
  if (!(newest > yesterday)) return (date) => date
  const scale = (yesterday - oldest) / (newest - oldest)
  return (date) => {
    const time = Date.parse(date)
    return Number.isFinite(time) ? new Date(oldest + (time - oldest) * scale).toISOString() : date
  }
}

/**
 * A workspace of `posts` posts in `dir` (default /dev/shm): `corpus/` (the shared corpus,
 * ../shared/peers/gen-corpus.mjs; the project's own generatePosts.mjs without it) and `kube/`, the
 * project as a user's checkout with those posts.
 */
export function createBenchSite({ posts, dir }) {
  const root = benchRoot(dir)
  mkdirSync(root, { recursive: true })
  const site = mkdtempSync(join(root, 'kube-site-bench-'))
  console.log(`building in ${site}${root === '/dev/shm' ? ' (tmpfs)' : ''}`)

  const corpus = join(site, 'corpus')
  const sharedCorpus = join(peersDir, 'gen-corpus.mjs')
  if (existsSync(sharedCorpus)) {
    if (spawnSync(process.execPath, [sharedCorpus, String(posts), corpus], { stdio: 'ignore' }).status !== 0) throw new Error('gen-corpus.mjs failed')
  } else {
    console.log(`(no ${sharedCorpus}: the posts are the project's own generatePosts.mjs)`)
    mkdirSync(corpus)
    for (let n = 0; n < posts; n++) writeFileSync(join(corpus, `post-${n}.md`), generatePost(n))
  }

  // The project, as a user's checkout: its files, its node_modules (so that npx finds the CLI and
  // the build caches live beside it, in the same folder), and the corpus as its posts. The corpus
  // gives readTime as a number and covers of its own; kube-site's posts say "5 min read" and use a
  // cover the project has (as side-by-side.sh does).
  const kube = join(site, 'kube')
  const tracked = spawnSync('git', ['ls-files', '-z'], { cwd: repo, encoding: 'utf8' })
  if (tracked.status !== 0) throw new Error('git ls-files failed: the bench copies the project as git knows it')
  for (const file of tracked.stdout.split('\0').filter(Boolean)) if (existsSync(join(repo, file))) cpSync(join(repo, file), join(kube, file))
  const caches = join(repo, 'node_modules', '.cache', 'kube-site')
  const compiledCli = join(caches, 'cli')
  cpSync(join(repo, 'node_modules'), join(kube, 'node_modules'), { recursive: true, verbatimSymlinks: true, filter: (source) => !source.startsWith(caches) || source === caches || source.startsWith(compiledCli) })
  rmSync(join(kube, 'posts'), { recursive: true, force: true })
  mkdirSync(join(kube, 'posts'))
  const cover = readdirSync(join(kube, 'public', 'images', 'blog')).find((name) => name.endsWith('.svg'))
  const names = readdirSync(corpus).filter((file) => file.endsWith('.md'))
  const published = publishedDates(names.map((name) => readFileSync(join(corpus, name), 'utf8')))
  for (const name of names) {
    let text = readFileSync(join(corpus, name), 'utf8').replace(/^readTime: (\d+)$/m, 'readTime: "$1 min read"')
    text = cover ? text.replace(/^(image|lightImage|darkImage): .*$/gm, `$1: "/images/blog/${cover}"`) : text.replace(/^(image|lightImage|darkImage): .*\n/gm, '')
    text = text.replace(/^date: (.*)$/m, (_, date) => `date: ${published(date)}`)
    writeFileSync(join(kube, 'posts', name), text)
  }
  const cache = join(kube, 'node_modules', '.cache', 'kube-site')

  return {
    site,
    corpus,
    kube,
    sharedCorpus: existsSync(sharedCorpus),
    /** Every build cache but the compiled CLI: a writer's clean build after `npm ci` has compiled it once. */
    clearCaches() {
      if (!existsSync(cache)) return
      for (const name of readdirSync(cache)) if (name !== 'cli') rmSync(join(cache, name), { recursive: true, force: true })
    },
    /**
     * A build as the README runs it (`npx kube-site build --profile`, and `args`); peak RSS is read by a
     * preload in every Node process it starts, and the peak of all its processes together (the
     * CLI's, npx's, Pagefind's, sass's) by sampling them (processTreeRss.mjs). With `cpuProfileDir`, the CLI is run by node itself
     * (npx cannot pass --cpu-prof on) with V8's profiler on in every thread, writing there.
     */
    build({ cpuProfileDir, args = [] } = {}) {
      const rssFile = join(site, `rss-${Date.now()}.txt`)
      const started = performance.now()
      const preload = `--import=${join(repo, 'tests/bench/recordPeakRss.mjs')}`
      const env = { ...process.env, KUBE_SITE_RSS_FILE: rssFile, NO_COLOR: '1' }
      const child = cpuProfileDir
        ? spawn(process.execPath, ['--cpu-prof', `--cpu-prof-dir=${cpuProfileDir}`, preload, join(kube, 'cli', 'bin.js'), 'build', '--profile', ...args], { cwd: kube, env })
        : spawn('npx', ['--no-install', 'kube-site', 'build', '--profile', ...args], { cwd: kube, env: { ...env, NODE_OPTIONS: [process.env.NODE_OPTIONS ?? '', preload].join(' ').trim() } })
      const tree = sampleTreeRss(child.pid)
      let output = ''
      child.stdout.on('data', (chunk) => (output += chunk))
      child.stderr.on('data', (chunk) => (output += chunk))
      return new Promise((resolve, reject) =>
        child.on('close', (code) => {
          const treeRss = tree.stop()
          if (code !== 0) return reject(new Error(`build failed (exit ${code}):\n${output}`))
          const processes = readFileSync(rssFile, 'utf8').trim().split('\n').map((line) => line.split(' ').map(Number))
          const peaks = processes.map(([bytes]) => bytes)
          const cpuSeconds = processes.reduce((sum, [, micro]) => sum + (micro ?? 0), 0) / 1e6
          const phases = [...output.matchAll(/✓ (\w+)\s+([\d.]+ m?s)/g)].map(([, name, time]) => `${name} ${time}`).join(', ')
          const rendered = /(\d+) pages rendered \((\d+) pages\/s\)/.exec(output)
          const profile = output.slice(output.indexOf('  profile ')).trimEnd()
          resolve({ seconds: (performance.now() - started) / 1000, phases, profile, rendered: Number(rendered?.[1]), rate: Number(rendered?.[2]), peakRss: Math.max(...peaks), treeRss, cpuSeconds })
        }),
      )
    },
  }
}
