import type { Plugin, ViteDevServer } from 'vite'
import { relative } from 'node:path'
import { CONFIG_RESOLVED_ID } from '../build/kubeSitePlugin.ts'
import { formatError } from '../reportError.ts'
import { KubeSiteError, formatLocation } from '../errors.ts'
import type { Reporter } from '../ui/createReporter.ts'
import type { ContentState } from './createContentState.ts'
import { errorPage } from './errorPage.ts'

/**
 * Keeps a dev server's content current: posts and site.config.ts are watched, the browser
 * reloads when they change, and a broken file is shown in the terminal and in the browser
 * (vite's overlay, and an error page for new page loads) until it is fixed.
 */
export function devContentPlugin(state: ContentState, options: { postsDir: string; configFile: string; cwd: string; reporter: Reporter }): Plugin {
  return {
    name: 'kube-site:dev-content',
    apply: 'serve',
    configureServer(server) {
      server.watcher.add([options.postsDir, options.configFile])
      const onFile = (exists: boolean) => async (file: string) => {
        const kind = state.kindOf(file)
        if (!kind) return
        const hadError = Boolean(state.error)
        if (kind === 'config') await state.reloadConfig()
        else await state.reloadPost(file, exists)
        const shown = relative(options.cwd, file)
        if (state.error) {
          options.reporter.info(formatError(state.error))
          sendOverlay(server, state.error)
          return
        }
        if (kind === 'config') invalidateConfigModule(server)
        options.reporter.info(`  ${hadError ? 'fixed' : 'updated'} ${shown}`)
        server.environments.client.hot.send({ type: 'full-reload', path: '*' })
      }
      server.watcher.on('add', onFile(true))
      server.watcher.on('change', onFile(true))
      server.watcher.on('unlink', onFile(false))
      // Before vike's middleware: a page requested while the content is broken shows the problem.
      server.middlewares.use((req, res, next) => {
        const error = state.error
        if (!error || req.method !== 'GET' || !req.headers.accept?.includes('text/html')) return next()
        res.statusCode = 500
        res.setHeader('Content-Type', 'text/html; charset=utf-8')
        res.end(errorPage(error, server.config.base))
      })
    },
  }
}

function invalidateConfigModule(server: ViteDevServer): void {
  for (const environment of Object.values(server.environments)) {
    for (const [id, module] of environment.moduleGraph.idToModuleMap) {
      if (id === CONFIG_RESOLVED_ID || id.startsWith(`${CONFIG_RESOLVED_ID}/`)) environment.moduleGraph.invalidateModule(module)
    }
  }
}

function sendOverlay(server: ViteDevServer, error: unknown): void {
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
