import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'

const compiled = vi.hoisted(() => ({ version: 'cli-1' }))
vi.mock('../toolRoot.ts', async (original) => ({ ...(await original<typeof import('../toolRoot.ts')>()), runsCompiled: () => true, compiledCliVersion: () => compiled.version }))
const { openSvgVerdicts } = await import('./svgVerdicts.ts')

describe('openSvgVerdicts', () => {
  it('knows an SVG found clean only as it was, by the CLI that found it', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'svg-verdicts-')), 'svg-verdicts.json')
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><path d="M0 0"/></svg>'
    const first = openSvgVerdicts(file)!
    expect(first.clean(svg)).toBe(false)
    first.learnt(svg)
    first.save()
    const again = openSvgVerdicts(file)!
    expect(again.clean(svg)).toBe(true)
    expect(again.clean(svg.replace('M0 0', 'M0 1'))).toBe(false)
    compiled.version = 'cli-2'
    expect(openSvgVerdicts(file)!.clean(svg)).toBe(false)
  })
})
