import react from '@vitejs/plugin-react'
import { createHash } from 'node:crypto'
import { basename, join, relative } from 'node:path'
import type { CodeSplittingNameFunction } from 'rolldown'
import type { InlineConfig, Plugin } from 'vite'
import type { SiteConfig } from '../../content/types.ts'
import type { Picture } from '../../../pages/_lib/picture.ts'
import { toolRoot } from '../../toolRoot.ts'
import { kubeSitePlugin } from './kubeSitePlugin.ts'
import { noInjectedStyles } from './noInjectedStyles.ts'
import { KubeSiteError, internalError } from '../../errors.ts'
import { ENV_PREFIXES } from '../../incremental/bundleEnv.ts'

export interface ViteConfigOptions {
  getConfig: () => SiteConfig
  /** The variants of the config's raster images (none in dev). */
  getPictures?: () => Record<string, Picture>
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

// How the browser bundle is cut. Left to itself, rolldown makes a chunk for every set of entries
// that shares a module: with the islands that was 19 files on the home page and 24 on the blog,
// each with its own imports and preload entries. Two chunks every page loads instead: React, and
// the layout's islands (header and footer) with what they import. The HTML-only pages' first
// script (reveal, the island scheduler and the constants they share with the islands) is a
// chunk of its own: were it pulled into the layout's, React would come with it before the
// first screen has painted.
const BROWSER_CHUNKS = {
  groups: [
    // With the theme's constants: 140 bytes, they were a chunk of their own, one more module
    // preload in every blog page; so was the date format (200 bytes, the blog's and the 404
    // page's), 170 bytes of preload and integrity on each of thousands of blog pages; and so was
    // the config's authors (the blog's author cards, `{}` on a site without them), which the
    // config's barrel module, imported by every page, made no page's alone.
    // The site's locales and their directions (the search's list of shards is the page's
    // locale's; the carousel turns with the site's direction): two chunks of their own, 300 bytes,
    // two module preloads more on every blog page.
    // (rolldown's runtime helpers stay a chunk: no group takes them.)
    { name: 'shared', test: /pages[\\/]_lib[\\/](constants|browser[\\/]theme|text[\\/](formatDate|formatDay)|locales[\\/](locales|siteLocale))\.ts$|vite[\\/]preload-helper|^\0virtual:kube-site\/config\/(authors|siteLocales)$/, priority: 4 },
    { name: 'boot', test: /pages[\\/]_lib[\\/](browser[\\/]reveal|islands[\\/]scheduleIslands)\.ts$/, priority: 3 },
    { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 2 },
    // vike-react's client with its hooks and, as what they import, vike's client runtime: the
    // blog's alone (the HTML-only pages load no page code). rolldown cut them into four chunks, by
    // which pages use which hook: three module preloads more on every blog page.
    { name: 'vike-react', test: /node_modules[\\/]vike-react[\\/]/, priority: 2 },
    // ThemedImage (the logo, the carousel's slides): it imports React and the layout's chunk.
    // notify (300 bytes; it loads the toaster when first called) is the copy buttons' and the
    // PDF viewer's on the HTML-only pages and every post's: a chunk of its own was one module
    // preload more on each of them.
    { name: 'layout', test: /pages[\\/]_islands[\\/](PlatformMenu|ThemeToggle|MobileMenu|SocialLinks)\.tsx$|pages[\\/]_components[\\/]common[\\/]ThemedImage\.tsx$|pages[\\/]_lib[\\/]browser[\\/]notify\.ts$/, priority: 1 },
    // What the blog's pages share and no other page reaches: vike's client router and the blog's
    // components, which rolldown left as two chunks (one module preload each in every one of the
    // blog's thousands of pages). Not what they import: vike's runtime is also the layout's, and
    // the HTML-only pages, whose CSS vike collects along the imports, would link the blog's CSS.
    { name: blogShared(), priority: 0, includeDependenciesRecursively: false },
  ],
}

/**
 * The server build takes in the packages vike's runtime renders with (vike-react, react-streaming
 * and theirs), in a chunk of its own. Left in node_modules, they were about 270 ES modules (with
 * vike's) that Node's loader resolved, read and linked one by one each time the build loaded its
 * server runtime: a one-post rebuild at 4,000 posts spent 0.14 s there. React stays outside (one
 * CommonJS file each). In a chunk of their own, the chunks of the site's modules, and so the
 * stylesheets named after them and their order, are the ones they were. vike itself stays outside
 * too: its imports (`vike/__internal` in the entry, `vike/server` in vike-react…) are given the
 * compiled CLI's own copy of vike at run time (cli/compiledVike.ts), one copy in a thread. The
 * bundle's own copy, in that chunk, shared its state with the CLI's through globalThis.
 */
const SERVER_RUNTIME = String.raw`(?:vike-react|react-streaming|regexparam|isbot-fast|@brillout/[^/]+|@universal-middleware/[^/]+)`
const SERVER_BUILD = {
  resolve: { noExternal: new RegExp(String.raw`^${SERVER_RUNTIME}(?:/|$)`) },
  build: { rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'server-runtime', test: new RegExp(String.raw`/node_modules/${SERVER_RUNTIME}/`) }] } } } },
}

/** The entries only the blog loads: vike's client router and the blog's pages. */
export const BLOG_ENTRY = /^\0virtual:vike:page-entry:client:\/pages\/blog\/|node_modules[\\/]vike[\\/]dist[\\/]client[\\/]runtime-client-routing[\\/]entry\.js$/

/**
 * Names 'blog' a module that only the blog's entries reach (by static or dynamic imports), and at
 * least two of them: a module one page alone imports stays in that page's chunk, and one the
 * HTML-only pages reach (the layout, an island) stays where those pages find it.
 */
function blogShared(): CodeSplittingNameFunction {
  return (id, context) => {
    const entries = new Set<string>()
    const seen = new Set([id])
    const queue = [id]
    for (const current of queue) {
      const info = context.getModuleInfo(current)
      if (!info) return null
      if (info.isEntry) {
        // An entry stays its own chunk.
        if (current === id || !BLOG_ENTRY.test(current)) return null
        entries.add(current)
        continue
      }
      for (const importer of [...info.importers, ...info.dynamicImporters]) if (!seen.has(importer)) queue.push(importer), seen.add(importer)
    }
    return entries.size >= 2 ? 'blog' : null
  }
}

/**
 * Resolves a style module's relative `@use` ('../../styles') to a file URL, which Sass then
 * resolves (partial, index, extension) and reads itself. vite's own importer, used otherwise,
 * resolves each load through vite's resolver and reads the file to rebase its url()s, on the main
 * thread: about 140 calls for the site's 46 style modules, each waiting for a thread that is busy
 * transforming the rest. A dev server's first page answered about 0.1 s sooner (1,684 against
 * 1,796 ms, medians of 5 alternating starts), and the CSS is the same. A partial then keeps its
 * url()s as written, relative to the module that uses it: styleUrls.test.ts holds the partials
 * to none that is relative.
 */
const sassFileImporter = {
  findFileUrl: (url: string, { containingUrl }: { containingUrl: URL | null }) => (containingUrl && !/^[a-z][a-z\d+.-]*:/i.test(url) ? new URL(url, containingUrl) : null),
}

/** The whole vite config, in code: the site has no vite.config file of its own. */
export function createViteConfig({ getConfig, getPictures, base, outDir, mode, noindex = false, onEnvironmentBuilt }: ViteConfigOptions): InlineConfig {
  const cssModules = mode === 'production' ? reuseCompiledCssModules(shortClassNames()) : undefined
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
    // Without vike's plugin: vike's API adds it (last) once it has this config's root. Made here,
    // before the API call, the plugin takes its root, where it finds the pages, from the cwd
    // (vike's getVikeConfigInternalEarly), and keeps it for the process.
    plugins: [react(), kubeSitePlugin(getConfig, getPictures), noInjectedStyles(), cssModules?.plugins, onEnvironmentBuilt && timeEnvironments(onEnvironmentBuilt)],
    // Short class names in a build (readable ones in dev): every page's markup repeats a hundred.
    css: {
      modules: cssModules ? { generateScopedName: cssModules.generateScopedName, getJSON: cssModules.getJSON } : { generateScopedName: readableClassNames() },
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
          // pdf.js is one chunk of 630 kB minified since pdf.js 6 (vite warns past 500 kB): the legal
          // pages' alone, imported after hydration. Every other chunk is under 250 kB.
          chunkSizeWarningLimit: 700,
          // The build reports its own timings; rolldown's notice of slow plugins is noise here.
          rolldownOptions: { checks: { bundlerTimings: false } },
        }
      : // vike resolves an outDir in dev too: vite's default, dist/ in the root.
        { outDir: outDirForVike(join(toolRoot, 'dist')) },
  }
}

/**
 * `dir`, absolute, as vike takes an absolute outDir without a change of the cwd. vike tells an
 * absolute outDir from one relative to the root by whether its first folder is the cwd's
 * (getOutDirs.js, outDirIsAbsolutePath), and asserts the outDir it resolves passes that test: the
 * work folder under the tool root, built from a site in another top-level folder, failed it. So
 * the path starts from the cwd's first folder and goes back up: `/tmp/../work/…` from /tmp/site.
 * The cwd is a physical path (getcwd resolves symbolic links), so that folder's `..` is `/` for
 * the file system as for path.resolve. privateApis.test.ts runs vike's test on it.
 */
export function outDirForVike(dir: string, cwd = process.cwd()): string {
  const first = firstFolder(cwd)
  if (first === undefined) throw new KubeSiteError('BUILD_FAILED', 'kube-site cannot build from the file system\'s root folder /', { hint: "Run it from your site's folder." })
  return firstFolder(dir) === first ? dir : `/${first}/..${dir}`
}

const firstFolder = (path: string) => path.split(/[\\/]/).find(Boolean)

const CSS_MODULE = /\.module\.(scss|css)$/

/**
 * The server build takes each CSS module as the browser build compiled it, instead of running
 * Sass (with the whole of styles/ that every module @uses) over every file a second time. vike
 * builds the browser first; it compiles every module the server's does (it collects the CSS of
 * server-only components too). In the server build such a module loads as that CSS, whose class
 * names are already the final ones and so are kept as they are, and its JavaScript is replaced
 * by the class names the browser build gave it. The stylesheets the server build emits, which
 * vike links, are byte for byte the same. A module the browser build did not compile goes
 * through the usual way.
 */
function reuseCompiledCssModules(scopedName: (name: string, filename: string) => string) {
  const compiled = new Map<string, { css?: string; classNames?: Record<string, string> }>()
  const reused = new Set<string>()
  const entry = (file: string) => compiled.get(file) ?? compiled.set(file, {}).get(file)!
  const plugins: Plugin[] = [
    {
      // Between vite:css, which compiles, and vite:css-post, which turns the CSS into a module.
      name: 'kube-site:css-modules-compiled',
      apply: 'build',
      transform(code, id) {
        if (this.environment.name === 'client' && CSS_MODULE.test(id)) entry(id).css = code
        return null
      },
    },
    {
      name: 'kube-site:css-modules-reused',
      apply: 'build',
      load(id) {
        const module = this.environment.name === 'ssr' && CSS_MODULE.test(id) ? compiled.get(id) : undefined
        if (module?.css === undefined || !module.classNames) return null
        reused.add(id)
        return module.css
      },
      transform: {
        order: 'post',
        handler(_, id) {
          if (this.environment.name !== 'ssr' || !reused.has(id)) return null
          return { code: `export default ${JSON.stringify(compiled.get(id)!.classNames)}`, map: null }
        },
      },
    },
  ]
  return {
    plugins,
    generateScopedName: (name: string, filename: string) => (reused.has(filename) ? name : scopedName(name, filename)),
    getJSON(file: string, classNames: Record<string, string>) {
      if (!reused.has(file)) entry(file).classNames = classNames
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

/**
 * CSS module class names in dev: the module's and the class's names, and a hash of the module's
 * path (two modules may share a name): `Header_nav_k3Jw`. postcss-modules' default hashes the
 * module's whole CSS and counts its lines again for every class, which the first page paid for
 * all of its 46 modules; these stay the same while a module is edited.
 */
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

/**
 * CSS module class names from a hash of the file and the class: `_` and 4 base64url characters
 * (24 bits), where vite's default (`_header_ybk29_1`) averages 15; a blog page names about a
 * hundred. Names depend on pages/ alone, never on a site's content or config, so a clash can only
 * come with a change to the site's own styles: two classes with one name would share their
 * rules, so that fails the build (rename one). With the site's 220 classes, a new class clashes
 * with one of them once in about 76,000.
 */
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
