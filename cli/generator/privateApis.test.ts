import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { parse } from '@brillout/json-serializer/parse'
import { describe, expect, it, vi } from 'vitest'
import { toolRoot } from '../toolRoot.ts'
import { compactShell } from './prerender/compactShell.ts'
import { BLOG_ENTRY, compiledName, crawlSettings, outDirForVike } from './bundle/viteConfig.ts'
import { SASS_ENTRY, VIKE_ENTRIES } from '../vikeEntries.js'
import { lighterPerPage, loadOnlyWhenNeeded } from '../compileCli.js'
import { parse as babelParse } from '@babel/parser'
import { parseAst } from 'rolldown/parseAst'

// Canaries for what kube-site takes from vike, vike-react, vite and rolldown beyond their public
// API, and from the serializer vike writes a page's context with (cli/README.md, "Private APIs",
// lists each, where it is used and why). package.json pins each exactly
// (tests/unit/dependencyPins.test.ts); an upgrade that changes one of these fails here, under the name of what changed.
// Each runs the dependency's own module where a unit test can; where only a build exercises it,
// the test reads the dependency's code for what ours relies on, and the build test named in the
// README fails too.

/** A file of an installed package, by its path inside the package (the copy the build runs). */
const packageFile = (name: string, path: string) => join(toolRoot, 'node_modules', name, path)
/** The text of a package's file. */
const packageSource = (name: string, path: string) => readFileSync(packageFile(name, path), 'utf8')
/** A module of a package that its exports do not name. */
const privateModule = async <T>(name: string, path: string) => (await import(pathToFileURL(packageFile(name, path)).href)) as T

/** A package's module patched as compileCli.js patches it, imported from its text as the compiled CLI runs it: its imports found from its file. */
async function importPatched<T>(file: string, patched: string): Promise<T> {
  const resolve = createRequire(file).resolve
  const source = patched.replace(/(from |import )'([^']+)'/g, (_, keyword: string, specifier: string) => `${keyword}'${specifier.startsWith('.') ? new URL(specifier, pathToFileURL(file)).href : pathToFileURL(resolve(specifier)).href}'`)
  return (await import(`data:text/javascript,${encodeURIComponent(source)}`)) as T
}

describe('private APIs of vike, vike-react and vite', () => {
  it("vike's catchInfiniteLoop: compiled with its trackers swept once a second (compileCli.js lighterPerPage), and still stops the 100th call within 5 s", async () => {
    const file = packageFile('vike', 'dist/utils/catchInfiniteLoop.js')
    const patched = lighterPerPage.transform(readFileSync(file, 'utf8'), file)!
    expect(patched).toContain('if (now - kubeSiteSwept >= 1000 && (kubeSiteSwept = now)) Object.keys(trackers).forEach(')
    expect(() => lighterPerPage.transform('function catchInfiniteLoop() {}', file)).toThrow(/no longer writes `const trackers = \{\};\n` once: cli\/compileCli.js \(lighterPerPage\)/)
    const { catchInfiniteLoop } = await importPatched<{ catchInfiniteLoop(name: string): void }>(file, patched)
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    try {
      for (let call = 1; call <= 99; call++) catchInfiniteLoop('renderPage()')
      expect(() => catchInfiniteLoop('renderPage()')).toThrow(/renderPage\(\) called 100 times within 5 seconds/)
    } finally {
      warn.mockRestore()
    }
  })

  it("vike's parseUrl: compiled to parse each URL without a query once for its base (compileCli.js lighterPerPage), each call given what vike's own gives", async () => {
    const file = packageFile('vike', 'dist/utils/parseUrl.js')
    const patched = lighterPerPage.transform(readFileSync(file, 'utf8'), file)!
    expect(() => lighterPerPage.transform('export {}', file)).toThrow(/no longer writes `\nfunction parseUrl\(url, baseServer\) \{` once: cli\/compileCli.js \(lighterPerPage\)/)
    type ParseUrl = (url: string, base: string) => { pathname: string; search: Record<string, string>; searchAll: Record<string, string[]> }
    const { parseUrl } = await importPatched<{ parseUrl: ParseUrl }>(file, patched)
    const { parseUrl: vikes } = await privateModule<{ parseUrl: ParseUrl }>('vike', 'dist/utils/parseUrl.js')
    const urls = ['/', '/blog/a-post/', '/de/blog/a-post/', '/blog/caf%C3%A9/#top', '/blog/?tag=rbac&tag=cni', '/docs/a%2Fb', 'https://example.com:8443/x/y?q=1#h', '#section', '/blog/a-post/']
    for (const base of ['/', '/docs/']) {
      for (const url of [...urls, ...urls]) {
        const parsed = parseUrl(url, base)
        expect(parsed, `${url} under ${base}`).toEqual(vikes(url, base))
        parsed.search.changed = 'by a caller'
        parsed.searchAll.changed = ['by a caller']
      }
    }
    expect(parseUrl('/blog/a-post/', '/').search).toEqual({})
    expect(() => parseUrl('not a url', '/')).toThrow()
  })

  it("vike's getPageAssets: compiled to find a page entry's assets once for its manifest and base (compileCli.js lighterPerPage), each call given what vike's own gives", async () => {
    const file = packageFile('vike', 'dist/server/runtime/renderPageServer/getPageAssets.js')
    const patched = lighterPerPage.transform(readFileSync(file, 'utf8'), file)!
    expect(() => lighterPerPage.transform('export {}', file)).toThrow(/no longer writes `\nasync function getPageAssets\(pageContext, clientDependencies, clientEntries\) \{` once: cli\/compileCli.js \(lighterPerPage\)/)
    type GetPageAssets = (pageContext: object, dependencies: object[], entries: string[]) => Promise<{ src: string }[]>
    const { getPageAssets } = await importPatched<{ getPageAssets: GetPageAssets }>(file, patched)
    const { getPageAssets: vikes } = await privateModule<{ getPageAssets: GetPageAssets }>('vike', 'dist/server/runtime/renderPageServer/getPageAssets.js')
    // A client manifest as vite writes it: two page entries, a client file, a chunk they share with its stylesheet and font.
    const manifest = (css: string) => ({
      'virtual:vike:page-entry:client:/pages/blog': { file: 'assets/entries/blog.js', isEntry: true, imports: ['_shared.js'], css: [`assets/static/${css}`] },
      'virtual:vike:page-entry:client:/pages/index': { file: 'assets/entries/index.js', isEntry: true, css: ['assets/static/index.css'] },
      '_shared.js': { file: 'assets/chunks/shared.js', css: ['assets/static/shared.css'], assets: ['assets/static/font.woff2'] },
      'pages/blog/+client.ts': { file: 'assets/entries/client.js', isEntry: true, imports: ['_shared.js'] },
    })
    const builds = [manifest('blog.css'), manifest('blog.other.css')].map((assetsManifest) => ({ _isProduction: true, assetsManifest, config: {} }))
    const dependencies = (page: string, onlyAssets: boolean) => [
      { id: `virtual:vike:page-entry:client:/pages/${page}`, onlyAssets, eagerlyImported: false },
      ...(onlyAssets ? [] : [{ id: '/pages/blog/+client.ts', onlyAssets: false, eagerlyImported: false }]),
    ]
    for (const globalContext of [...builds, ...builds])
      for (const base of ['/', '/docs/'])
        for (const [page, onlyAssets] of [['blog', false], ['index', true], ['blog', false]] as const) {
          const pageContext = { _globalContext: globalContext, _baseServer: base }
          const entries = onlyAssets ? [] : ['/pages/blog/+client.ts']
          const assets = await getPageAssets(pageContext, dependencies(page, onlyAssets), entries)
          expect(assets, `${page} under ${base}`).toEqual(await vikes(pageContext, dependencies(page, onlyAssets), entries))
          assets[0]!.src = 'changed by a caller'
        }
  })

  it("vike's forkPageContext: compiled to copy a page context property by property (compileCli.js lighterPerPage), giving the copy vike's own gives", async () => {
    const file = packageFile('vike', 'dist/shared-server-client/forkPageContext.js')
    const patched = lighterPerPage.transform(readFileSync(file, 'utf8'), file)!
    expect(() => lighterPerPage.transform('export {}', file)).toThrow(/no longer writes `[\s\S]+` once: cli\/compileCli.js \(lighterPerPage\)/)
    type Fork = (pageContext: object) => object
    const { forkPageContext } = await importPatched<{ forkPageContext: Fork }>(file, patched)
    const { forkPageContext: vikes } = await privateModule<{ forkPageContext: Fork }>('vike', 'dist/shared-server-client/forkPageContext.js')
    // A page context as vike makes one: data, getters (urlPathname), what is hidden, fixed or keyed by a symbol, and an own __proto__.
    const pageContext: Record<PropertyKey, unknown> = { urlOriginal: '/blog/', 2: 'an index key', _pageId: '/pages/blog', isClientSide: false }
    Object.defineProperty(pageContext, 'urlPathname', { get: () => '/blog/', enumerable: true, configurable: true })
    Object.defineProperty(pageContext, '_hidden', { value: 'not listed', enumerable: false, writable: true, configurable: true })
    Object.defineProperty(pageContext, '_fixed', { value: 'not writable', enumerable: true, writable: false, configurable: true })
    Object.defineProperty(pageContext, '__proto__', { value: 'an own property', enumerable: true, writable: true, configurable: true })
    pageContext[Symbol.for('vike')] = 'by a symbol'
    pageContext.after = 'after the getters'
    const fork = forkPageContext(pageContext)
    const vikesFork = vikes(pageContext)
    expect(Reflect.ownKeys(fork)).toEqual(Reflect.ownKeys(vikesFork))
    expect(Object.getOwnPropertyDescriptors(fork)).toEqual(Object.getOwnPropertyDescriptors(vikesFork))
    expect(Object.getPrototypeOf(fork)).toBe(Object.prototype)
  })

  it("vike's Babel, semver and source-map-support: compiled to load only when a module needs them (compileCli.js); rolldown's parser reads a +config file's imports as Babel's did", () => {
    const loadedAtTop = [
      ['shared/resolveVikeConfigInternal/pointerImports.js', /^import .* from '@babel\/core';$/m],
      ['plugins/pluginStaticReplace/applyStaticReplace.js', /^import .* from '@babel\/core';$/m],
      ['shared/resolveVikeConfigInternal/assertExtensions.js', /^import semver from 'semver';$/m],
      ['shared/resolveVikeConfigInternal/transpileAndExecuteFile.js', /^import sourceMapSupport from 'source-map-support';$/m],
    ] as const
    for (const [path, topImport] of loadedAtTop) {
      const file = packageFile('vike', `dist/node/vite/${path}`)
      const source = readFileSync(file, 'utf8')
      expect(source).toMatch(topImport)
      const patched = loadOnlyWhenNeeded.transform(source, file)!
      expect(patched).not.toMatch(/^import .* from '(@babel\/|semver'|source-map-support')/m)
      expect(() => loadOnlyWhenNeeded.transform('export {}', file)).toThrow(/no longer writes `[\s\S]+` once: cli\/compileCli.js \(loadOnlyWhenNeeded\)/)
    }
    // esbuild's output of a +config file, each form of import, with text before them that UTF-8 and UTF-16 count apart.
    const code = `// ünï 🚀\nimport a from 'x'\nimport { b, c as d, "e-f" as g } from "./y.js";\nimport * as ns from 'z'\nimport 'side.css'\nimport h, {\n  i\n} from 'w'\nexport default { a, d }\n`
    type Node = { type: string; start: number; end: number; source: { value: string }; specifiers: { type: string; local: { name: string }; imported?: { name?: string } }[] }
    const imports = (body: unknown[]) =>
      (body as Node[])
        .filter((node) => node.type === 'ImportDeclaration')
        .map(({ start, end, source, specifiers }) => ({ start, end, source: source.value, specifiers: specifiers.map((s) => [s.type, s.local.name, s.imported?.name]) }))
    const read = imports(parseAst(code, { sourceType: 'module' }).body)
    expect(read).toEqual(imports(babelParse(code, { sourceType: 'module' }).program.body))
    expect(read).toHaveLength(5)
  })

  it("vike's crawl for + files, set by VIKE_CRAWL (viteConfig.ts crawlSettings): no git, nothing outside pages/, and the files its own crawl finds", async () => {
    type Crawl = { crawlPlusFiles(root: string): Promise<{ filePathAbsoluteUserRootDir: string }[]> }
    const { crawlPlusFiles } = await privateModule<Crawl>('vike', 'dist/node/vite/shared/resolveVikeConfigInternal/crawlPlusFiles.js')
    const crawl = async (settings: string | undefined) => {
      vi.stubEnv('VIKE_CRAWL', settings)
      try {
        return (await crawlPlusFiles(toolRoot)).map((file) => file.filePathAbsoluteUserRootDir).sort()
      } finally {
        vi.unstubAllEnvs()
      }
    }
    const settings = crawlSettings()
    expect(JSON.parse(settings)).toMatchObject({ git: false, ignore: expect.arrayContaining(['cli/**', 'tests/**', 'posts/**', 'node_modules/**']) })
    expect(JSON.parse(settings).ignore).not.toContain('pages/**')
    // vike's own crawl (git ls-files in a checkout, its glob elsewhere) finds every + file in pages/, and so does the one it is told.
    const found = await crawl(settings)
    expect(found).toEqual(await crawl(undefined))
    expect(found.length).toBeGreaterThan(40)
    for (const file of found) expect(file).toMatch(/^\/pages\//)
    // Read from the environment at each crawl, `git` and `ignore` as vike's crawlFiles takes them.
    const source = packageSource('vike', 'dist/utils/crawlFiles.js')
    expect(source).toContain("getEnvVarObject('VIKE_CRAWL')")
    expect(source).toMatch(/crawler\.git && userSettings\.git !== false/)
  })

  it("the server build's compiled stylesheets (viteConfig.ts compiledName): plain CSS to vite, no CSS module, and left in their chunk by vike", () => {
    const name = compiledName('/site/pages/Header.module.scss')
    expect(name).toBe('/site/pages/Header.css?compiled-module')
    expect(compiledName('/site/styles/global.scss')).toBe('/site/styles/global.css?compiled')
    // vite's own rules: a file's language by the extension before a query, a CSS module by `.module.` before it.
    const vite = packageSource('vite', 'dist/node/chunks/node.js')
    const languages = new RegExp(/^const CSS_LANGS_RE = \/(.+)\/;$/m.exec(vite)![1]!)
    expect(vite).toContain('const cssModuleRE = new RegExp(`\\\\.module${CSS_LANGS_RE.source}`);')
    expect(languages.exec(name)?.[1]).toBe('css')
    expect(new RegExp(String.raw`\.module${languages.source}`).test(name)).toBe(false)
    // vike's: an id ending in `.css` gets a chunk of its own; another stays in its importer's, as a Sass file did.
    expect(packageSource('vike', 'dist/node/vite/plugins/build/pluginDistFileNames.js')).toMatch(/function getCssChunkName\(id, config\) \{\s+if \(!id\.endsWith\('\.css'\)\)\s+return undefined;/)
  })

  it("vike's copies: every copy evaluated adds its version to a list on globalThis (getGlobalObject), which tests/cli/vikeCopies.test.ts counts", async () => {
    await privateModule('vike', 'dist/utils/assert.js')
    const globals = (globalThis as { _vike?: { globals?: Record<string, { instances?: string[] }> } })._vike?.globals
    const { version } = JSON.parse(packageSource('vike', 'package.json')) as { version: string }
    expect(globals?.['utils/assertSingleInstance.ts']?.instances).toContain(version)
  })

  it("vite's import of the Sass compiler: by the path its resolver gives, which compiledVike.ts hands the compiled sass-embedded (SASS_ENTRY)", () => {
    const vite = packageSource('vite', 'dist/node/chunks/node.js')
    expect(vite).toMatch(/name: "sass-embedded",\s+path: loadPreprocessorPath\("sass-embedded", root\)/)
    expect(vite).toContain('const importSass = createCachedImport(() => import(sassPath));')
    // vite resolves it for Node's import (its "import" export), as the hook's key is resolved.
    expect(vite).toMatch(/function nodeResolveWithVite\(id, importer, options\) \{\s+return tryNodeResolve\(id, importer, \{[^}]*conditions: \["node", \.\.\.isModuleSyncConditionEnabled \? \["module-sync"\] : \[\]\]/)
    const exports = JSON.parse(packageSource('sass-embedded', 'package.json')).exports as { import: { default: string } }
    expect(fileURLToPath(import.meta.resolve(SASS_ENTRY.sassEmbedded!))).toBe(packageFile('sass-embedded', exports.import.default))
  })

  it("vike's entry points that run beside the CLI's copy: those the server bundle imports (vikeEntries.js, given to Node by compiledVike.ts)", () => {
    // The server bundle's entry imports vike's runtime by this name; vike-react and the pages import the others.
    expect(packageSource('vike', 'dist/node/vite/plugins/build/pluginProdBuildEntry.js')).toMatch(/return 'vike\/__internal';/)
    // Every file of vike-react's: one that imports another entry point of vike runs a second copy of it.
    const dist = packageFile('vike-react', 'dist')
    const vikeReact = readdirSync(dist, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.js'))
      .flatMap((file) => [...readFileSync(join(dist, file), 'utf8').matchAll(/from '(vike(?:\/[^']*)?)'/g)].map((match) => match[1]!))
    expect(new Set(vikeReact)).toEqual(new Set(['vike/server', 'vike/getPageContext']))
    for (const specifier of [...vikeReact, 'vike/__internal', 'vike/abort', 'vike/client/router']) expect(Object.values(VIKE_ENTRIES)).toContain(specifier)
  })

  it("vike's outDirIsAbsolutePath: an outDir is absolute when its first folder is the cwd's; outDirForVike passes from any cwd", async () => {
    const { getOutDirsAllFromRootNormalized } = await privateModule<{ getOutDirsAllFromRootNormalized: (outDir: string, root: string) => { outDirClient: string } }>('vike', 'dist/node/vite/shared/getOutDirs.js')
    const workDir = join(toolRoot, 'node_modules', '.cache', 'kube-site', 'work')
    const elsewhere = mkdtempSync(join(tmpdir(), 'kube-site-cwd-'))
    const cwd = process.cwd()
    // A test's own process, not a build: vike's check reads the cwd.
    process.chdir(elsewhere)
    try {
      const fromElsewhere = getOutDirsAllFromRootNormalized(outDirForVike(workDir), toolRoot).outDirClient
      expect(existsSync(join(fromElsewhere, '..', '..', 'work'))).toBe(existsSync(workDir))
      expect(relative(join(workDir, 'client'), fromElsewhere)).toBe('')
      // The reason for outDirForVike: the work folder as it is, or relative to the root, fails vike's check when the top-level folders differ.
      if (elsewhere.split('/')[1] !== workDir.split('/')[1]) {
        expect(() => getOutDirsAllFromRootNormalized(workDir, toolRoot)).toThrow()
        expect(() => getOutDirsAllFromRootNormalized(relative(toolRoot, workDir), toolRoot)).toThrow()
      }
    } finally {
      process.chdir(cwd)
      rmSync(elsewhere, { recursive: true, force: true })
    }
    expect(outDirForVike(workDir, toolRoot)).toBe(workDir)
  })

  it("vike's script and preload tags (inferAssetTag, inferPreloadTag): what compactShell rewrites", async () => {
    const tags = await privateModule<{ inferAssetTag: (asset: object, pageContext: object) => string; inferPreloadTag: (asset: object) => string }>(
      'vike',
      'dist/server/runtime/renderPageServer/html/injectAssets/inferHtmlTags.js',
    )
    const asset = (src: string) => ({ src, assetType: 'script', mediaType: 'text/javascript' })
    const page = `<!DOCTYPE html><html><head></head><body><div id="root"><p>x</p></div>\n  ${tags.inferAssetTag(asset('/assets/entry.js'), {})}\n  ${tags.inferPreloadTag(asset('/assets/chunk.js'))}\n</body></html>`
    expect(compactShell(page)).toBe(
      '<!DOCTYPE html><html><head></head><body><div id="root"><p>x</p></div><link rel="modulepreload" href="/assets/chunk.js" fetchpriority="low"><script src="/assets/entry.js" type="module" async fetchpriority="low"></script></body></html>',
    )
  })

  it("vike-react's page template: the page in <div id=\"root\">, indented, nothing but scripts and links after it", () => {
    const template = packageSource('vike-react', 'dist/integration/onRenderHtml.js')
    expect(template).toContain("getTagAttributesString({ id: 'root', ...rootAttributes })")
    // The root, between the body's settings (+bodyHtmlBegin, +bodyHtmlEnd; the site sets neither), indented.
    expect(template).toMatch(/\n {6}<body\$\{dangerouslySkipEscape\(bodyAttributesString\)\}>\n {8}\$\{bodyHtmlBegin\}\n {8}<div\$\{dangerouslySkipEscape\(rootAttributesString\)\}>\$\{pageHtmlStringOrStream\}<\/div>\n {8}\$\{bodyHtmlEnd\}\n {6}<\/body>/)
  })

  it("vike's page context in a page (@brillout/json-serializer): the whole text of its script tag, which pageFromHtml's parse reads back, the data at its top", async () => {
    const getHtmlTags = packageSource('vike', 'dist/server/runtime/renderPageServer/html/injectAssets/getHtmlTags.js')
    expect(getHtmlTags).toContain('const htmlTag = `<script id="${htmlElementId_pageContext}" type="application/json"${nonceAttr}>${pageContextClientSerialized}</script>`;')
    const { getPageContextClientSerialized } = await privateModule<{ getPageContextClientSerialized: (pageContext: object, isHtmlJsonScript: boolean) => string }>(
      'vike',
      'dist/server/runtime/renderPageServer/html/serializeContext.js',
    )
    // What a page's data holds that JSON alone does not carry, or that would end the script early.
    const data = { post: { title: '!important: </script><script>alert(1)</script>', updated: undefined, tags: ['a&b'] }, total: 2 }
    const serialized = getPageContextClientSerialized({ pageId: '/pages/blog/post', routeParams: {}, data, _passToClient: [], _pageContextInit: {}, _globalContext: { _pageConfigs: [] } }, true)
    expect(serialized).not.toMatch(/<\/script/i)
    expect(parse(serialized)).toStrictEqual({ pageId: '/pages/blog/post', routeParams: {}, data })
  })

  it("vike's variables: PUBLIC_ENV__ and the names it lets the browser's code read, and BASE_SERVER and BASE_ASSETS, exposed but set from the base (what incremental/bundleEnv.ts keys the bundle by)", () => {
    const replaced = packageSource('vike', 'dist/node/vite/plugins/pluginReplaceConstantsEnvVars.js')
    expect(replaced).toContain("const PUBLIC_ENV_PREFIX = 'PUBLIC_ENV__';")
    const start = replaced.indexOf('const PUBLIC_ENV_ALLOWLIST = [')
    expect([...replaced.slice(start, replaced.indexOf('];', start)).matchAll(/'(\w+)'/g)].map((match) => match[1])).toEqual(['STORYBOOK', 'DEBUG'])
    const bases = packageSource('vike', 'dist/node/vite/plugins/pluginBaseUrls.js')
    expect(bases).toMatch(/envPrefix: \[\s*'VITE_',[^\]]*'BASE_SERVER',\s*'BASE_ASSETS',\s*\]/)
    expect(bases).toContain('process.env.BASE_SERVER = basesResolved.baseServer;')
    expect(bases).toContain('process.env.BASE_ASSETS = basesResolved.baseAssets;')
  })

  it("vike's virtual page entries and client router entry: what BLOG_ENTRY names to cut the blog's chunk", async () => {
    const { generateVirtualFileId } = await privateModule<{ generateVirtualFileId: (args: object) => string }>('vike', 'dist/shared-server-node/virtualFileId.js')
    const blogPost = generateVirtualFileId({ type: 'page-entry', pageId: '/pages/blog/post', isForClientSide: true })
    expect(BLOG_ENTRY.test(`\0${blogPost}`)).toBe(true)
    expect(BLOG_ENTRY.test(`\0${generateVirtualFileId({ type: 'page-entry', pageId: '/pages/pricing', isForClientSide: true })}`)).toBe(false)
    const router = packageFile('vike', 'dist/client/runtime-client-routing/entry.js')
    expect(existsSync(router)).toBe(true)
    expect(BLOG_ENTRY.test(router)).toBe(true)
  })
})
