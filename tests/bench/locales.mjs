#!/usr/bin/env node
// `npm run bench:locales [-- --posts N] [--runs R] [--dir FOLDER] [--keep]`: what a second
// language costs a build (issue 61: N posts split over two locales build within 10 % of N posts in
// one). One workspace (benchSite.mjs: the shared corpus, the project as a user's checkout), built
// alternately in two layouts of the same posts: all of them in posts/ (one locale), and every
// other one moved to posts/de/ with `locales: [{ code: 'de' }]` in the config (two locales, the
// German posts written in German only: none translates another). Each layout is built clean
// (output and caches removed) R times, then one post of it edited and built again R times; the
// medians are printed with the two-locale time as a ratio of the one-locale time of the same run.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { createBenchSite } from './benchSite.mjs'

const { values } = parseArgs({
  options: {
    posts: { type: 'string', default: '1000' },
    runs: { type: 'string', default: '3' },
    dir: { type: 'string' },
    keep: { type: 'boolean', default: false },
  },
})
const count = Number(values.posts)
const runs = Number(values.runs)
if (!Number.isInteger(count) || count < 2) throw new Error('--posts takes a whole number above 1')
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs takes a whole number above 0')

const { site, kube, clearCaches, build } = createBenchSite({ posts: count, dir: values.dir })
const posts = join(kube, 'posts')
const german = join(posts, 'de')
const names = readdirSync(posts)
  .filter((name) => name.endsWith('.md'))
  .sort()
/** Every other post, the ones the two-locale layout moves to posts/de/. */
const moved = names.filter((_, index) => index % 2 === 1)
// The shipped config has a German locale of its own (its copy, its pages): one locale is the site
// without it, two the site with a German locale and nothing else of the shipped German copy.
const oneLocaleConfig = join(kube, 'site.one-locale.config.ts')
writeFileSync(oneLocaleConfig, `import config from './site.config.ts'\n\nexport default { ...config, locales: [] }\n`)
const twoLocalesConfig = join(kube, 'site.locales.config.ts')
writeFileSync(twoLocalesConfig, `import config from './site.config.ts'\n\nexport default { ...config, locales: [{ code: 'de' }] }\n`)

const layouts = {
  'one locale': { args: ['--config', oneLocaleConfig], arrange: () => existsSync(german) && moved.forEach((name) => renameSync(join(german, name), join(posts, name))) },
  'two locales': {
    args: ['--config', twoLocalesConfig],
    arrange: () => {
      mkdirSync(german, { recursive: true })
      for (const name of moved) if (existsSync(join(posts, name))) renameSync(join(posts, name), join(german, name))
    },
  },
}

const middle = (list) => [...list].sort((a, b) => a.seconds - b.seconds)[Math.floor((list.length - 1) / 2)]
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MB`
const each = (list) => list.map((run) => `${run.seconds.toFixed(2)} s ${mb(run.peakRss)}`).join(', ')
try {
  const results = Object.fromEntries(Object.keys(layouts).map((name) => [name, { clean: [], rebuild: [] }]))
  // Alternately, so that the machine's load of the moment weighs on both layouts alike.
  for (let run = 1; run <= runs; run++) {
    for (const [name, layout] of Object.entries(layouts)) {
      layout.arrange()
      rmSync(join(kube, 'dist'), { recursive: true, force: true })
      clearCaches()
      results[name].clean.push(await build({ args: layout.args }))
      // The first post of posts/ (the default locale's in both layouts), edited: a writer's rebuild.
      const edited = join(posts, names[0])
      writeFileSync(edited, readFileSync(edited, 'utf8').replace(/\n\n/, `\n\nAn edited paragraph for the benchmark (${name}, ${run}).\n\n`))
      results[name].rebuild.push(await build({ args: layout.args }))
    }
  }
  console.log(`posts: ${count} (two locales: ${count - moved.length} in posts/, ${moved.length} in posts/de/), ${runs} alternating runs, npx kube-site build as the README runs it`)
  for (const [name, { clean, rebuild }] of Object.entries(results)) {
    console.log(`${name.padEnd(12)} clean:   median ${middle(clean).seconds.toFixed(2)} s (${each(clean)}); ${middle(clean).rendered} pages rendered`)
    console.log(`${name.padEnd(12)} rebuild: median ${middle(rebuild).seconds.toFixed(2)} s (${each(rebuild)}); ${middle(rebuild).rendered} pages rendered`)
  }
  const ratio = (kind) => (middle(results['two locales'][kind]).seconds / middle(results['one locale'][kind]).seconds).toFixed(2)
  console.log(`two locales / one locale: clean ${ratio('clean')}×, one-post rebuild ${ratio('rebuild')}×`)
} finally {
  if (!values.keep) rmSync(site, { recursive: true, force: true })
  else console.log(`site kept in ${site}`)
}
