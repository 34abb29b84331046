import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createServer, type Plugin, type ViteDevServer } from 'vite'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { serverCompiledStylesheets } from './serverCompiledStylesheets.ts'

// A real vite dev server on a folder of stylesheets, under a base, with the plugin: what the
// browser gets for a stylesheet the server's environment compiled, and after a change to a file
// it @uses.

let root: string
let server: ViteDevServer
let origin: string
/** Resolved once vite has handled a file's change (invalidated its modules), for the next one. */
let changed: Promise<string>

beforeEach(async () => {
  root = mkdtempSync(join(tmpdir(), 'server-stylesheets-'))
  writeFileSync(join(root, '_tokens.scss'), '$accent: rgb(1, 2, 3);\n')
  writeFileSync(join(root, 'card.module.scss'), "@use 'tokens';\n.title { color: tokens.$accent; }\n")
  writeFileSync(join(root, 'global.scss'), "@use 'tokens';\nbody { margin: 0; border-color: tokens.$accent; }\n")
  let onChange!: (file: string) => void
  changed = new Promise((resolve) => (onChange = resolve))
  const changes: Plugin = {
    name: 'test:changes',
    // vite calls it after every environment's modules of the file were invalidated.
    hotUpdate({ file }) {
      if (this.environment.name === 'client') onChange(file)
    },
  }
  server = await createServer({
    configFile: false,
    root,
    base: '/docs/',
    logLevel: 'silent',
    clearScreen: false,
    plugins: [serverCompiledStylesheets(), changes],
    server: { port: 0, host: '127.0.0.1', ws: false },
    optimizeDeps: { noDiscovery: true, include: [] },
  })
  await server.listen()
  const address = server.httpServer!.address()
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
})

afterEach(async () => {
  await server.close()
  rmSync(root, { recursive: true, force: true })
})

const browserModule = (url: string) => server.environments.client.moduleGraph.getModuleByUrl(url)

describe('serverCompiledStylesheets', () => {
  it("answers the browser with the server's CSS, as vite compiles it for the browser, and registers the browser's module as vite would", async () => {
    await server.environments.ssr.transformRequest('/card.module.scss')
    await server.environments.ssr.transformRequest('/global.scss')

    const response = await fetch(`${origin}/docs/card.module.scss?direct`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/css')
    expect(response.headers.get('cache-control')).toBe('no-cache')
    const css = await response.text()
    expect(css).toMatch(/\._title_\w+ \{\s*color: rgb\(1, 2, 3\);/)

    // Compiled for the server, not for the browser: its module holds no result, but knows its
    // file and the partial it @uses (a change to either reaches it), and does not accept its own
    // updates (a CSS module's change reloads the page).
    const card = (await browserModule('/card.module.scss?direct'))!
    expect(card.transformResult).toBeNull()
    expect(card.file).toBe(join(root, 'card.module.scss'))
    expect([...card.importedModules].map((module) => module.file)).toEqual([join(root, '_tokens.scss')])
    expect(card.isSelfAccepting).toBe(false)
    // What vite gives when it compiles it for the browser.
    expect((await server.environments.client.transformRequest('/card.module.scss?direct'))!.code).toBe(css)

    const global = await fetch(`${origin}/docs/global.scss?direct`)
    const globalCss = await global.text()
    expect(globalCss).toContain('border-color: rgb(1, 2, 3)')
    expect((await browserModule('/global.scss?direct'))!.transformResult).toBeNull()
    expect((await browserModule('/global.scss?direct'))!.isSelfAccepting).toBe(true)

    // A browser that holds it asks again: not modified.
    const again = await fetch(`${origin}/docs/global.scss?direct`, { headers: { 'if-none-match': global.headers.get('etag')! } })
    expect(again.status).toBe(304)
  })

  it('lets vite compile for the browser a stylesheet the server has not compiled, or not since a file it @uses changed', async () => {
    const uncompiled = await fetch(`${origin}/docs/global.scss?direct`)
    expect(await uncompiled.text()).toContain('border-color: rgb(1, 2, 3)')
    expect((await browserModule('/global.scss?direct'))!.transformResult).not.toBeNull()

    await server.environments.ssr.transformRequest('/card.module.scss')
    expect(await (await fetch(`${origin}/docs/card.module.scss?direct`)).text()).toContain('rgb(1, 2, 3)')
    writeFileSync(join(root, '_tokens.scss'), '$accent: rgb(4, 5, 6);\n')
    expect(await changed).toBe(join(root, '_tokens.scss'))

    const afterChange = await fetch(`${origin}/docs/card.module.scss?direct&t=${Date.now()}`)
    expect(await afterChange.text()).toMatch(/\._title_\w+ \{\s*color: rgb\(4, 5, 6\);/)
    expect((await browserModule('/card.module.scss?direct'))!.transformResult).not.toBeNull()
  })

  it('leaves alone what is not a stylesheet asked for as one, or outside the base', async () => {
    await server.environments.ssr.transformRequest('/card.module.scss')
    const asModule = await fetch(`${origin}/docs/card.module.scss`)
    expect(asModule.headers.get('content-type')).toMatch(/javascript/)
    expect((await fetch(`${origin}/card.module.scss?direct`)).status).toBe(404)
  })
})
