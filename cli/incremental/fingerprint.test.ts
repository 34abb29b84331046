import { appendFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { CARD_FONT_PACKAGES } from '../cards/fontFamilies.ts'
import { cacheLine, openCacheLog } from './explainCaches.ts'
import { toolRoot } from '../toolRoot.ts'
import { CACHE_INPUTS, createFingerprint, INPUTS, sourceCliVersion, type BuildValues, type CacheName, type FingerprintSources, type InputName } from './fingerprint.ts'

let root: string
const write = (path: string, text: string) => {
  mkdirSync(dirname(join(root, path)), { recursive: true })
  writeFileSync(join(root, path), text)
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'kube-site-fingerprint-'))
  write('pages/index/+Page.tsx', 'page')
  write('styles/global.scss', 'styles')
  write('public/favicon.svg', 'icon')
  write('package-lock.json', '{}')
  write('package.json', '{"name":"site"}')
  write('tsconfig.json', '{}')
  write('.env', 'VITE_PLAN=free')
  for (const name of ['opentype.js', '@resvg/resvg-js', 'harfbuzzjs', 'bidi-js', ...CARD_FONT_PACKAGES, 'sharp', libvips]) write(`node_modules/${name}/package.json`, '{"version":"1.0.0"}')
})
afterEach(() => rmSync(root, { recursive: true, force: true }))

const libvips = `@img/sharp-libvips-${process.platform}-${process.arch}`

/**
 * Each cache, and the inputs a change to which must give it a new key, written out (not read from
 * CACHE_INPUTS): the keys below are held to this table.
 */
const DECLARED: Record<CacheName, readonly InputName[]> = {
  bundle: ['pages', 'styles', 'public', 'package-lock.json', 'package.json', 'tsconfig.json', 'env', 'runtime', 'cli', 'config', 'base', 'noindex'],
  posts: ['public', 'package-lock.json', 'runtime', 'cli'],
  search: ['public', 'package-lock.json', 'runtime', 'cli'],
  'svg verdicts': ['package-lock.json', 'runtime', 'cli'],
  pages: ['pages', 'styles', 'public', 'package-lock.json', 'package.json', 'tsconfig.json', 'env', 'runtime', 'cli', 'config', 'base', 'noindex', 'drafts'],
  'site files': ['pages', 'styles', 'public', 'package-lock.json', 'package.json', 'tsconfig.json', 'env', 'runtime', 'cli', 'config', 'base', 'noindex', 'drafts'],
  cards: ['runtime', 'card renderer'],
  images: ['image encoder'],
  stylesheets: [],
  'cli compile': [],
}
const caches = Object.keys(DECLARED) as CacheName[]
const declaring = (input: InputName) => caches.filter((cache) => DECLARED[cache].includes(input))
const values: BuildValues = { config: { brand: { name: 'A' } }, base: '/', drafts: false, noindex: false }

/** A build's state: what it was given, and what a change does to it. */
interface State {
  values: BuildValues
  env: NodeJS.ProcessEnv
  cli: string
}
const start = (): State => ({ values: structuredClone(values), env: { HOME: '/home/writer' }, cli: 'cli-1' })
const fingerprintOf = (state: State) => createFingerprint(state.values, { root, env: state.env, cliVersion: () => state.cli } satisfies FingerprintSources)
const keysOf = (state: State) => Object.fromEntries(caches.map((cache) => [cache, fingerprintOf(state).key(cache)]))

/** Each input, with a change to it: a file edited, added or removed, a variable, a value. */
const changes: [InputName, string, (state: State) => void][] = [
  ['pages', 'a page edited', () => write('pages/index/+Page.tsx', 'page edited')],
  ['pages', 'a page added', () => write('pages/about/+Page.tsx', 'about')],
  ['pages', 'a + file named as a test (vike loads it)', () => write('pages/about/+data.test.ts', 'data')],
  ['styles', 'a stylesheet renamed', () => (rmSync(join(root, 'styles/global.scss')), write('styles/other.scss', 'styles'))],
  ['public', 'a public file edited', () => write('public/favicon.svg', 'icon edited')],
  ['package-lock.json', 'the lockfile', () => write('package-lock.json', '{"v":2}')],
  ['package.json', 'package.json', () => write('package.json', '{"name":"site","type":"module"}')],
  ['tsconfig.json', 'tsconfig.json', () => write('tsconfig.json', '{"compilerOptions":{"jsx":"preserve"}}')],
  ['env', 'a variable in .env', () => write('.env', 'VITE_PLAN=pro')],
  ['env', 'a .env.production.local added', () => write('.env.production.local', 'X=1')],
  ['env', 'a VITE_ variable set', (state) => void (state.env.VITE_PLAN = 'team')],
  ['env', 'a PUBLIC_ENV__ variable set (vike exposes it)', (state) => void (state.env.PUBLIC_ENV__PLAN = 'team')],
  ['env', 'STORYBOOK set (vike lets the browser read it)', (state) => void (state.env.STORYBOOK = 'true')],
  ['env', 'DEBUG set (vike lets the browser read it)', (state) => void (state.env.DEBUG = 'vite:*')],
  ['cli', "the CLI's version", (state) => void (state.cli = 'cli-2')],
  ['config', 'the config', (state) => void (state.values.config = { brand: { name: 'B' } })],
  ['base', '--base', (state) => void (state.values.base = '/docs/')],
  ['drafts', '--drafts', (state) => void (state.values.drafts = true)],
  ['noindex', '--noindex', (state) => void (state.values.noindex = true)],
  ['card renderer', "a card font's version", () => write('node_modules/@fontsource/inter/package.json', '{"version":"1.0.1"}')],
  ['card renderer', "a CJK font's version", () => write('node_modules/@fontsource/noto-sans-jp/package.json', '{"version":"1.0.1"}')],
  ['card renderer', "the shaper's version", () => write('node_modules/harfbuzzjs/package.json', '{"version":"1.0.1"}')],
  ['image encoder', "libvips's version", () => write(`node_modules/${libvips}/package.json`, '{"version":"1.0.1"}')],
]

describe('the fingerprint', () => {
  it('has the caches of the table, each input declared by one of them, and every input but the runtime changed below', () => {
    expect(Object.keys(CACHE_INPUTS).sort()).toEqual([...caches].sort())
    const declared = new Set(Object.values(DECLARED).flat())
    expect(new Set(INPUTS)).toEqual(declared)
    expect(new Set(changes.map(([input]) => input))).toEqual(new Set([...declared].filter((input) => input !== 'runtime')))
  })

  it('gives each cache the same key for the same inputs, and each cache its own', () => {
    const keys = keysOf(start())
    expect(keysOf(start())).toEqual(keys)
    expect(new Set(Object.values(keys)).size).toBe(caches.length)
  })

  it("ignores a variable vite and vike do not expose, those vike sets from the base, a file vike leaves behind, the pages' tests and fixtures, and a folder named .env.local (a Python virtualenv)", () => {
    const state = start()
    const keys = keysOf(state)
    state.env.SECRET = 'x'
    state.env.PUBLIC_ENV = 'x'
    state.env.BASE_SERVER = '/docs/'
    state.env.BASE_ASSETS = '/docs/'
    write('pages/+config.ts.build-0123456789ab.mjs', 'temporary')
    write('pages/index/Hero.test.tsx', 'a test')
    write('pages/_lib/pageData.test.ts', 'a test')
    write('pages/_lib/__fixtures__/twoLocales.ts', 'a fixture')
    write('.env.local/bin/activate', 'export VIRTUAL_ENV=here')
    expect(keysOf(state)).toEqual(keys)
  })

  it('takes a VITE_ variable the environment holds with the value a .env file gives it for the same input (vike copies .env into process.env as it bundles)', () => {
    const state = start()
    const keys = keysOf(state)
    state.env.VITE_PLAN = 'free'
    expect(keysOf(state)).toEqual(keys)
    state.env.VITE_PLAN = 'pro'
    expect(keysOf(state).bundle).not.toBe(keys.bundle)
  })

  it.each(changes)('changes with %s (%s) the key of the caches that declare it, and no other', (input, _, change) => {
    const state = start()
    const before = keysOf(state)
    change(state)
    const after = keysOf(state)
    const changed = caches.filter((cache) => before[cache] !== after[cache])
    expect(changed).toEqual(declaring(input))
    expect(changed.length).toBeGreaterThan(0)
  })

  it('changes with the runtime the keys of the caches of what the CLI makes', () => {
    const state = start()
    const before = keysOf(state)
    const own = process.version
    Object.defineProperty(process, 'version', { value: 'v20.20.2' })
    try {
      const after = keysOf(state)
      expect(caches.filter((cache) => before[cache] !== after[cache])).toEqual(declaring('runtime'))
    } finally {
      Object.defineProperty(process, 'version', { value: own })
    }
  })

  it('works each input out once a build', () => {
    const state = start()
    const fingerprint = fingerprintOf(state)
    const key = fingerprint.key('bundle')
    write('pages/index/+Page.tsx', 'edited while bundling')
    expect(fingerprint.key('bundle')).toBe(key)
    expect(fingerprint.again().key('bundle')).not.toBe(key)
  })
})

describe("the CLI's version from source (the unit tests')", () => {
  // A copy of the tool's cli/ and pages/, made once: each row edits one file of it, and puts it back.
  let tool: string
  beforeAll(() => {
    tool = mkdtempSync(join(tmpdir(), 'kube-site-fingerprint-tool-'))
    for (const folder of ['cli', 'pages']) cpSync(join(toolRoot, folder), join(tool, folder), { recursive: true })
  })
  afterAll(() => rmSync(tool, { recursive: true, force: true }))

  it.each([
    ['pages/blog/postStatus.ts', 'a module of pages/ the CLI imports', true],
    ['pages/blog/list/listOf.ts', 'another', true],
    ['cli/cards/socialCardWorker.ts', "a worker thread's entry, which cli/index.ts does not import", true],
    ['cli/incremental/fingerprint.test.ts', 'a test', false],
    ['pages/index/+Page.tsx', 'a page of the site (the bundle is keyed by pages/)', false],
  ])('with %s (%s) edited: changed %s', (file, _, changes) => {
    const version = sourceCliVersion(tool)
    const text = readFileSync(join(tool, file))
    try {
      appendFileSync(join(tool, file), '\n// edited\n')
      expect(sourceCliVersion(tool) !== version).toBe(changes)
    } finally {
      writeFileSync(join(tool, file), text)
    }
  })
})

describe('the explanation', () => {
  const file = () => join(root, 'cache', 'fingerprints.json')
  /** A build that asks every cache for its key and misses (or hits) each; its explanation. */
  const build = (state: State, hit: (cache: CacheName) => boolean = () => false, enabled = true) => {
    const fingerprint = fingerprintOf(state)
    const log = openCacheLog(fingerprint, { file: file(), enabled })
    for (const cache of caches) {
      fingerprint.key(cache)
      if (hit(cache)) log.hit(cache)
      else log.miss(cache, 'not in the cache')
    }
    log.save()
    return log.outcomes().map(cacheLine)
  }

  it('says a first build had no previous one', () => {
    expect(build(start())).toContain('bundle: miss (no previous)')
  })

  it.each(changes)('names %s (%s) as what made each cache that declares it miss', (input, _, change) => {
    const state = start()
    build(state)
    change(state)
    const lines = build(state)
    for (const cache of caches) {
      const declares = DECLARED[cache].includes(input)
      expect(lines).toContain(declares ? `${cache}: miss (${input} changed)` : `${cache}: miss (not in the cache)`)
    }
  })

  it('counts the entries of a cache that keeps many, and says hit when nothing missed', () => {
    const state = start()
    build(state)
    const log = openCacheLog(fingerprintOf(state), { file: file() })
    log.hit('posts', 98)
    log.miss('posts', 'content changed', 2)
    log.miss('posts', 'never shown', 0)
    log.hit('bundle')
    expect(log.outcomes().map(cacheLine)).toEqual(['posts: 98 hit, 2 miss (content changed)', 'bundle: hit'])
  })

  it('keeps the entries a cache names as missed, in the order told', () => {
    const state = start()
    build(state)
    const log = openCacheLog(fingerprintOf(state), { file: file() })
    log.hit('posts', 5)
    log.miss('posts', 'content changed', 2, ['posts/b.md', 'posts/a.md'])
    log.miss('posts', 'content changed', 1, ['posts/de/c.md'])
    log.miss('images', 'image changed', 0, [])
    log.miss('bundle', 'not in the cache')
    expect(log.outcomes()).toEqual([
      { cache: 'posts', hits: 5, misses: 3, counted: true, reason: 'content changed', missed: ['posts/b.md', 'posts/a.md', 'posts/de/c.md'] },
      { cache: 'images', hits: 0, misses: 0, counted: true, missed: [] },
      { cache: 'bundle', hits: 0, misses: 1, counted: false, reason: 'not in the cache' },
    ])
  })

  it('says the caches were off with --no-cache, and records nothing then', () => {
    const state = start()
    expect(build(state, () => false, false)).toContain('bundle: miss (--no-cache)')
    expect(build(state)).toContain('bundle: miss (no previous)')
  })
})
