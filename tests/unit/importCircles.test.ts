import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { repoRoot } from '../support/buildSite.ts'
import { importCircles, sourceFiles } from '../support/importCircles.ts'

describe('import circles', () => {
  it('are found through imports and re-exports, of types too, not through dynamic imports', () => {
    const dir = mkdtempSync(join(tmpdir(), 'circles-'))
    const files: Record<string, string> = {
      'a.ts': "import { b } from './b.ts'\nexport const a = () => b\n",
      'b.ts': "export { c as b } from './c.ts'\n",
      'c.ts': "import { a } from './a.ts'\nexport const c = () => a\n",
      'types.ts': "import type { d } from './d.ts'\nexport type T = typeof d\n",
      'd.ts': "import type { T } from './types.ts'\nexport const d = (t: T) => t\n",
      'lazy.ts': "export const lazy = () => import('./e.ts')\n",
      'e.ts': "import { lazy } from './lazy.ts'\nexport const e = lazy\n",
    }
    for (const [name, source] of Object.entries(files)) writeFileSync(join(dir, name), source)
    expect(importCircles(sourceFiles([dir]), dir)).toEqual([['a.ts', 'b.ts', 'c.ts'], ['d.ts', 'types.ts']])
  })

  it('there are none in the generator and the site', () => {
    const circles = importCircles(sourceFiles([join(repoRoot, 'cli'), join(repoRoot, 'pages')]), repoRoot)
    expect(circles, circles.map((circle) => circle.join(' → ')).join('\n')).toEqual([])
  })
})
