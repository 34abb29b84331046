import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { Module } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Plugin } from 'vite'
import { afterEach, expect, it, vi } from 'vitest'
import { devRunnerPlugin } from './devContentPlugin.ts'

// A file of its own: vite adds its hook once per process, so a server in another test of the
// same process (devContentPlugin.test.ts runs modules through one) would have added it already.

let dir: string | undefined
afterEach(() => {
  vi.restoreAllMocks()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

it("adds Node's module hook only once a module the server runs calls import.meta.resolve, which still resolves", async () => {
  dir = mkdtempSync(join(tmpdir(), 'resolve-hook-'))
  writeFileSync(join(dir, 'plain.js'), 'export const value = 1\n')
  writeFileSync(join(dir, 'resolver.js'), "import { value } from './plain.js'\nexport const where = () => [value, import.meta.resolve('./plain.js')]\n")
  // vite reads `register` from node:module's Module when it makes a module's import.meta.
  const register = vi.spyOn(Module, 'register')
  // What vike's plugin does: it sets the server up first of all, and runs a module as it does.
  let loadedEarly: Promise<unknown> | undefined
  const likeVike: Plugin = { name: 'like-vike', enforce: 'pre', configureServer: { order: 'pre', handler: (server) => void (loadedEarly = server.ssrLoadModule('/plain.js')) } }
  const { createServer } = await import('vite')
  const server = await createServer({ root: dir, configFile: false, logLevel: 'silent', plugins: [devRunnerPlugin(), likeVike], server: { middlewareMode: true, watch: null, ws: false } })
  try {
    expect(await loadedEarly).toMatchObject({ value: 1 })
    const { where } = (await server.ssrLoadModule('/resolver.js')) as { where: () => [number, string] }
    expect(register).not.toHaveBeenCalled()
    expect(where()).toEqual([1, pathToFileURL(join(dir, 'plain.js')).href])
    expect(register).toHaveBeenCalledTimes(1)
  } finally {
    await server.close()
  }
})
