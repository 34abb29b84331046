import { existsSync } from 'node:fs'
import { registerHooks, type ResolveHookSync } from 'node:module'
import { fileURLToPath } from 'node:url'
import { VIKE_ENTRIES } from './vikeEntries.js'

// One copy of vike in a thread: the compiled CLI bundles vike, but the server bundle and vite's dev
// server leave vike's imports to Node, which loaded a second copy (~190 files). So each vike entry they
// import is compiled to a file of its own (sharing chunks with the CLI), and a resolve hook hands it them.

let registered = false

/**
 * Makes this thread's imports of vike's entries (VIKE_ENTRIES), by name or by their node_modules file
 * URL (vite's dev server), the compiled CLI's. Each thread calls it (hooks are per thread); from source
 * there is no compiled file and node_modules' vike is the one copy.
 */
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
