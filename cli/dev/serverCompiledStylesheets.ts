import { createHash } from 'node:crypto'
import { join } from 'node:path'
import { isCSSRequest, type Connect, type EnvironmentModuleNode, type Plugin, type ViteDevServer } from 'vite'
import { splitUnderBase } from './devContentPlugin.ts'
import { decodedUri } from '../util/decodedUri.ts'

// A stylesheet's query as the browser asks for it (`?direct`, vike linking what the server render imported), with vite's `&t=…` after a change.
const DIRECT = /^direct(?:&t=\d+)?$/
/** A stylesheet's module id: a file vite takes for CSS, with no query. */
const isStylesheetFile = (id: string) => !id.includes('?') && isCSSRequest(id)

/**
 * A page's stylesheets answered with the CSS the server environment compiled (the same as the browser's would be, ~0.17 s of a
 * first load saved), while vite holds that module as current; its browser module is registered as vite would, so edits still update.
 */
export function serverCompiledStylesheets(): Plugin {
  const compiled = new Map<string, string>()
  return {
    name: 'kube-site:server-compiled-stylesheets',
    apply: 'serve',
    // Normal order: after vite:css (compiles), before vite:css-post (makes it a module).
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
    const decoded = decodedUri(path)
    if (decoded === undefined) return next()
    const file = join(root, decoded)
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

/** The browser environment's module as `vite:css-analysis` leaves it: importing its @uses, self-accepting unless a CSS module, with no transform yet. */
async function registerBrowserModule(server: ViteDevServer, url: string, serverModule: EnvironmentModuleNode): Promise<void> {
  const graph = server.environments.client.moduleGraph
  const existing = await graph.getModuleByUrl(url)
  if (existing?.transformResult) return
  const module = existing ?? (await graph.ensureEntryFromUrl(url))
  const uses = new Set<EnvironmentModuleNode>()
  for (const imported of serverModule.importedModules) if (imported.file && imported.type === 'asset') uses.add(graph.createFileOnlyEntry(imported.file))
  await graph.updateModuleInfo(module, uses, null, new Set(), null, serverModule.isSelfAccepting ?? false)
}
