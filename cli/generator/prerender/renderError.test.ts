import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { rolldown } from 'rolldown'
import { describe, expect, it } from 'vitest'
import { KubeSiteError } from '../../errors.ts'
import { serverSourceMaps } from '../bundle/viteConfig.ts'
import { renderError, thrownAt } from './renderError.ts'

// A page that throws while it renders is named at its line in pages/: a server bundle with the
// maps viteConfig.ts gives it (hidden, sources named from the tool's root), and an error thrown by
// one of its pages.

const root = mkdtempSync(join(tmpdir(), 'kube-site-render-error-'))
const serverDir = join(root, 'node_modules/.cache/kube-site/work/server')
mkdirSync(join(root, 'pages/pricing'), { recursive: true })
writeFileSync(join(root, 'pages/pricing/plans.ts'), "// The plans.\nexport function plans(): string[] {\n  throw new Error('The plans are missing')\n}\n")
writeFileSync(join(root, 'pages/pricing/+Page.ts'), "import { plans } from './plans.ts'\n\ntype Props = { asPage: boolean }\nexport default function Page(_: Props) {\n  return plans().join()\n}\n")

async function thrownByPage(): Promise<unknown> {
  const bundle = await rolldown({ input: { 'entries/pages_pricing': join(root, 'pages/pricing/+Page.ts') }, cwd: root, logLevel: 'silent' })
  await bundle.write({ dir: serverDir, format: 'esm', entryFileNames: '[name].mjs', ...serverSourceMaps(root) })
  const page = (await import(pathToFileURL(join(serverDir, 'entries/pages_pricing.mjs')).href)) as { default: (props: object) => string }
  try {
    page.default({ asPage: true })
  } catch (error) {
    return error
  }
  throw new Error('the page rendered')
}

describe('renderError', () => {
  it('names the page by its URL and the line of pages/ that threw, with a frame, through the bundle\'s hidden map', async () => {
    const error = renderError('/pricing/', await thrownByPage(), serverDir, root, root)
    expect(error).toMatchObject({
      code: 'BUILD_FAILED',
      message: 'The page /pricing/ could not be rendered: The plans are missing',
      location: { file: 'pages/pricing/plans.ts', line: 3, column: 9 },
      frame: expect.stringContaining("> 3 |   throw new Error('The plans are missing')\n    |         ^"),
    })
  })

  it('places nothing thrown outside the bundle, or in a file without its map; keeps a KubeSiteError', () => {
    expect(thrownAt(new Error('elsewhere'), serverDir)).toBeUndefined()
    const outside = Object.assign(new Error('x'), { stack: `Error: x\n    at f (${pathToFileURL(join(serverDir, 'entries/unmapped.mjs')).href}:3:9)` })
    expect(thrownAt(outside, serverDir)).toBeUndefined()
    expect(renderError('/', 'a string', serverDir, root)).toMatchObject({ message: 'The page / could not be rendered: a string', location: undefined })
    const ours = new KubeSiteError('PAGE_BREAKS_POLICY', 'The page holds what its policy would block')
    expect(renderError('/', ours, serverDir, root)).toBe(ours)
  })
})
