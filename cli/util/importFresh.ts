import { registerHooks, type ModuleHooks, type ResolveHookSync } from 'node:module'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

// Node keeps each ES module by URL, so importFresh gives a file and the local files it reaches a URL of their own
// (`?kube-site-fresh=3`) by a resolve hook, only while the import runs; packages come once from `packagesFrom`.

const QUERY = 'kube-site-fresh'

/** Each import under way, by the value of its query: the files it reached, and where its packages resolve from. */
const imports = new Map<string, { files: Set<string>; packagesFrom: string | undefined }>()
let hooks: ModuleHooks | undefined
let count = 0

/** An import settled: the module or what it threw, and the files it reached (all of them, or up to the one that failed). */
export type FreshImport = { files: string[] } & ({ module: Record<string, unknown> } | { error: unknown })

/** Imports `file` and every local file it reaches anew, however often imported before; packages come from `packagesFrom` (default: the importer's). */
export async function importFresh(file: string, { packagesFrom }: { packagesFrom?: string } = {}): Promise<FreshImport> {
  const version = String(++count)
  const files = new Set([file])
  imports.set(version, { files, packagesFrom: packagesFrom && pathToFileURL(join(packagesFrom, 'package.json')).href })
  hooks ??= registerHooks({ resolve })
  const url = pathToFileURL(file)
  url.searchParams.set(QUERY, version)
  try {
    return { module: await nativeImport(url.href), files: [...files] }
  } catch (error) {
    return { error, files: [...files] }
  } finally {
    imports.delete(version)
    if (imports.size === 0) {
      hooks?.deregister()
      hooks = undefined
    }
  }
}

const resolve: ResolveHookSync = (specifier, context, nextResolve) => {
  const version = context.parentURL?.includes(QUERY) ? new URL(context.parentURL).searchParams.get(QUERY) : null
  const current = version === null ? undefined : imports.get(version)
  if (!current) return nextResolve(specifier, context)
  if (!isPath(specifier)) return nextResolve(specifier, { ...context, parentURL: current.packagesFrom ?? context.parentURL })
  const resolved = nextResolve(specifier, context)
  if (!resolved.url.startsWith('file:')) return resolved
  const url = new URL(resolved.url)
  url.searchParams.set(QUERY, version!)
  current.files.add(fileURLToPath(url))
  return { ...resolved, url: url.href }
}

/** A specifier naming a file rather than a package: './x.ts', '../x.ts', '/abs/x.ts', 'file:///abs/x.ts'. */
const isPath = (specifier: string) => /^\.{0,2}\//.test(specifier) || specifier.startsWith('file:')

/** import() as Node does it: vitest's runner would load an import() itself, past the hook, but leaves a data: module's to Node. */
const NATIVE_IMPORT = 'data:text/javascript,export default (url) => import(url)'
let importer: Promise<(url: string) => Promise<Record<string, unknown>>> | undefined
const nativeImport = async (url: string) => (await (importer ??= import(NATIVE_IMPORT).then((module: { default: (url: string) => Promise<Record<string, unknown>> }) => module.default)))(url)
