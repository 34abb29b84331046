import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { recoverInterruptedSwap, stageBeside, swapIntoPlace, updateInPlace } from './outputDir.ts'

let root: string
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'kube-site-out-'))
})
afterEach(() => rmSync(root, { recursive: true, force: true }))

const folder = (path: string, files: Record<string, string>) => {
  mkdirSync(path, { recursive: true })
  for (const [name, text] of Object.entries(files)) writeFileSync(join(path, name), text)
  return path
}

describe('output folder', () => {
  it('swaps a finished build in and hands back the old one, hidden beside it, for the build to remove', () => {
    const target = folder(join(root, 'dist'), { 'index.html': 'old', 'gone.html': 'old' })
    const staged = stageBeside(folder(join(root, 'work', 'client'), { 'index.html': 'new' }), target)
    const previous = swapIntoPlace(staged, target)
    expect(readdirSync(target)).toEqual(['index.html'])
    expect(readFileSync(join(target, 'index.html'), 'utf8')).toBe('new')
    // Nothing runs in the background: the old output is exactly where the swap left it.
    expect(previous).toMatch(new RegExp(`/\\.dist\\.kube-site-previous-${process.pid}-[0-9a-f]+$`))
    expect(readdirSync(previous!).sort()).toEqual(['gone.html', 'index.html'])
    expect(readdirSync(root).sort()).toEqual([basename(previous!), 'dist', 'work'])
  })

  it('creates the target when there was none, with no previous output to remove', () => {
    const target = join(root, 'dist')
    expect(swapIntoPlace(stageBeside(folder(join(root, 'ready'), { 'a.txt': 'a' }), target), target)).toBeUndefined()
    expect(readFileSync(join(target, 'a.txt'), 'utf8')).toBe('a')
  })

  it('puts back an output that a killed build left aside, and removes its leftovers', () => {
    const dead = 2 ** 22 + 12345 // above Linux's default pid_max: no such process
    folder(join(root, `.dist.kube-site-previous-${dead}-abcdef`), { 'index.html': 'previous' })
    folder(join(root, `.dist.kube-site-staging-${dead}-123456`), { 'index.html': 'half' })
    recoverInterruptedSwap(join(root, 'dist'))
    expect(readFileSync(join(root, 'dist', 'index.html'), 'utf8')).toBe('previous')
    expect(readdirSync(root)).toEqual(['dist'])
  })

  it('leaves the folders of a build that is still running', () => {
    const live = folder(join(root, `.dist.kube-site-staging-${process.pid}-abcdef`), {})
    recoverInterruptedSwap(join(root, 'dist'))
    expect(existsSync(live)).toBe(true)
  })
})

/** Every file under `dir`, relative to it, with its text. */
function contents(dir: string): Record<string, string> {
  const files: Record<string, string> = {}
  const walk = (path: string, prefix: string) => {
    for (const entry of readdirSync(path, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(join(path, entry.name), `${prefix}${entry.name}/`)
      else files[`${prefix}${entry.name}`] = readFileSync(join(path, entry.name), 'utf8')
    }
  }
  walk(dir, '')
  return files
}

describe('update in place', () => {
  const previous = {
    'index.html': 'home v1',
    'sitemap.xml': 'sitemap v1',
    'blog/kept/index.html': 'kept',
    'blog/edited/index.html': 'edited v1',
    'blog/gone/index.html': 'gone',
    'blog/gone/index.pageContext.json': '{}',
    'assets/static/page.abc.css': 'shared css',
    'by-hand.txt': 'not from a build',
  }
  const fill = (dir: string, files: Record<string, string>) => {
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(join(dir, file, '..'), { recursive: true })
      writeFileSync(join(dir, file), text)
    }
    return dir
  }
  const kept = new Map(['index.html', 'blog/kept/index.html', 'assets/static/page.abc.css'].map((file) => [file, previous[file as keyof typeof previous].length]))
  const incoming = { 'sitemap.xml': 'sitemap v2', 'blog/edited/index.html': 'edited v2', 'blog/new/index.html': 'new', 'assets/static/page.abc.css': 'shared css', 'moved/index.html': 'redirect' }
  const updated = {
    'index.html': 'home v1',
    'sitemap.xml': 'sitemap v2',
    'blog/kept/index.html': 'kept',
    'blog/edited/index.html': 'edited v2',
    'blog/new/index.html': 'new',
    'assets/static/page.abc.css': 'shared css',
    'moved/index.html': 'redirect',
  }

  // What the plan removes (planBuild.ts withRemovals): every file of the output neither kept nor made again.
  const removed = ['blog/gone/index.html', 'blog/gone/index.pageContext.json', 'by-hand.txt']

  it('takes the new files, keeps the pages taken over, removes what the plan says, and says what the output holds', () => {
    const target = fill(join(root, 'dist'), previous)
    const cssTime = statSync(join(target, 'assets/static/page.abc.css')).mtimeMs
    const staging = stageBeside(fill(join(root, 'work', 'client'), incoming), target)
    const summary = updateInPlace(staging, target, { kept, removed }, new Set([join('moved', 'index.html')]))
    expect(contents(target)).toEqual(updated)
    // The page gone leaves no empty folder; nothing is left beside the output.
    expect(readdirSync(join(target, 'blog')).sort()).toEqual(['edited', 'kept', 'new'])
    expect(readdirSync(root).sort()).toEqual(['dist', 'work'])
    // A content-named file the output has stays as it was, with its time (the page manifest records it).
    expect(statSync(join(target, 'assets/static/page.abc.css')).mtimeMs).toBe(cssTime)
    const values = Object.values(updated)
    expect(summary).toEqual({ files: values.length, bytes: values.join('').length, pages: 4, redirects: 1 })
  })

  it('leaves a file of the output the plan does not remove', () => {
    const target = fill(join(root, 'dist'), previous)
    const staging = stageBeside(fill(join(root, 'work', 'client'), incoming), target)
    updateInPlace(staging, target, { kept, removed: removed.filter((file) => file !== 'by-hand.txt') })
    expect(contents(target)).toEqual({ ...updated, 'by-hand.txt': 'not from a build' })
  })

  it('is finished by the next build when the one that began it died', () => {
    const target = fill(join(root, 'dist'), previous)
    const dead = 2 ** 22 + 12345 // above Linux's default pid_max: no such process
    const staging = fill(join(root, `.dist.kube-site-staging-${dead}-abcdef`), incoming)
    // Died after its journal and the first move.
    writeFileSync(join(root, '.dist.kube-site-update.json'), JSON.stringify({ staging, stale: removed }))
    fill(target, { 'blog/edited/index.html': 'edited v2' })
    rmSync(join(staging, 'blog/edited/index.html'))
    recoverInterruptedSwap(target)
    expect(contents(target)).toEqual(updated)
    expect(readdirSync(root)).toEqual(['dist'])
  })
})
