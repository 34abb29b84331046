import { linkSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { sanitizeSvgFiles } from './sanitizeSvgFiles.ts'

describe('sanitizeSvgFiles', () => {
  it("replaces each output SVG that had something to remove, leaving a hard-linked source and every other file as they were", () => {
    const dir = mkdtempSync(join(tmpdir(), 'svg-files-'))
    const [source, out] = [join(dir, 'public'), join(dir, 'out')]
    mkdirSync(source)
    mkdirSync(join(out, 'images'), { recursive: true })
    const hostile = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><path d="M0 0"/></svg>'
    const plain = '<svg xmlns="http://www.w3.org/2000/svg"><path d="M0 0"/></svg>'
    writeFileSync(join(source, 'hostile.svg'), hostile)
    linkSync(join(source, 'hostile.svg'), join(out, 'images', 'hostile.svg'))
    writeFileSync(join(out, 'plain.svg'), plain)
    writeFileSync(join(out, 'page.html'), '<p onclick="x()">not an SVG</p>')
    expect(sanitizeSvgFiles(out)).toEqual([join('images', 'hostile.svg')])
    expect(readFileSync(join(out, 'images', 'hostile.svg'), 'utf8')).toBe('<svg xmlns="http://www.w3.org/2000/svg"><path d="M0 0"/></svg>')
    expect(readFileSync(join(source, 'hostile.svg'), 'utf8')).toBe(hostile)
    expect(readFileSync(join(out, 'plain.svg'), 'utf8')).toBe(plain)
    expect(readFileSync(join(out, 'page.html'), 'utf8')).toBe('<p onclick="x()">not an SVG</p>')
  })
})
