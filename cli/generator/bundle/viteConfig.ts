import react from '@vitejs/plugin-react'
import { createHash } from 'node:crypto'
import { readdirSync } from 'node:fs'
import { basename, dirname, join, relative, resolve } from 'node:path'
import type { CodeSplittingNameFunction } from 'rolldown'
import type { InlineConfig, Plugin } from 'vite'
import type { SiteConfig } from '../../content/types.ts'
import { toolRoot } from '../../toolRoot.ts'
import { kubeSitePlugin } from './kubeSitePlugin.ts'
import { noInjectedStyles } from './noInjectedStyles.ts'
import { KubeSiteError, internalError } from '../../errors.ts'
import { ENV_PREFIXES } from '../../incremental/bundleEnv.ts'

export interface ViteConfigOptions {
  getConfig: () => SiteConfig
  /** What the config module exports (configExports.ts), with the variants of the config's raster images (none in dev). */
  getExports: () => Readonly<Record<string, unknown>>
  /** URL prefix the site is served under ('/' or '/sub/'). */
  base: string
  /** Where vike writes client/ and server/ (a staging folder in builds). */
  outDir?: string
  mode: 'production' | 'development'
  /** Pages tell search engines to skip them (`build --noindex`): read by the pages as import.meta.env.KUBE_SITE_NOINDEX. */
  noindex?: boolean
  /** Told how long each environment's build took (client, ssr), for `build --profile`. */
  onEnvironmentBuilt?(environment: string, ms: number): void
}

// The browser bundle: rolldown alone made a chunk per set of entries (19 files on the home page); instead React and the layout's islands, the first script apart.
const BROWSER_CHUNKS = {
  groups: [
    // Small modules blog pages all reach, each once a chunk and a preload; rolldown's runtime helpers stay a chunk, as no group takes them.
    { name: 'shared', test: /pages[\\/]_lib[\\/](constants|browser[\\/]theme|text[\\/](formatDate|formatDay)|locales[\\/](locales|siteLocale))\.ts$|vite[\\/]preload-helper|^\0virtual:kube-site\/config\/(authors|siteLocales)$/, priority: 4 },
    { name: 'boot', test: /pages[\\/]_lib[\\/](browser[\\/]reveal|islands[\\/]scheduleIslands)\.ts$/, priority: 3 },
    { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 2 },
    // vike-react and vike's client runtime, the blog's alone: rolldown cut them into four chunks.
    { name: 'vike-react', test: /node_modules[\\/]vike-react[\\/]/, priority: 2 },
    // ThemedImage and notify: small, used on HTML-only pages and every post; alone, one preload more each.
    { name: 'layout', test: /pages[\\/]_islands[\\/](PlatformMenu|ThemeToggle|MobileMenu|SocialLinks)\.tsx$|pages[\\/]_components[\\/]common[\\/]ThemedImage\.tsx$|pages[\\/]_lib[\\/]browser[\\/]notify\.ts$/, priority: 1 },
    // What only blog pages share (client router, blog components), not their imports: HTML-only pages would then link the blog's CSS.
    { name: blogShared(), priority: 0, includeDependenciesRecursively: false },
  ],
}

/** The server bundle's maps (rolldown's output options; vite takes `sourcemap` as build.sourcemap): no comment, no sources, each source named from `root`; a page that throws is named at its line in pages/ (renderError.ts). */
export function serverSourceMaps(root = toolRoot) {
  return { sourcemap: 'hidden' as const, sourcemapExcludeSources: true, sourcemapPathTransform: (source: string, map: string) => relative(root, resolve(dirname(map), source)) }
}
const { sourcemap: serverSourceMap, ...serverMapOptions } = serverSourceMaps()

/**
 * The server build bundles what vike's runtime renders with into one chunk (Node loaded its ~270 modules one by one, 0.14 s);
 * React stays outside, and so does vike, given the compiled CLI's copy (compiledVike.ts), as a second would share its state.
 */
const SERVER_RUNTIME = String.raw`(?:vike-react|react-streaming|regexparam|isbot-fast|@brillout/[^/]+|@universal-middleware/[^/]+)`
const SERVER_BUILD = {
  resolve: { noExternal: new RegExp(String.raw`^${SERVER_RUNTIME}(?:/|$)`) },
  build: {
    sourcemap: serverSourceMap,
    rolldownOptions: { output: { ...serverMapOptions, codeSplitting: { groups: [{ name: 'server-runtime', test: new RegExp(String.raw`/node_modules/${SERVER_RUNTIME}/`) }] } } },
  },
}

/** The entries only the blog loads: vike's client router and the blog's pages. */
export const BLOG_ENTRY = /^\0virtual:vike:page-entry:client:\/pages\/blog\/|node_modules[\\/]vike[\\/]dist[\\/]client[\\/]runtime-client-routing[\\/]entry\.js$/

/** Names 'blog' a module reached only from two or more blog entries; others stay where pages find them. */
function blogShared(): CodeSplittingNameFunction {
  return (id, context) => {
    const entries = new Set<string>()
    const seen = new Set([id])
    const queue = [id]
    for (const current of queue) {
      const info = context.getModuleInfo(current)
      if (!info) return null
      if (info.isEntry) {
        if (current === id || !BLOG_ENTRY.test(current)) return null
        entries.add(current)
        continue
      }
      for (const importer of [...info.importers, ...info.dynamicImporters]) if (!seen.has(importer)) queue.push(importer), seen.add(importer)
    }
    return entries.size >= 2 ? 'blog' : null
  }
}

/** Sass resolves a style module's relative `@use` itself (vite's importer ran on the busy main thread); partials keep url()s as written (styleUrls.test.ts). */
const sassFileImporter = { findFileUrl: (url: string, { containingUrl }: { containingUrl: URL | null }) => (containingUrl && !/^[a-z][a-z\d+.-]*:/i.test(url) ? new URL(url, containingUrl) : null) }

/** vike's crawl for `+` files (VIKE_CRAWL, read from the environment alone): its glob, in pages/, where they all are; it ran git
 * two to four times over the tool root first, before vite started (cli/README.md, Private APIs). A user's own VIKE_CRAWL is kept. */
export const crawlSettings = (root = toolRoot): string => JSON.stringify({ git: false, ignore: readdirSync(root, { withFileTypes: true }).filter((entry) => entry.isDirectory() && entry.name !== 'pages').map((entry) => `${entry.name}/**`) })

/** The whole vite config, in code: the site has no vite.config file of its own. */
export function createViteConfig({ getConfig, getExports, base, outDir, mode, noindex = false, onEnvironmentBuilt }: ViteConfigOptions): InlineConfig {
  process.env.VIKE_CRAWL ??= crawlSettings()
  const cssModules = mode === 'production' ? reuseCompiledStylesheets() : undefined
  return {
    configFile: false,
    define: { 'import.meta.env.KUBE_SITE_NOINDEX': JSON.stringify(noindex) },
    // What the site's code may read of the environment: the bundle's key names the same (bundleEnv.ts).
    envPrefix: ENV_PREFIXES,
    root: toolRoot,
    base,
    mode,
    publicDir: join(toolRoot, 'public'),
    logLevel: 'warn',
    clearScreen: false,
    // Without vike's plugin: vike's API adds it with this config's root; made here, it would take its root from the cwd and keep it for the process.
    plugins: [react(), kubeSitePlugin(getConfig, getExports), noInjectedStyles(), cssModules?.plugins, onEnvironmentBuilt && timeEnvironments(onEnvironmentBuilt)],
    // Short class names in a build (readable ones in dev): every page's markup repeats a hundred.
    css: {
      modules: cssModules ? { generateScopedName: shortClassNames(), getJSON: cssModules.getJSON } : { generateScopedName: readableClassNames() },
      preprocessorOptions: { scss: { importer: sassFileImporter } },
    },
    environments: {
      client: { build: { rolldownOptions: { output: { codeSplitting: BROWSER_CHUNKS } } } },
      // Only a build's: the dev server loads vike as vite's own plugin does.
      ...(mode === 'production' && { ssr: SERVER_BUILD }),
    },
    build: outDir
      ? {
          outDir: outDirForVike(outDir),
          emptyOutDir: true,
          reportCompressedSize: false,
          // pdf.js is one 630 kB chunk (vite warns past 500 kB), the legal pages' alone.
          chunkSizeWarningLimit: 700,
          // The build reports its own timings; rolldown's notice of slow plugins is noise here.
          rolldownOptions: { checks: { bundlerTimings: false } },
        }
      : // vike resolves an outDir in dev too: vite's default, dist/ in the root.
        { outDir: outDirForVike(join(toolRoot, 'dist')) },
  }
}

/**
 * `dir`, absolute, as vike takes it: vike asserts an absolute outDir starts with the cwd's first folder (getOutDirs.js), so the
 * path goes up from there: `/tmp/../work/…` from /tmp/site. privateApis.test.ts runs vike's test on it.
 */
export function outDirForVike(dir: string, cwd = process.cwd()): string {
  const first = firstFolder(cwd)
  if (first === undefined) throw new KubeSiteError('BUILD_FAILED', 'kube-site cannot build from the file system\'s root folder /', { hint: "Run it from your site's folder." })
  return firstFolder(dir) === first ? dir : `/${first}/..${dir}`
}

const firstFolder = (path: string) => path.split(/[\\/]/).find(Boolean)

const CSS_MODULE = /\.module\.(scss|css)$/
const SASS_FILE = /\.scss$/

/**
 * The server build's name for a Sass file as the browser build compiled it, `Header.css?compiled-module` for `Header.module.scss`:
 * plain CSS to vite (by the extension before the query: no Sass, and no CSS module, which `.module.` would make it), a chunk
 * named as the file's would be, and a query, as vike gives every id ending in `.css` a chunk of its own.
 */
export const compiledName = (file: string): string => `${file.replace(/(?:\.module)?\.scss$/, '')}.css?compiled${CSS_MODULE.test(file) ? '-module' : ''}`

/**
 * The server build takes each Sass file as the browser build compiled it, as plain CSS: no second Sass compiler (the server
 * build started one, 0.4 s of CPU, for the 47 files again), no PostCSS modules; a CSS module is its class names as the
 * browser build made them. Its stylesheets are still the server build's to emit (vike adds those of pages without
 * JavaScript to the client's assets). A file the browser build did not compile goes the usual way.
 */
function reuseCompiledStylesheets() {
  const compiled = new Map<string, { css?: string; classNames?: Record<string, string> }>()
  /** The Sass file each compiled name stands for. */
  const files = new Map<string, string>()
  const entry = (file: string) => compiled.get(file) ?? compiled.set(file, {}).get(file)!
  const reusable = (file: string) => {
    const made = compiled.get(file)
    return made?.css !== undefined && (!CSS_MODULE.test(file) || made.classNames !== undefined)
  }
  const plugins: Plugin[] = [
    {
      // Between vite:css, which compiles, and vite:css-post, which turns the CSS into a module.
      name: 'kube-site:stylesheets-compiled',
      apply: 'build',
      transform(code, id) {
        if (this.environment.name === 'client' && SASS_FILE.test(id)) entry(id).css = code
        return null
      },
    },
    {
      name: 'kube-site:stylesheets-reused',
      apply: 'build',
      resolveId: {
        order: 'pre',
        async handler(source, importer, options) {
          if (this.environment.name !== 'ssr' || !/\.scss(?:$|\?)/.test(source)) return null
          const resolved = await this.resolve(source, importer, { ...options, skipSelf: true })
          if (!resolved || !reusable(resolved.id)) return null
          const name = compiledName(resolved.id)
          files.set(name, resolved.id)
          return name
        },
      },
      load(id) {
        const file = files.get(id)
        return file === undefined ? null : compiled.get(file)!.css!
      },
      transform: {
        order: 'post',
        handler(_, id) {
          const file = files.get(id)
          const classNames = file === undefined ? undefined : compiled.get(file)!.classNames
          return classNames ? { code: `export default ${JSON.stringify(classNames)}`, map: null } : null
        },
      },
    },
  ]
  return {
    plugins,
    getJSON(file: string, classNames: Record<string, string>) {
      entry(file).classNames = classNames
    },
  }
}

/** Times each environment's build from its start to its last output written. */
function timeEnvironments(onBuilt: (environment: string, ms: number) => void): Plugin {
  const starts = new Map<string, number>()
  return {
    name: 'kube-site:time-environments',
    buildStart() {
      starts.set(this.environment.name, performance.now())
    },
    closeBundle() {
      const start = starts.get(this.environment.name)
      if (start !== undefined) onBuilt(this.environment.name, performance.now() - start)
      starts.delete(this.environment.name)
    },
  }
}

/** Dev class names, `Header_nav_k3Jw`: module, class and a hash of the module's path. Cheaper than postcss-modules' hash of the whole CSS, and stable while a module is edited. */
function readableClassNames(): (name: string, filename: string) => string {
  const modules = new Map<string, { stem: string; hash: string }>()
  return (name, filename) => {
    const file = filename.split('?')[0]!
    let module = modules.get(file)
    if (!module) {
      const stem = basename(file).replace(/\.module\.s?css$/, '').replace(/[^\w-]/g, '_')
      module = { stem, hash: createHash('sha256').update(relative(toolRoot, file)).digest('base64url').slice(0, 4) }
      modules.set(file, module)
    }
    return `${module.stem}_${name}_${module.hash}`
  }
}

/** Build class names, `_` and 4 base64url characters of a hash of file and class: from pages/ alone, so a clash (rare) fails the build on a style change. */
function shortClassNames(): (name: string, filename: string) => string {
  const owners = new Map<string, string>()
  return (name, filename) => {
    const owner = `${relative(toolRoot, filename.split('?')[0]!)}:${name}`
    const scoped = `_${createHash('sha256').update(owner).digest('base64url').slice(0, 4)}`
    const previous = owners.get(scoped)
    if (previous !== undefined && previous !== owner) throw internalError(`CSS classes ${previous} and ${owner} hash to the same name ${scoped}`)
    owners.set(scoped, owner)
    return scoped
  }
}
