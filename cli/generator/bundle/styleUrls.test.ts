import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { toolRoot } from '../../toolRoot.ts'

// Sass reads the partials a style module uses itself (sassFileImporter in viteConfig.ts), so
// vite does not rebase their url()s: a relative one would be resolved from the module that uses
// the partial, not from the partial. Partials hold none.

function partials(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.startsWith('_') && entry.name.endsWith('.scss'))
    .map((entry) => join(entry.parentPath, entry.name))
}

describe('Sass partials', () => {
  it('name no file by a relative url()', () => {
    const files = [...partials(join(toolRoot, 'styles')), ...partials(join(toolRoot, 'pages'))]
    expect(files.length).toBeGreaterThan(3)
    const relativeUrls = files.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/url\(\s*(['"]?)([^'")]*)\1\s*\)/g)]
        .map((match) => match[2]!)
        .filter((url) => !/^(?:[a-z][a-z\d+.-]*:|\/|#|\$|#\{)/i.test(url))
        .map((url) => `${relative(toolRoot, file)}: url(${url})`),
    )
    expect(relativeUrls).toEqual([])
  })
})
