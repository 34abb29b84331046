import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createStylesheetCombiner, withoutRepeatedRules } from './combineStylesheets.ts'

const link = (href: string) => `<link rel="stylesheet" type="text/css" href="${href}">`
/** The files under /docs/ a page's head links as stylesheets of type text/css. */
const linkedStylesheets = (html: string) => [...html.slice(0, html.indexOf('</head>')).matchAll(/<link rel="stylesheet" type="text\/css" href="\/docs\/([^"]+)"/g)].map((match) => match[1]!)

describe('createStylesheetCombiner', () => {
  let clientDir: string
  let written: Map<string, string>
  beforeEach(() => {
    clientDir = mkdtempSync(join(tmpdir(), 'combine-'))
    mkdirSync(join(clientDir, 'assets/static'), { recursive: true })
    writeFileSync(join(clientDir, 'assets/static/a.css'), '.a{color:red}')
    writeFileSync(join(clientDir, 'assets/static/b.css'), '.b{color:blue}')
    // The browser bundle's loader may fetch a.css (an island's chunk imports it), never b.css.
    mkdirSync(join(clientDir, 'assets/chunks'))
    writeFileSync(join(clientDir, 'assets/chunks/island.js'), 'const deps=["assets/static/a.css","assets/chunks/x.js"]')
    written = new Map()
  })
  afterEach(() => rmSync(clientDir, { recursive: true, force: true }))

  const combiner = () =>
    createStylesheetCombiner(clientDir, '/docs/', (path, css) => {
      written.set(path, css)
      writeFileSync(path, css)
    })

  it('links one file holding the page stylesheets in order, and names each the browser bundle may load in a link no browser fetches', () => {
    const body = `<body><p>A post may show ${link('/docs/assets/static/a.css')} as text.</p></body>`
    const html = combiner()(`<head>${link('/docs/assets/static/a.css')}${link('/docs/assets/static/b.css')}</head>${body}`)
    expect(html.endsWith(`</head>${body}`)).toBe(true)
    const [combined] = linkedStylesheets(html)
    expect(linkedStylesheets(html)).toHaveLength(1)
    expect(readFileSync(join(clientDir, combined!), 'utf8')).toBe('.a{color:red}\n.b{color:blue}')
    // vite's loader skips a stylesheet the page links (it reads rel and href alone); the browser fetches
    // no stylesheet of a type it does not support.
    expect(html).toContain('<link rel="stylesheet" href="/docs/assets/static/a.css" type="text/x-kube-site-combined">')
    expect(html).not.toContain('b.css')
    expect(html.indexOf(`href="/docs/${combined}"`)).toBeLessThan(html.indexOf('a.css'))
  })

  it('writes a set of stylesheets once, and leaves a page with one stylesheet as it is', () => {
    const combine = combiner()
    const page = `${link('/docs/assets/static/a.css')}${link('/docs/assets/static/b.css')}`
    expect(combine(page)).toBe(combine(page))
    expect(written.size).toBe(1)
    expect(combine(link('/docs/assets/static/a.css'))).toBe(link('/docs/assets/static/a.css'))
  })

  it("keeps what it makes under the bundle's identity, and a combiner of that bundle reads it instead of the stylesheets and scripts", () => {
    const factsDir = join(clientDir, 'facts')
    const page = `<head>${link('/docs/assets/static/a.css')}${link('/docs/assets/static/b.css')}</head>`
    const combine = (bundle: string) => createStylesheetCombiner(clientDir, '/docs/', (path, css) => writeFileSync(path, css), bundle, factsDir)
    const first = combine('bundle-1')(page)
    // The bundle's files, as they are: read again only by a combiner of another bundle.
    writeFileSync(join(clientDir, 'assets/static/a.css'), '.a{color:green}')
    writeFileSync(join(clientDir, 'assets/chunks/island.js'), 'const deps=["assets/static/b.css"]')
    expect(combine('bundle-1')(page)).toBe(first)
    const other = combine('bundle-2')(page)
    const [combined] = linkedStylesheets(other)
    expect(readFileSync(join(clientDir, combined!), 'utf8')).toBe('.a{color:green}\n.b{color:blue}')
    expect(other).toContain('href="/docs/assets/static/b.css" type="text/x-kube-site-combined"')
    expect(other).not.toContain('a.css')
  })

  it('makes a fact again when the folder it was kept in is gone, and keeps only the last bundles', () => {
    const factsDir = join(clientDir, 'facts')
    const page = `<head>${link('/docs/assets/static/a.css')}${link('/docs/assets/static/b.css')}</head>`
    const combine = (bundle: string) => createStylesheetCombiner(clientDir, '/docs/', (path, css) => writeFileSync(path, css), bundle, factsDir)
    const first = combine('bundle-1')(page)
    rmSync(factsDir, { recursive: true })
    expect(combine('bundle-1')(page)).toBe(first)
    for (const bundle of ['bundle-2', 'bundle-3', 'bundle-4']) combine(bundle)(page)
    expect(readdirSync(factsDir)).toHaveLength(3)
    // The newest bundle's facts are among those kept: a combiner of it reads them.
    writeFileSync(join(clientDir, 'assets/static/b.css'), '.b{color:black}')
    expect(combine('bundle-4')(page)).toBe(combine('bundle-3')(page))
  })
})

describe('withoutRepeatedRules', () => {
  it('keeps the last copy of a repeated rule, where it is, so a rule between them still loses to it', () => {
    expect(withoutRepeatedRules('.a{color:red}\n.b{color:blue}\n.a{color:red}')).toBe('.b{color:blue}\n.a{color:red}')
    expect(withoutRepeatedRules('@media (min-width:40em){.a{color:red}}.b{x:y}@media (min-width:40em){.a{color:red}}')).toBe('.b{x:y}@media (min-width:40em){.a{color:red}}')
  })

  it('keeps rules that differ at all, braces in strings, comments, and every @layer, @import and @charset', () => {
    const css = '@charset "utf-8";@import "x.css";@layer base,site;.a::after{content:"}"}.a::after{content:"{"}/*x*/@layer base{.a{b:c}}/*x*/@layer base{.a{b:c}}.a{color:red}.a{color:RED}'
    expect(withoutRepeatedRules(css)).toBe(css)
  })
})
