import { join } from 'node:path'
import { parseSync } from 'rolldown/utils'
import { describe, expect, it } from 'vitest'
import { toolRoot } from '../toolRoot.ts'
import { bundledVikeClient } from './bundledVikeClient.ts'

const runtime = join(toolRoot, 'node_modules/vike/dist/client/runtime-client-routing')
const plugin = bundledVikeClient(toolRoot)
type Hook = (this: unknown, ...args: unknown[]) => unknown
const load = (id: string, environment = 'client') => (plugin.load as Hook).call({ environment: { name: environment } }, id) as Promise<string | undefined>
/** The specifiers a module imports or re-exports, statically or not, as its parse says (a string that reads like an import is none). */
function imports(code: string): string[] {
  const { module, errors } = parseSync('module.js', code)
  expect(errors).toEqual([])
  const dynamic = module.dynamicImports.map(({ moduleRequest }) => code.slice(moduleRequest.start + 1, moduleRequest.end - 1))
  return [...new Set([...module.staticImports.map(({ moduleRequest }) => moduleRequest.value), ...module.staticExports.flatMap(({ entries }) => entries.flatMap(({ moduleRequest }) => (moduleRequest ? [moduleRequest.value] : []))), ...dynamic])].sort()
}

describe("vike's client runtime in dev (canary: the files vike's page script and `vike/client/router` name, bundled into one chunk)", () => {
  it("serves the page script's entry and the router as modules of one shared chunk, which holds all of vike's own code", async () => {
    const entry = await load(join(runtime, 'entry.js'))
    const router = await load(`${join(runtime, 'index.js')}?v=1`)
    const [chunk] = imports(entry!)
    expect(chunk).toMatch(/^virtual:kube-site-vike-client\/[\w.-]+$/)
    expect(imports(router!)).toEqual([chunk])
    expect(router).toMatch(/export \{[^}]*\bnavigate\b/)
    const shared = await load(`\0${chunk}`)
    // Nothing of vike's left to fetch file by file, nor the packages it imports: only its virtual module, which vike's plugin serves.
    expect(imports(shared!)).toEqual(['virtual:vike:global-entry:client:client-routing'])
    expect(shared!.length).toBeGreaterThan(50_000)
  })

  it("leaves the server's modules, and every other file, to vite", async () => {
    expect(await load(join(runtime, 'entry.js'), 'ssr')).toBeUndefined()
    expect(await load(join(runtime, 'history.js'))).toBeUndefined()
    expect(await load(join(toolRoot, 'pages/+Layout.tsx'))).toBeUndefined()
  })
})
