import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { EARLY_SCRIPT, restoreBundle, saveBundle } from './bundleCache.ts'

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

  it.each([
    ['', 3],
    ['5', 5],
  ])('keeps the newest bundles, as many as KUBE_SITE_KEEP_BUNDLES=%j says (3 without it)', async (keep, kept) => {
    vi.stubEnv('KUBE_SITE_KEEP_BUNDLES', keep)
    vi.resetModules()
    const { saveBundle: save } = await import('./bundleCache.ts')
    try {
      for (const key of ['a', 'b', 'c', 'd', 'e', 'f']) await save(key, bundle(), join(root, 'bundles'))
      expect(readdirSync(join(root, 'bundles'))).toHaveLength(kept)
      expect(readdirSync(join(root, 'bundles'))).toContain('f')
    } finally {
      vi.unstubAllEnvs()
    }
  })
})
