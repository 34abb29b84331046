import type { ServerResponse } from 'node:http'
import type { Plugin, ViteDevServer } from 'vite'
import type { ModuleRunner } from 'vite/module-runner'
import { createReadStream, existsSync, statSync } from 'node:fs'
import { relative, resolve, sep } from 'node:path'
import { DEV_POST_FILES } from '../images/devImageStore.ts'
import { contentTypeFor } from '../preview/contentTypes.ts'
import { CONFIG_MADE_MODULE } from '../generator/bundle/kubeSitePlugin.ts'
import { formatError } from '../reportError.ts'
import { KubeSiteError, formatLocation } from '../errors.ts'
import type { Reporter } from '../ui/createReporter.ts'
import type { ContentState } from './createContentState.ts'
import { errorPage } from './errorPage.ts'
import { devPagePath, secureDevPage } from './devPagePolicy.ts'
import { devSiteFile } from './devSiteFile.ts'
import { LIVE_CONTENT_EVENT, LIVE_CONTENT_PATH, liveContentModule, withLiveContent } from './liveContent.ts'
import { decodedUri } from '../util/decodedUri.ts'

/** Keeps a dev server's content current: posts and config watched, pages reloaded, a broken file shown until fixed. */
export function devContentPlugin(state: ContentState, options: { postsDir: string; configFile: string; cwd: string; reporter: Reporter; ready?: Promise<void> }): Plugin {
  const ready = options.ready ?? Promise.resolve()
  return {
    name: 'kube-site:dev-content',
    apply: 'serve',
    configureServer(server) {
      server.watcher.add(state.inputs)
      // One change at a time, in order: a save may come as truncate then write, whose empty reload must not finish last. The first waits for the start's posts.
      let changes = ready
      // The content's version: one more for each change applied, whether it worked or not.
      let version = 0
      const hot = server.environments.client.hot
      // A page asks once its script has connected: it may have been served before a change.
      hot.on(LIVE_CONTENT_EVENT, (_data, client) => client.send(LIVE_CONTENT_EVENT, { version }))
      const versionsRead = new Map<string, string | undefined>()
      // Each file as last taken in: a save seen twice changes nothing.
      const versionsApplied = new Map<string, string | undefined>()
      const onFile = (file: string) => {
        // A failure is reported and the queue goes on: the next save must still be seen.
        changes = changes.then(() => applyChange(file)).catch((error: unknown) => options.reporter.info(formatError(error)))
      }
      const applyChange = async (file: string) => {
        const kind = state.kindOf(file)
        if (!kind) return
        const [before, read] = [versionsRead.get(file), fileVersion(file)]
        versionsRead.set(file, read)
        if (versionsApplied.has(file) && versionsApplied.get(file) === read) return
        // A file first seen empty is a save half written (truncated, not yet written): read again after the window, taken in empty only if it stayed so, no problem flashed at every save.
        const halfWritten = read?.startsWith('0:') && read !== before
        // vite's watcher drops a second change within 50 ms: past that window, a file not as last read is read again.
        setTimeout(() => (halfWritten || fileVersion(file) !== versionsRead.get(file)) && onFile(file), SETTLE_MS).unref()
        if (halfWritten) return
        const exists = read !== undefined
        const hadError = Boolean(state.error)
        if (kind === 'config') await state.reloadConfig()
        else if (kind === 'image') await state.reloadImages()
        else await state.reloadPost(file, exists)
        versionsApplied.set(file, read)
        const shown = relative(options.cwd, file)
        version++
        if (state.error) {
          options.reporter.info(formatError(state.error))
          // Open pages show it; a page that connects later reloads into the error page.
          sendOverlay(server, state.error)
          return
        }
        if (kind === 'config') {
          // A file the config has started importing is watched from now on.
          server.watcher.add(state.inputs)
          invalidateConfigModules(server)
        }
        options.reporter.info(`  ${hadError ? 'fixed' : exists ? 'updated' : 'removed'} ${shown}`)
        hot.send(LIVE_CONTENT_EVENT, { version })
      }
      server.watcher.on('add', onFile)
      server.watcher.on('change', onFile)
      server.watcher.on('unlink', onFile)
      // No request is answered before the posts are in: a page would show a blog without them.
      server.middlewares.use((_req, _res, next) => void ready.then(() => next()))
      // Every HTML page keeps up with the content version its request came in with (never ahead).
      server.middlewares.use((req, res, next) => {
        if (req.method === 'GET') {
          const made = version
          onHtmlResponse(res, (html) => withLiveContent(html, server.config.base, made))
        }
        next()
      })
      // Before vike's middleware: a page requested while the content is broken shows the problem.
      server.middlewares.use((req, res, next) => {
        const error = state.error
        if (!error || req.method !== 'GET' || !req.headers.accept?.includes('text/html')) return next()
        res.statusCode = 500
        res.setHeader('Content-Type', 'text/html; charset=utf-8')
        res.end(errorPage(error))
      })
      server.middlewares.use((req, res, next) => {
        if (pathAfterBase(req.url ?? '/', server.config.base) !== `/${LIVE_CONTENT_PATH}`) return next()
        res.setHeader('Content-Type', contentTypeFor(LIVE_CONTENT_PATH))
        res.setHeader('Cache-Control', 'no-cache')
        res.end(liveContentModule(server.config.base))
      })
      // The files a build writes beside the pages, as it would write them now (devSiteFile.ts).
      server.middlewares.use((req, res, next) => {
        const path = req.method === 'GET' || req.method === 'HEAD' ? pathAfterBase(req.url ?? '/', server.config.base) : undefined
        if (path === undefined) return next()
        devSiteFile(path, server.config.base, state).then((text) => {
          if (text === undefined) return next()
          res.setHeader('Content-Type', contentTypeFor(path))
          res.setHeader('Cache-Control', 'no-cache')
          res.end(req.method === 'HEAD' ? undefined : text)
        }, next)
      })
      // The files beside the posts (a post's images), as they are (see devImageStore.ts).
      server.middlewares.use((req, res, next) => {
        const file = postFileOf(req.url ?? '/', server.config.base, options.postsDir)
        if (file === undefined || (req.method !== 'GET' && req.method !== 'HEAD')) return next()
        if (!file || !existsSync(file) || !statSync(file).isFile()) {
          res.statusCode = 404
          return res.end()
        }
        res.setHeader('Content-Type', contentTypeFor(file))
        res.setHeader('Cache-Control', 'no-cache')
        if (req.method === 'HEAD') return res.end()
        createReadStream(file).pipe(res)
      })
      // An old URL is answered as object storage does: a 301 to its page (the browser keeps the #fragment).
      server.middlewares.use((req, res, next) => {
        const location = req.method === 'GET' || req.method === 'HEAD' ? redirectLocation(req.url ?? '/', server.config.base, state.redirects) : undefined
        if (location === undefined) return next()
        res.statusCode = 301
        res.setHeader('Location', location)
        res.end()
      })
      // Every page vike renders is served under the policy the build would give it (devPagePolicy.ts).
      server.middlewares.use((req, res, next) => {
        const { policies } = state
        if (req.method !== 'GET' || !policies) return next()
        const origin = `http://${req.headers.host ?? 'localhost'}`
        onHtmlResponse(res, (html) => {
          // What is no document (vite's few words for a file it does not have, /nothing.xml) is no page.
          if (!/<head[\s>]/i.test(html)) return html
          const page = devPagePath(new URL(req.url ?? '/', origin).pathname, server.config.base, res.statusCode)
          try {
            return secureDevPage(html, { policies, page, origin })
          } catch (error) {
            options.reporter.info(formatError(error))
            res.statusCode = 500
            return errorPage(error, 'the page breaks its Content-Security-Policy')
          }
        })
        next()
      })
    },
  }
}

/** Has `rewrite` change an HTML response's body once it ends (a response given several rewrites runs the last first). */
function onHtmlResponse(res: ServerResponse, rewrite: (html: string) => string): void {
  const write = res.write.bind(res) as (chunk: unknown, ...rest: unknown[]) => boolean
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse
  const chunks: Buffer[] = []
  let isHtml: boolean | undefined
  const holds = () => (isHtml ??= !res.headersSent && /^text\/html\b/i.test(String(res.getHeader('content-type') ?? '')))
  const bytes = (chunk: unknown, encoding: unknown) =>
    typeof chunk === 'string' ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8') : Buffer.from(chunk as Uint8Array)
  res.write = ((chunk: unknown, encoding?: unknown, callback?: unknown) => {
    if (!holds()) return write(chunk, encoding, callback)
    chunks.push(bytes(chunk, encoding))
    const done = typeof encoding === 'function' ? encoding : callback
    if (typeof done === 'function') queueMicrotask(() => done())
    return true
  }) as ServerResponse['write']
  res.end = ((chunk?: unknown, encoding?: unknown, callback?: unknown) => {
    if (!holds()) return end(chunk, encoding, callback)
    if (chunk !== undefined && chunk !== null && typeof chunk !== 'function') chunks.push(bytes(chunk, encoding))
    const body = Buffer.from(rewrite(Buffer.concat(chunks).toString('utf8')), 'utf8')
    res.setHeader('Content-Length', body.length)
    const done = [chunk, encoding, callback].find((value) => typeof value === 'function')
    return end(body, done)
  }) as ServerResponse['end']
}

/** Where a request for `url` redirects: its old URL's page with the base and query; the path matched with or without its trailing slash. */
export function redirectLocation(url: string, base: string, redirects: ReadonlyMap<string, string>): string | undefined {
  if (redirects.size === 0) return undefined
  const old = pathAfterBase(url, base)
  if (old === undefined) return undefined
  const target = redirects.get(old.endsWith('/') ? old : `${old}/`)
  return target === undefined ? undefined : `${encodeURI(`${base}${target.slice(1)}`)}${new URL(url, 'http://dev.invalid').search}`
}

/** A request's URL split after the base, as sent (undecoded): path with leading slash, query ('' for a bare `?`); undefined outside the base. */
export function splitUnderBase(url: string, base: string): { path: string; query?: string } | undefined {
  if (!url.startsWith(base)) return undefined
  const [path = '', query] = url.slice(base.length - 1).split(/\?(.*)/s)
  return { path, query }
}

/** The site path a request's URL (path and query) names, decoded, after the base ('/blog/'); undefined outside the base or when it does not decode. */
export function pathAfterBase(url: string, base: string): string | undefined {
  let path: string
  try {
    path = decodeURIComponent(new URL(url, 'http://dev.invalid').pathname)
  } catch {
    return undefined
  }
  return path.startsWith(base) ? `/${path.slice(base.length)}` : undefined
}

/** The file beside the posts a request names (under DEV_POST_FILES), '' outside the posts folder or hidden, undefined otherwise. */
export function postFileOf(url: string, base: string, postsDir: string): string | undefined {
  const { pathname } = new URL(url, 'http://dev.invalid')
  const prefix = [`${base.replace(/\/$/, '')}${DEV_POST_FILES}`, DEV_POST_FILES].find((candidate) => pathname.startsWith(candidate))
  if (!prefix) return undefined
  const path = decodedUri(pathname.slice(prefix.length))
  if (path === undefined) return ''
  const file = resolve(postsDir, path)
  return file.startsWith(resolve(postsDir) + sep) && !relative(postsDir, file).split(sep).some((part) => part.startsWith('.')) ? file : ''
}

/** Longer than the 50 ms in which vite's watcher (chokidar) drops a file's second change. */
export const SETTLE_MS = 120

/** What tells one version of a file from the next, its size first (undefined once it is gone). */
function fileVersion(file: string): string | undefined {
  try {
    const stats = statSync(file)
    return `${stats.size}:${stats.ino}:${stats.mtimeMs}:${stats.ctimeMs}`
  } catch {
    return undefined
  }
}

/** The dev server's module runner follows invalidations (runnerFollowsInvalidations): first in the plugins, before vike's sets up the server. */
export function devRunnerPlugin(): Plugin {
  return {
    name: 'kube-site:dev-runner',
    apply: 'serve',
    enforce: 'pre',
    configureServer: {
      order: 'pre',
      handler(server) {
        runnerFollowsInvalidations(server)
      },
    },
  }
}

/**
 * Has the server's module runner run again every module vite's graph invalidates: with `preTransformRequests`, imports are
 * transformed before the runner asks, and it kept stale modules (a config saved after the first page lost 2 times in 6).
 */
export function runnerFollowsInvalidations(server: ViteDevServer): void {
  const graph = server.environments.ssr.moduleGraph
  const invalidate = graph.invalidateModule.bind(graph)
  // The graph invalidates a module's importers through this same method, so each is dropped too.
  graph.invalidateModule = (module, ...rest) => {
    invalidate(module, ...rest)
    // vite's own name for the runner `ssrLoadModule` creates; none before the first render.
    const runner = (server as ViteDevServer & { _ssrCompatModuleRunner?: ModuleRunner })._ssrCompatModuleRunner
    const evaluated = module.id ? runner?.evaluatedModules.getModuleById(module.id) : undefined
    if (evaluated) runner!.evaluatedModules.invalidateModule(evaluated)
  }
}

/** Has vite make every module it made from the config again (the config's parts and the inline script). */
function invalidateConfigModules(server: ViteDevServer): void {
  for (const environment of Object.values(server.environments)) {
    for (const [id, module] of environment.moduleGraph.idToModuleMap) if (CONFIG_MADE_MODULE.test(id)) environment.moduleGraph.invalidateModule(module)
  }
}

/** Shows `error` in vite's overlay on every open page (and keeps it for none that opens later: see liveContent.ts). */
function sendOverlay(server: ViteDevServer, error: unknown): void {
  if (server.ws.clients.size === 0) return
  const first = error instanceof KubeSiteError ? (error.problems[0] ?? error) : undefined
  const message = error instanceof KubeSiteError ? error.message : String((error as Error)?.message ?? error)
  const details = error instanceof KubeSiteError ? error.problems.map((problem) => `${problem.location ? `${formatLocation(problem.location)} ` : ''}${problem.message}`) : []
  server.environments.client.hot.send({
    type: 'error',
    err: {
      message: [message, ...details].join('\n'),
      stack: '',
      id: first?.location?.file,
      frame: first?.frame,
      plugin: 'kube-site',
      loc: first?.location?.line ? { file: first.location.file, line: first.location.line, column: first.location.column ?? 1 } : undefined,
    },
  })
}
