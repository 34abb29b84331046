import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { toolRoot } from '../toolRoot.ts'
import { seenByBundle } from './bundleEnv.ts'

describe('what the bundle reads of the environment', () => {
  it.each([
    ['VITE_PLAN', true],
    ['PUBLIC_ENV__SENTRY_DSN', true],
    ['STORYBOOK', true],
    ['DEBUG', true],
    ['DEBUG_COLORS', false],
    ['PUBLIC_ENV', false],
    ['BASE_SERVER', false],
    ['HOME', false],
    ['vite_plan', false],
  ])('%s: %s', (name, seen) => {
    expect(seenByBundle(name)).toBe(seen)
  })

  // vike replaces import.meta.env.NAME in server code for any variable of the environment, by the
  // name written out (its regular expression): the key covers those the site's code names only if
  // it names none but vite's own, the build's define and the variables seenByBundle keys.
  it("the site's code reads no other variable than those", () => {
    const vites = new Set(['BASE_URL', 'MODE', 'DEV', 'PROD', 'SSR', 'KUBE_SITE_NOINDEX'])
    const pages = join(toolRoot, 'pages')
    const read = new Set<string>()
    for (const file of readdirSync(pages, { recursive: true, encoding: 'utf8' })) {
      if (!/\.[cm]?[jt]sx?$/.test(file) || /\.test\.|__fixtures__/.test(file)) continue
      for (const [, name] of readFileSync(join(pages, file), 'utf8').matchAll(/\bimport\.meta\.env\.([A-Za-z_$][\w$]*)/g)) read.add(name!)
    }
    expect(read.size).toBeGreaterThan(0)
    expect([...read].filter((name) => !vites.has(name) && !seenByBundle(name))).toEqual([])
  })
})
