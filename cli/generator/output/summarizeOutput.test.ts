import { randomBytes } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { gzipBound, largestScript } from './summarizeOutput.ts'

let dir: string
beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'largest-script-'))))
afterEach(() => rmSync(dir, { recursive: true, force: true }))
const write = (file: string, bytes: Buffer | string) => {
  mkdirSync(dirname(join(dir, file)), { recursive: true })
  writeFileSync(join(dir, file), bytes)
}

describe('largestScript', () => {
  it('is the script largest once gzipped, not the largest on disk', async () => {
    write('assets/chunks/repetitive.js', 'const a = 1;\n'.repeat(20_000))
    const noise = randomBytes(30_000).toString('base64')
    write('assets/entries/noise.mjs', noise)
    write('assets/static/big.css', randomBytes(200_000))
    expect(await largestScript(dir)).toEqual({ file: 'assets/entries/noise.mjs', gzipBytes: gzipSync(noise).length })
  })

  it('is none in a folder without scripts', async () => {
    write('index.html', '<p>no script</p>')
    expect(await largestScript(dir)).toBeUndefined()
  })
})

describe('gzipBound', () => {
  it('is never below what gzip makes of bytes it cannot compress', () => {
    for (const size of [0, 1, 1000, 16_383, 65_535, 65_536, 300_000, 1_000_000]) expect(gzipBound(size)).toBeGreaterThanOrEqual(gzipSync(randomBytes(size)).length)
  })
})
