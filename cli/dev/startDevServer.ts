import type { ViteDevServer } from 'vite'
import { toolRoot } from '../toolRoot.ts'
import { createViteConfig } from '../generator/bundle/viteConfig.ts'
import { configExports } from '../generator/bundle/configExports.ts'
import { normalizeBase } from '../util/normalizeBase.ts'
import { formatError } from '../reportError.ts'
import { out as c } from '../ui/colors.ts'
import type { Reporter } from '../ui/createReporter.ts'
import type { SiteConfig } from '../content/types.ts'
import { createContentState, type ContentStateOptions } from './createContentState.ts'
import { devContentPlugin, devRunnerPlugin } from './devContentPlugin.ts'
import { ignoredOutsideSiteInputs } from './watchedPaths.ts'
import { serverCompiledStylesheets } from './serverCompiledStylesheets.ts'
import { servedFromToolRoot } from './servedFolders.ts'
import { bundledVikeClient } from './bundledVikeClient.ts'

// What vite transforms for the server before it is asked (`preTransformRequests`), so a page's ~70 modules transform side by
// side: the printed page at start, a post's page after the first answer (beside it, it held that page ~0.18 s).
const WARMUP = ['pages/+Layout.tsx', 'pages/+Head.tsx', 'pages/index/+Page.tsx']
const WARMUP_AFTER_FIRST_PAGE = ['pages/blog/+Layout.tsx', 'pages/blog/post/+Page.tsx']

export interface DevOptions extends ContentStateOptions {
  port: number
  host: string
  base?: string
}

/** Starts vike's dev server on the site, with content reloaded as files change; resolves to it once it listens. */
export async function startDevServer(options: DevOptions, reporter: Reporter): Promise<ViteDevServer> {
  const state = createContentState(options)
  // The config first (the base comes from it); posts render while vite starts and warms, and requests wait until they are in.
  await state.reloadConfig()
  const postsLoaded = state.loadPosts()
  const base = normalizeBase(options.base ?? state.config?.site.base ?? '/')
  // Made again when the config changes: the config module's parts are loaded one by one.
  let made: { config: SiteConfig; exports: Record<string, unknown> } | undefined
  const viteConfig = createViteConfig({
    // Until the config is valid no page is rendered (the error page answers), so an empty object never reaches a component.
    getConfig: () => state.config ?? ({} as SiteConfig),
    getExports: () => {
      if (!state.config) return {}
      if (made?.config !== state.config) made = { config: state.config, exports: configExports(state.config) }
      return made.exports
    },
    base,
    mode: 'development',
  })
  viteConfig.plugins!.unshift(devRunnerPlugin())
  viteConfig.plugins!.push(devContentPlugin(state, { ...options, reporter, ready: postsLoaded }), serverCompiledStylesheets(), servedFromToolRoot(toolRoot), bundledVikeClient(toolRoot))
  viteConfig.server = { port: options.port, host: options.host, strictPort: true, warmup: { ssrFiles: WARMUP }, watch: { ignored: [ignoredOutsideSiteInputs(toolRoot, () => state.inputs)] } }
  viteConfig.environments = { ...viteConfig.environments, ssr: { ...viteConfig.environments?.ssr, dev: { preTransformRequests: true } } }
  viteConfig.logLevel = 'info'
  const { dev } = await import('vike/api')
  const { viteServer } = await dev({ viteConfig })
  viteServer.httpServer?.once('request', (_request, response) => {
    // 'close' comes after the response is sent, and for one the browser gave up on too.
    response.once('close', () => {
      // vite's warm-up, as for WARMUP: a failure is logged, never thrown.
      for (const file of WARMUP_AFTER_FIRST_PAGE) void viteServer.environments.ssr.warmupRequest(`/${file}`)
    })
  })
  await postsLoaded
  if (state.error) reporter.info(formatError(state.error))
  const url = viteServer.resolvedUrls?.local[0] ?? `http://${options.host}:${options.port}${base}`
  reporter.info(`\n  ${c.green('➜')} kube-site dev at ${c.cyan(url)}  ${c.dim(`(drafts ${options.drafts ? 'shown' : 'hidden'}; Ctrl-C to stop)`)}\n`)
  return viteServer
}
