import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { EARLY_SCRIPT, bundleKey, restoreBundle, saveBundle } from './bundleCache.ts'

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
  write('node_modules/.cache/kube-site/cli/version', 'cli')
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
    ['the CLI', () => write('node_modules/.cache/kube-site/cli/version', 'cli edited')],
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

describe('saveBundle', () => {
  const bundle = () => {
    write('work/client/assets/a.js', 'client code')
    write('work/server/entry.mjs', 'server code')
    write(`work/${EARLY_SCRIPT}`, 'early script')
    return join(root, 'work')
  }

  it('keeps the bundle as it was when the build went on, for a later build to restore', async () => {
    const workDir = bundle()
    const saved = saveBundle('key', workDir, join(root, 'bundles'))
    // The prerender writes its pages beside the bundle while it is copied.
    write('work/client/index.html', 'a page')
    await saved
    const restored = join(root, 'restored')
    expect(restoreBundle('key', restored, join(root, 'bundles'))).toBe(true)
    expect(readFileSync(join(restored, 'client/assets/a.js'), 'utf8')).toBe('client code')
    expect(readFileSync(join(restored, 'server/entry.mjs'), 'utf8')).toBe('server code')
    expect(readFileSync(join(restored, EARLY_SCRIPT), 'utf8')).toBe('early script')
    expect(existsSync(join(restored, 'client/index.html'))).toBe(false)
  })

  it('restores no bundle without the inline script its pages carry (the policies hash it)', async () => {
    const workDir = bundle()
    rmSync(join(workDir, EARLY_SCRIPT))
    await saveBundle('key', workDir, join(root, 'bundles'))
    expect(existsSync(join(root, 'bundles', 'key', 'client'))).toBe(true)
    expect(restoreBundle('key', join(root, 'restored'), join(root, 'bundles'))).toBe(false)
  })

  it('keeps nothing when a file of the bundle changed before it was copied', async () => {
    const workDir = bundle()
    const saved = saveBundle('key', workDir, join(root, 'bundles'))
    write('work/client/assets/a.js', 'client code, changed')
    await saved
    expect(restoreBundle('key', join(root, 'restored'), join(root, 'bundles'))).toBe(false)
  })
})
