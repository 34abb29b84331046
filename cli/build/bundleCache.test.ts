import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { bundleKey } from './bundleCache.ts'

let root: string
const write = (path: string, text: string) => {
  mkdirSync(dirname(join(root, path)), { recursive: true })
  writeFileSync(join(root, path), text)
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'kube-site-key-'))
  write('pages/index/+Page.tsx', 'page')
  write('styles/global.scss', 'styles')
  write('public/favicon.svg', 'icon')
  write('package-lock.json', '{}')
  write('node_modules/.cache/kube-site/cli/index.mjs', 'cli')
})
afterEach(() => rmSync(root, { recursive: true, force: true }))

describe('bundleKey', () => {
  const settings = { config: { brand: { name: 'A' } }, base: '/', mode: 'production' }

  it('is the same for the same code and settings', () => {
    expect(bundleKey(settings, root)).toBe(bundleKey(structuredClone(settings), root))
  })

  it.each([
    ['a page', () => write('pages/index/+Page.tsx', 'page edited')],
    ['a new page file', () => write('pages/about/+Page.tsx', 'about')],
    ['a style', () => write('styles/global.scss', 'styles edited')],
    ['a public file', () => write('public/favicon.svg', 'icon edited')],
    ['the lockfile', () => write('package-lock.json', '{"v":2}')],
    ['the CLI', () => write('node_modules/.cache/kube-site/cli/index.mjs', 'cli edited')],
  ])('changes with %s', (_, change) => {
    const before = bundleKey(settings, root)
    change()
    expect(bundleKey(settings, root)).not.toBe(before)
  })

  it('changes with the config and the base', () => {
    const key = bundleKey(settings, root)
    expect(bundleKey({ ...settings, config: { brand: { name: 'B' } } }, root)).not.toBe(key)
    expect(bundleKey({ ...settings, base: '/sub/' }, root)).not.toBe(key)
  })

  it('tells a renamed file from an edited one', () => {
    const key = bundleKey(settings, root)
    rmSync(join(root, 'styles/global.scss'))
    write('styles/other.scss', 'styles')
    expect(bundleKey(settings, root)).not.toBe(key)
  })
})
