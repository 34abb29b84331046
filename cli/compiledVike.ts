import { existsSync } from 'node:fs'
import { registerHooks, type ResolveHookSync } from 'node:module'
import { fileURLToPath } from 'node:url'
import { VIKE_ENTRIES } from './vikeEntries.js'

// One copy of vike in a thread: the bundles leave vike's imports to Node, which loaded a second copy; each vike entry they import is compiled apart and handed them.

let registered = false

/** Makes this thread's imports of VIKE_ENTRIES (by name or node_modules file URL) the compiled CLI's; hooks are per thread. From source node_modules' vike is the copy. */
export function useCompiledVike(): void {
  if (registered) return
  registered = true
  const compiled = new Map<string, string>()
  for (const [name, specifier] of Object.entries(VIKE_ENTRIES)) {
    const file = new URL(`./${name}.mjs`, import.meta.url)
    if (!existsSync(fileURLToPath(file))) return
    compiled.set(specifier, file.href).set(import.meta.resolve(specifier), file.href)
  }
  // `vike` itself is vike/server.
  compiled.set('vike', compiled.get('vike/server')!)
  // By the specifier alone: vike's plugin resolves its own files by their paths, and must find them.
  const resolve: ResolveHookSync = (specifier, context, nextResolve) => {
    const url = compiled.get(specifier)
    return url ? { url, format: 'module', shortCircuit: true } : nextResolve(specifier, context)
  }
  registerHooks({ resolve })
}
