import { createHash } from 'node:crypto'
import { join } from 'node:path'
import { isCSSRequest, type Connect, type EnvironmentModuleNode, type Plugin, type ViteDevServer } from 'vite'
import { splitUnderBase } from './devContentPlugin.ts'

// The query of a stylesheet as the browser asks for it: `<link href="/x.module.scss?direct">`
// (vike links each stylesheet a page's server render imported), with vite's HMR timestamp after
// a change (`&t=…`).
const DIRECT = /^direct(?:&t=\d+)?$/
/** A stylesheet's module id: a file vite takes for CSS, with no query. */
const isStylesheetFile = (id: string) => !id.includes('?') && isCSSRequest(id)

/**
 * The browser's stylesheets of a page, answered with the CSS the server's environment compiled
 * when it rendered that page, instead of compiling each one again for the browser. A post's first
 * load linked 20, each compiled by Sass (with the whole of styles/ it @uses) and postcss-modules
 * once more, one after another on the Sass compiler, while the page waited for them: about 0.17 s
 * of the first load. vite compiles a stylesheet the same way for either environment, so the CSS
 * is the same (and so are its class names, which the server's HTML carries). Once the page has
 * hydrated, vike swaps these links for the styles its client inserts from the modules' scripts,
 * which the browser's environment compiles as before, after the page has loaded.
 *
 * Only while vite holds the server's module as current: a change to the stylesheet or to a file
 * it @uses invalidates that module (vite's `onFileChange`, before any update reaches the browser),
 * and the request then goes the usual way, compiled for the browser. The module the browser's
 * environment would have made is registered as vite would have (its file, the files it @uses,
 * whether it accepts its own updates), so a change to any of them still updates the open page.
 */
export function serverCompiledStylesheets(): Plugin {
  const compiled = new Map<string, string>()
  return {
    name: 'kube-site:server-compiled-stylesheets',
    apply: 'serve',
    // A plugin of the normal order transforms after vite:css (which compiles) and before
    // vite:css-post (which turns the CSS into a module for the server).
    transform(code, id) {
      if (this.environment.name === 'ssr' && isStylesheetFile(id)) compiled.set(id, code)
      return null
    },
    configureServer(server) {
      server.middlewares.use(serveCompiled(server, compiled))
    },
  }
}

function serveCompiled(server: ViteDevServer, compiled: Map<string, string>): Connect.NextHandleFunction {
  const { root, base } = server.config
  return (req, res, next) => {
    const { path = '', query = undefined } = splitUnderBase(req.url ?? '/', base) ?? {}
    if (query === undefined || !DIRECT.test(query) || !isStylesheetFile(path) || (req.method !== 'GET' && req.method !== 'HEAD')) return next()
    let file: string
    try {
      file = join(root, decodeURIComponent(path))
    } catch {
      return next()
    }
    const serverModule = server.environments.ssr.moduleGraph.getModuleById(file)
    const css = compiled.get(file)
    if (css === undefined || !serverModule?.transformResult) return next()
    const send = () => {
      const etag = `W/"${createHash('sha1').update(css).digest('base64url')}"`
      res.setHeader('Content-Type', 'text/css')
      res.setHeader('Cache-Control', 'no-cache')
      res.setHeader('Etag', etag)
      for (const [name, value] of Object.entries(server.config.server.headers ?? {})) if (value !== undefined) res.setHeader(name, value)
      if (req.headers['if-none-match'] === etag) {
        res.statusCode = 304
        return res.end()
      }
      res.statusCode = 200
      res.end(req.method === 'HEAD' ? undefined : css)
    }
    // Not registered (its URL did not resolve): vite answers as it would have.
    void registerBrowserModule(server, `${path}?direct`, serverModule).then(send, () => next())
  }
}

/**
 * The browser environment's module for the stylesheet, as vite's `vite:css-analysis` leaves it
 * after compiling one: found by the file, importing the files the stylesheet @uses (so a change
 * to a partial reaches it), and accepting its own updates unless it is a CSS module (whose change
 * reloads the page). It has no transform result: the next request after a change compiles it.
 */
async function registerBrowserModule(server: ViteDevServer, url: string, serverModule: EnvironmentModuleNode): Promise<void> {
  const graph = server.environments.client.moduleGraph
  const existing = await graph.getModuleByUrl(url)
  if (existing?.transformResult) return
  const module = existing ?? (await graph.ensureEntryFromUrl(url))
  const uses = new Set<EnvironmentModuleNode>()
  for (const imported of serverModule.importedModules) if (imported.file && imported.type === 'asset') uses.add(graph.createFileOnlyEntry(imported.file))
  await graph.updateModuleInfo(module, uses, null, new Set(), null, serverModule.isSelfAccepting ?? false)
}
