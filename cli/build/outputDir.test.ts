import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { recoverInterruptedSwap, stageBeside, swapIntoPlace } from './outputDir.ts'

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
