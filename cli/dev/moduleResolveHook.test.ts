import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { Module } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterEach, expect, it, vi } from 'vitest'
import { devRunnerPlugin } from './devContentPlugin.ts'

// On Node 20, vite's runner gave every module it ran an import.meta.resolve through a hook added
// with module.register: Node's hooks thread, which every later import on the main thread waited
// on (the dev server's first page 0.08 s later), so kube-site kept it off until a module called
// it. The project's Node (.node-version) has module.registerHooks, which vite takes instead: the
// hook runs in the thread that resolves, and the workaround went. This pins that: should the
// runtime or vite go back to the hooks thread, the dev server's first page pays again.

let dir: string | undefined
afterEach(() => {
  vi.restoreAllMocks()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

it("resolves import.meta.resolve in a module the dev server runs through Node's in-thread hooks, never its hooks thread", async () => {
  dir = mkdtempSync(join(tmpdir(), 'resolve-hook-'))
  writeFileSync(join(dir, 'plain.js'), 'export const value = 1\n')
  writeFileSync(join(dir, 'resolver.js'), "import { value } from './plain.js'\nexport const where = () => [value, import.meta.resolve('./plain.js')]\n")
  const register = vi.spyOn(Module, 'register')
  const registerHooks = vi.spyOn(Module, 'registerHooks')
  const { createServer } = await import('vite')
  const server = await createServer({ root: dir, configFile: false, logLevel: 'silent', plugins: [devRunnerPlugin()], server: { middlewareMode: true, watch: null, ws: false } })
  try {
    const { where } = (await server.ssrLoadModule('/resolver.js')) as { where: () => [number, string] }
    expect(where()).toEqual([1, pathToFileURL(join(dir, 'plain.js')).href])
    expect(register).not.toHaveBeenCalled()
    // vite adds its hook once per process: a server earlier in this process may have added it.
    expect(registerHooks.mock.calls.length).toBeLessThanOrEqual(1)
  } finally {
    await server.close()
  }
})
