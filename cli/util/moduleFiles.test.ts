import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { importedSpecifiers, moduleFiles } from './moduleFiles.ts'

describe('importedSpecifiers', () => {
  it('finds static, dynamic and re-exported modules, not type imports or packages', () => {
    const source = [
      "import { a } from './a.ts'",
      "import type { T } from './types.ts'",
      "import './side-effect.ts'",
      "export { b } from \"./b.mjs\"",
      "export type { U } from './u.ts'",
      "import {\n  c,\n  d,\n} from './cd.ts'",
      "const e = await import('./e.ts')",
      "import sharp from 'sharp'",
      'import{f as g}from"./f-CCrIVYpX.mjs";',
    ].join('\n')
    expect(importedSpecifiers(source)).toEqual(['./a.ts', './side-effect.ts', './b.mjs', './cd.ts', './e.ts', './f-CCrIVYpX.mjs'])
  })
})

describe('moduleFiles', () => {
  it('follows a module graph once each, circles included', () => {
    const dir = mkdtempSync(join(tmpdir(), 'graph-'))
    writeFileSync(join(dir, 'entry.mjs'), "import { a } from './a.mjs'\nexport const run = () => import('./lazy.mjs')\n")
    writeFileSync(join(dir, 'a.mjs'), "import { entry } from './entry.mjs'\nexport const a = 1\n")
    writeFileSync(join(dir, 'lazy.mjs'), 'export const lazy = 1\n')
    expect(moduleFiles(join(dir, 'entry.mjs')).map((file) => file.slice(dir.length + 1))).toEqual(['entry.mjs', 'a.mjs', 'lazy.mjs'])
  })

  it('follows the graphs of several entries, a module they share once', () => {
    const dir = mkdtempSync(join(tmpdir(), 'graph-'))
    writeFileSync(join(dir, 'one.mjs'), "import { shared } from './shared.mjs'\n")
    writeFileSync(join(dir, 'two.mjs'), "import { shared } from './shared.mjs'\nimport { own } from './own.mjs'\n")
    writeFileSync(join(dir, 'shared.mjs'), 'export const shared = 1\n')
    writeFileSync(join(dir, 'own.mjs'), 'export const own = 1\n')
    expect(moduleFiles(join(dir, 'one.mjs'), join(dir, 'two.mjs')).map((file) => file.slice(dir.length + 1))).toEqual(['one.mjs', 'shared.mjs', 'two.mjs', 'own.mjs'])
  })

  it('reaches every module of the card renderer from its source', () => {
    const renderer = fileURLToPath(new URL('../cards/renderCard.ts', import.meta.url))
    const names = moduleFiles(renderer).map((file) => file.split(/[\\/]/).slice(-2).join('/'))
    expect(names).toEqual(expect.arrayContaining(['cards/renderCard.ts', 'cards/cardCanvas.ts', 'cards/cardFont.ts', 'cards/fontFiles.ts', 'text/formatDay.ts']))
  })
})
