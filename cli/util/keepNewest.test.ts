import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { keepNewest } from './keepNewest.ts'

describe('keepNewest', () => {
  const dirs: string[] = []
  afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })))
  const folders = (times: Record<string, number>) => {
    const dir = mkdtempSync(join(tmpdir(), 'keep-newest-'))
    dirs.push(dir)
    for (const [name, seconds] of Object.entries(times)) {
      mkdirSync(join(dir, name))
      utimesSync(join(dir, name), seconds, seconds)
    }
    return dir
  }

  it('keeps the most recently modified, the one just made among them', () => {
    const dir = folders({ a: 100, b: 400, c: 300, d: 200 })
    keepNewest(dir, 3, join(dir, 'a'))
    expect(readdirSync(dir).sort()).toEqual(['a', 'b', 'c'])
  })

  it('never removes the one just made when times tie', () => {
    const dir = folders({ a: 100, b: 100, c: 100, d: 100 })
    keepNewest(dir, 2, join(dir, 'd'))
    expect(readdirSync(dir)).toContain('d')
    expect(readdirSync(dir)).toHaveLength(2)
  })
})
