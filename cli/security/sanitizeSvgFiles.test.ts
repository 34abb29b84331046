import { linkSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { KubeSiteError } from '../errors.ts'
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

  it('stops on every SVG it cannot read, each named as the writer knows it, with the posts that show it', () => {
    const out = mkdtempSync(join(tmpdir(), 'svg-files-'))
    mkdirSync(join(out, 'images'))
    writeFileSync(join(out, 'images', 'bomb.svg'), '<!DOCTYPE svg [<!ENTITY a "&b;&b;">]>\n<svg xmlns="http://www.w3.org/2000/svg"><text>&a;</text></svg>')
    writeFileSync(join(out, 'not.svg'), 'GIF89a')
    const origin = (file: string) => ({ shown: join('public', file), usedBy: () => (file === join('images', 'bomb.svg') ? ['posts/a.md'] : []) })
    let error: KubeSiteError | undefined
    try {
      sanitizeSvgFiles(out, { origin })
    } catch (thrown) {
      error = thrown as KubeSiteError
    }
    expect(error?.code).toBe('SVG_INVALID')
    expect(error?.message).toBe('2 SVGs cannot be published')
    expect(error?.problems.map(({ location, message }) => ({ location, message }))).toEqual([
      { location: { file: join('public', 'not.svg'), line: 1, column: 1 }, message: 'The SVG cannot be published: this is not XML: an SVG starts with <svg or <?xml.' },
      { location: { file: join('public', 'images', 'bomb.svg'), line: 2, column: 47 }, message: 'The SVG cannot be published: the entity &a; holds markup or another entity, which kube-site does not expand (an entity bomb nests them). posts/a.md shows it.' },
    ])
  })
})
