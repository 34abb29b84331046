import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { openSvgVerdicts } from './svgVerdicts.ts'

describe('openSvgVerdicts', () => {
  it('knows an SVG found clean only as it was, by the sanitizer that found it', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'svg-verdicts-')), 'svg-verdicts.json')
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><path d="M0 0"/></svg>'
    const first = openSvgVerdicts(file, 'cli-1')
    expect(first.clean(svg)).toBe(false)
    first.learnt(svg)
    first.save()
    const again = openSvgVerdicts(file, 'cli-1')
    expect(again.clean(svg)).toBe(true)
    expect(again.clean(svg.replace('M0 0', 'M0 1'))).toBe(false)
    expect([again.hits, again.misses]).toEqual([1, 1])
    expect(openSvgVerdicts(file, 'cli-2').clean(svg)).toBe(false)
  })
})
