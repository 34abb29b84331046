import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { rolldown } from 'rolldown'
import { describe, expect, it } from 'vitest'
import { KubeSiteError } from '../../errors.ts'
import { bundleError } from './bundleError.ts'

// What a failed vite build throws, as the build reports it: the file and line at fault (in the
// source as written, not as transformed), a frame of that line, and each problem once.

const root = mkdtempSync(join(tmpdir(), 'kube-site-bundle-error-'))
const write = (name: string, text: string) => {
  const file = join(root, name)
  mkdirSync(join(file, '..'), { recursive: true })
  writeFileSync(file, text)
  return file
}

/** What rolldown throws bundling `input`. */
async function rolldownFailure(input: string): Promise<unknown> {
  try {
    await (await rolldown({ input, cwd: root, logLevel: 'silent' })).generate({})
  } catch (error) {
    return error
  }
  throw new Error(`${input} bundled`)
}

describe('bundleError', () => {
  it("places an unresolved import in the source as written, though rolldown's place is in the module with its comments and types gone", async () => {
    const file = write('pages/a.tsx', "// The page.\nimport type { T } from './types.ts'\nimport { x } from './missing.ts'\nexport const y: T = x\n")
    const error = bundleError(await rolldownFailure(file), root, root)
    expect(error).toMatchObject({
      code: 'BUILD_FAILED',
      message: "The bundle could not be made: Could not resolve './missing.ts' in pages/a.tsx",
      location: { file: 'pages/a.tsx', line: 3, column: 19 },
      frame: expect.stringContaining("> 3 | import { x } from './missing.ts'\n    |                   ^"),
      hint: expect.stringContaining('--debug'),
    })
  })

  it("places a syntax error, by rolldown's id or, where vite's transform leaves none, by its header under vite's root", async () => {
    const file = write('pages/b.tsx', 'export const a = 1\nconst z = = 1\n')
    const failure = await rolldownFailure(file)
    expect(bundleError(failure, '/elsewhere', root)).toMatchObject({ message: 'The bundle could not be made: Unexpected token', location: { file: 'pages/b.tsx', line: 2, column: 11 } })
    // vite's transform: no id, and the header's file relative to vite's root (rolldown's cwd here).
    const [problem] = (failure as { errors: { message: string }[] }).errors
    const message = problem!.message.replace('[PARSE_ERROR]', '\u001b[31m[builtin:vite-transform] \u001b[0m')
    const error = bundleError(Object.assign(new Error('Build failed with 1 error'), { errors: [{ code: 'PLUGIN_ERROR', message, id: undefined, loc: { line: 2, column: 10 } }] }), root, root)
    expect(error).toMatchObject({ message: 'The bundle could not be made: Unexpected token', location: { file: 'pages/b.tsx', line: 2, column: 11 } })
    expect(error.frame).toContain('> 2 | const z = = 1')
  })

  it('reports a broken Sass partial once, in the partial, though every stylesheet using it failed', () => {
    const partial = write('styles/_index.scss', '@forward "mixins";\n.x { color: $nope; }\n')
    const sass = (user: string) => ({
      code: 'PLUGIN_ERROR',
      plugin: 'vite:css',
      id: join(root, user),
      sassMessage: 'Undefined variable.',
      message: `[sass] Error: Undefined variable.\n  ${partial} 2:13  @use`,
      span: { url: pathToFileURL(partial), start: { line: 1, column: 12 } },
    })
    const error = bundleError(Object.assign(new Error('Build failed with 2 errors'), { errors: [sass('pages/A.module.scss'), sass('pages/B.module.scss')] }), root, root)
    expect(error).toMatchObject({ message: 'The bundle could not be made: Undefined variable.', location: { file: 'styles/_index.scss', line: 2, column: 13 }, problems: [] })
    expect(error.frame).toContain('> 2 | .x { color: $nope; }')
  })

  it('lists distinct problems each at its place; keeps a KubeSiteError; gives an error without a place its whole message', async () => {
    const [one, two] = await Promise.all([rolldownFailure(write('c.ts', "import './gone.ts'\n")), rolldownFailure(write('d.ts', 'export const z = = 1\n'))])
    const errors = [one, two].flatMap((failure) => (failure as { errors: unknown[] }).errors)
    const both = bundleError(Object.assign(new Error('Build failed with 2 errors'), { errors }), root, root)
    expect(both.message).toBe('The bundle could not be made: 2 problems')
    expect(both.problems.map(({ location }) => location)).toEqual([
      { file: 'c.ts', line: 1, column: 8 },
      { file: 'd.ts', line: 1, column: 18 },
    ])
    const ours = new KubeSiteError('BUILD_FAILED', 'kube-site cannot build from the file system\'s root folder /')
    expect(bundleError(ours, root)).toBe(ours)
    expect(bundleError(new Error('[vike][Wrong Usage] two pages\nat /a and /b'), root)).toMatchObject({ message: 'The bundle could not be made: [vike][Wrong Usage] two pages\nat /a and /b', location: undefined })
  })
})
