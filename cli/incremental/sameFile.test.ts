import { describe, expect, it } from 'vitest'
import { sameFile } from './sameFile.js'

const recorded = { size: 120, mtimeMs: 1764400000123.25 }
const regular = (size: number, mtimeMs: number) => ({ size, mtimeMs, isFile: () => true })

describe('sameFile', () => {
  it.each([
    ['the same size and time', regular(120, 1764400000123.25), true],
    ['a plain record of the same size and time', { size: 120, mtimeMs: 1764400000123.25 }, true],
    ['another size, the same time', regular(121, 1764400000123.25), false],
    ['the same size, a time a fraction of a millisecond later', regular(120, 1764400000123.5), false],
    ['the same size, an older time', regular(120, 1764399000000), false],
    ['gone', undefined, false],
    ['a folder of that size and time', { size: 120, mtimeMs: 1764400000123.25, isFile: () => false }, false],
  ])('%s: %s', (_, now, same) => {
    expect(sameFile(recorded, now)).toBe(same)
  })
})
