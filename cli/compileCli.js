// Compiles the CLI to ES modules with rolldown, cli/index.ts and each worker's entry (toolRoot.ts compiledEntry), for cli/bin.js or a test's folder.
import { dirname, join, relative } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { SASS_ENTRY, VIKE_ENTRIES } from './vikeEntries.js'

const cliDir = dirname(fileURLToPath(import.meta.url))

// Packages bundled with our modules, as Node's loader pays for every file (a rebuild 15 % more CPU unbundled):
// - zod, and vike, whose modules share state through globalThis; each vike entry the bundles import is one here (vikeEntries.js, compiledVike.ts);
// - the packages vike's build and runtime import (85 files the bundle's thread loaded one by one), but the runtime of
//   @brillout/vite-plugin-server-entry, whose autoImporter.js vike's build rewrites in node_modules (a scope, `@universal-deploy`, is all its packages);
// - sass-embedded's JavaScript with the packages it loads (SASS_ENTRY), but sync-child-process, which starts a worker from a
//   file beside its own (the synchronous API, which vite does not use), and the compiler, a native package it finds by require.resolve.
const BUNDLED_PACKAGES = ['zod', 'vike', '@brillout/import', '@brillout/json-serializer', '@brillout/picocolors', '@brillout/vite-plugin-server-entry/plugin', '@universal-deploy', '@universal-middleware',
  'convert-route', 'json5', 'semver', 'cac', 'rou3', 'sirv', 'mrmime', 'totalist', '@polka/url', 'regexparam', 'vite-plugin-wrapper', 'es-module-lexer', 'magic-string', '@jridgewell/sourcemap-codec',
  'sass-embedded', '@bufbuild/protobuf', 'rxjs', 'immutable', 'colorjs.io', 'varint', 'supports-color', 'has-flag']
const BUNDLED = new RegExp(`^(?:${BUNDLED_PACKAGES.map((name) => name.replaceAll('.', '\\.') + (/^@[^/]+$/.test(name) ? '/[^/]+' : '')).join('|')})(?:/|$)`)

/** The entries, by the name of their compiled file (`index.mjs`…): the CLI, a worker thread each, vike's entry points that the server bundle imports, and sass-embedded. */
const ENTRIES = {
  index: join(cliDir, 'index.ts'),
  postWorker: join(cliDir, 'content', 'posts', 'postWorker.ts'),
  renderWorker: join(cliDir, 'generator', 'prerender', 'renderWorker.ts'),
  bundleWorker: join(cliDir, 'generator', 'bundle', 'bundleWorker.ts'),
  pageWriter: join(cliDir, 'generator', 'prerender', 'pageWriterWorker.ts'),
  surveyOutput: join(cliDir, 'generator', 'output', 'surveyOutputWorker.ts'),
  socialCardWorker: join(cliDir, 'cards', 'socialCardWorker.ts'),
  pagefindWorker: join(cliDir, 'search', 'pagefindWorker.ts'),
  ...VIKE_ENTRIES,
  ...SASS_ENTRY,
}

/** The compiled files a kube-site loads by name (the chunks they import are named by their content). */
export const entryFiles = Object.keys(ENTRIES).map((name) => `${name}.mjs`)

/** The sources of the CLI's own entries (vike's are a package's), relative to the tool root: from source, the CLI's version follows their imports (incremental/fingerprint.ts). */
export const cliSources = Object.values(ENTRIES).filter((entry) => entry.startsWith(cliDir)).map((entry) => relative(dirname(cliDir), entry))

/** Compiles into `outDir`; returns the source files bundled. */
export async function compileCli(outDir) {
  const { build } = await import('rolldown')
  const output = await build({
    input: ENTRIES,
    // Module names in region comments relative to the tool root, not the cwd: else a compile from another folder made other bytes, another CLI version and other card names.
    cwd: dirname(cliDir),
    platform: 'node',
    // Packages stay in node_modules; only our own modules are bundled, with the packages BUNDLED names.
    external: (id) => !id.startsWith('.') && !id.startsWith('/') && !id.startsWith('\0') && !BUNDLED.test(id),
    logLevel: 'warn',
    plugins: [keepImportMetaUrl, lighterPerPage, loadOnlyWhenNeeded],
    // vike's plugin sets `module.exports` for CommonJS callers, in a try: nothing to warn of here.
    checks: { commonJsVariableInEsm: false },
    // Chunks per dynamic import: `--help` does not load vite, a build does.
    output: { dir: outDir, format: 'esm', entryFileNames: '[name].mjs', chunkFileNames: '[name]-[hash].mjs' },
    write: true,
  })
  return output.output.flatMap((chunk) => chunk.moduleIds ?? []).filter((id) => id.startsWith('/'))
}

/** A bundled package's module keeps its own address: a module that finds files beside itself (vike's do) finds them in the package. */
const keepImportMetaUrl = {
  name: 'keep-import-meta-url',
  transform(code, id) {
    if (!id.includes('/node_modules/') || !code.includes('import.meta.url')) return undefined
    return code.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(id).href))
  },
}

/** `code` of vike's file `id` with each `[text, by]` of `replacements` made, each text found exactly once: else the compile fails, naming the file, the text and the patch, as vike then writes it otherwise. */
function replaceExactlyOnce(code, id, replacements, patch) {
  let patched = code
  for (const [text, by] of replacements) {
    if (patched.split(text).length !== 2) throw new Error(`${id}: vike no longer writes \`${text}\` once: cli/compileCli.js (${patch}) patches it`)
    patched = patched.replace(text, () => by)
  }
  return patched
}

/** A module of vike's dist/, and its path there. */
const VIKE_MODULE = /[\\/]node_modules[\\/]vike[\\/]dist[\\/](.+)\.js$/
/**
 * What vike's server runtime does for each page at more cost than it needs, compiled to cost less, by the module's path
 * in dist/. Each caller gets what vike's own gives, a copy of its own.
 * - catchInfiniteLoop: its guard against a request rendering itself in a loop walked every request's tracker of the last
 *   5 s at each request (1.9 s at 7,197 pages); the trackers are now swept at most once a second (one outlives its 5 s
 *   by a second at most).
 * - parseUrl: each read of a page context's `urlPathname` or `urlParsed` parses its URL, about ten a page (the route
 *   functions, +onBeforeRoute, the layout, SeoTags): 1.2 s of 7,200 pages. A URL without a query is parsed once for its
 *   base (the last 64 of a base kept); one with a query, or a hash alone (which a browser resolves against the
 *   document), each time.
 * - getPageAssets: a page's scripts and stylesheets, walked through the client manifest for each page, though they
 *   follow from its page entry: 0.6 s of 7,200 pages. Found once for the manifest, the entry's dependencies and the base.
 * - forkPageContext: the copy of a page context vike renders the page with, made by defining its 25 properties at once
 *   from all their descriptors (0.7 s of 7,200 pages, and the copy slower to read after). Its data properties are now
 *   set, its getters defined, one by one, in the same order: 0.26 s.
 */
const LIGHTER_PER_PAGE = new Map([
  ['utils/catchInfiniteLoop', [
    ['const trackers = {};\n', 'const trackers = {};\nlet kubeSiteSwept = 0;\n'],
    ['Object.keys(trackers).forEach(', 'if (now - kubeSiteSwept >= 1000 && (kubeSiteSwept = now)) Object.keys(trackers).forEach('],
  ]],
  ['utils/parseUrl', [['\nfunction parseUrl(url, baseServer) {', `
const kubeSiteParsed = new Map();
function parseUrl(url, baseServer) {
    if (typeof url !== 'string' || url.startsWith('#') || url.includes('?')) return kubeSiteParseUrl(url, baseServer);
    let parsedOfBase = kubeSiteParsed.get(baseServer);
    if (!parsedOfBase || parsedOfBase.size >= 64) {
        if (kubeSiteParsed.size >= 8) kubeSiteParsed.clear();
        kubeSiteParsed.set(baseServer, (parsedOfBase = new Map()));
    }
    let parsed = parsedOfBase.get(url);
    if (!parsed) parsedOfBase.set(url, (parsed = kubeSiteParseUrl(url, baseServer)));
    return { ...parsed, search: {}, searchAll: {} };
}
function kubeSiteParseUrl(url, baseServer) {`]]],
  ['server/runtime/renderPageServer/getPageAssets', [['\nasync function getPageAssets(pageContext, clientDependencies, clientEntries) {', `
const kubeSitePageAssets = new WeakMap();
async function getPageAssets(pageContext, clientDependencies, clientEntries) {
    const { _isProduction: isProduction, assetsManifest } = pageContext._globalContext;
    if (!isProduction || !assetsManifest) return kubeSiteFindPageAssets(pageContext, clientDependencies, clientEntries);
    let ofManifest = kubeSitePageAssets.get(assetsManifest);
    if (!ofManifest) kubeSitePageAssets.set(assetsManifest, (ofManifest = new Map()));
    const key = JSON.stringify([clientDependencies, clientEntries, pageContext._baseAssets || pageContext._baseServer]);
    let pageAssets = ofManifest.get(key);
    if (!pageAssets) ofManifest.set(key, (pageAssets = await kubeSiteFindPageAssets(pageContext, clientDependencies, clientEntries)));
    return pageAssets.map((pageAsset) => ({ ...pageAsset }));
}
async function kubeSiteFindPageAssets(pageContext, clientDependencies, clientEntries) {`]]],
  ['shared-server-client/forkPageContext', [['    objectAssign(pageContextNew, pageContext, true);\n', `    for (const key of Reflect.ownKeys(pageContext)) {
        const descriptor = Object.getOwnPropertyDescriptor(pageContext, key);
        if (descriptor.writable && descriptor.enumerable && descriptor.configurable && key !== '__proto__') pageContextNew[key] = descriptor.value;
        else Object.defineProperty(pageContextNew, key, descriptor);
    }
`]]],
])

/** vike's server runtime with its work for each page made lighter (LIGHTER_PER_PAGE). */
export const lighterPerPage = {
  name: 'kube-site:lighter-per-page',
  transform(code, id) {
    const replacements = LIGHTER_PER_PAGE.get(VIKE_MODULE.exec(id)?.[1]?.replaceAll('\\', '/') ?? '')
    return replacements && replaceExactlyOnce(code, id, replacements, 'lighterPerPage')
  },
}

/** A module of vike's dist/node/vite/, and its path there. */
const VIKE_VITE_MODULE = /[\\/]node_modules[\\/]vike[\\/]dist[\\/]node[\\/]vite[\\/](.+)\.js$/
/** What is replaced in each of vike's build modules that load a package before any file needs it, by its path in dist/node/vite/. */
const LOADED_WHEN_NEEDED = new Map([
  // What a +config file imports, read from esbuild's output of it: rolldown's parser (loaded already, for vite) gives the
  // same ImportDeclaration nodes, offsets and specifiers as Babel's (privateApis.test.ts compares them).
  ['shared/resolveVikeConfigInternal/pointerImports', [
    ["import { parseSync } from '@babel/core';", "import { parseAst } from 'rolldown/parseAst';"],
    ["parseSync(code, {\n        sourceType: 'module',\n    });", "{ program: parseAst(code, { sourceType: 'module' }) };"],
  ]],
  // The static replacements of vike-react's config (<ClientOnly>, useHydrated): Babel loaded when a module uses one, which no page does.
  ['plugins/pluginStaticReplace/applyStaticReplace', [
    ["import { transformAsync } from '@babel/core';\nimport * as t from '@babel/types';", 'let transformAsync, t;'],
    ['    try {\n        const state = {', "    ({ transformAsync } = await import('@babel/core'));\n    t = await import('@babel/types');\n    try {\n        const state = {"],
  ]],
  // The version check of vike's extensions: semver's one function, not its 50 modules.
  ['shared/resolveVikeConfigInternal/assertExtensions', [
    ["import semver from 'semver';", "import satisfies from 'semver/functions/satisfies.js';"],
    ['return semver.satisfies(version, range);', 'return satisfies(version, range);'],
  ]],
  // source-map-support maps the stack of an error a +config file throws: installed when one throws, before its stack is read
  // and its transpiled file removed. Installed at load, it mapped every stack vike's build read (its own asserts' too).
  ['shared/resolveVikeConfigInternal/transpileAndExecuteFile', [
    ["import sourceMapSupport from 'source-map-support';\n", ''],
    ['    sourceMapSupport.install();\n}', '}'],
    ['        triggerPrepareStackTrace(err);', "        if (!isVitest())\n            (await import('source-map-support')).default.install();\n        triggerPrepareStackTrace(err);"],
  ]],
])

/**
 * vike's build without the packages its modules load at their top though no page needs them: Babel (@babel/core and
 * @babel/types, about 0.25 s of the bundle's thread before vite started, on a 2-core machine), all of semver, source-map-support.
 */
export const loadOnlyWhenNeeded = {
  name: 'kube-site:load-only-when-needed',
  transform(code, id) {
    const replacements = LOADED_WHEN_NEEDED.get(VIKE_VITE_MODULE.exec(id)?.[1]?.replaceAll('\\', '/') ?? '')
    return replacements && replaceExactlyOnce(code, id, replacements, 'loadOnlyWhenNeeded')
  },
}
