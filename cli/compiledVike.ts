import { existsSync } from 'node:fs'
import { registerHooks, type ResolveHookSync } from 'node:module'
import { fileURLToPath } from 'node:url'
import { SASS_ENTRY, VIKE_ENTRIES } from './vikeEntries.js'

// One copy of vike in a thread: the bundles leave vike's imports to Node, which loaded a second copy; each vike entry they import is compiled apart and handed them.
// sass-embedded too, in one file (vikeEntries.js SASS_ENTRY), which vite imports by its path.

let registered = false

/** Makes this thread's imports of VIKE_ENTRIES and SASS_ENTRY (by name or node_modules file URL; sass-embedded by path too) the compiled CLI's; hooks are per thread. From source node_modules' are the copies. */
export function useCompiledVike(): void {
  if (registered) return
  registered = true
  const compiled = new Map<string, string>()
  for (const [name, specifier] of Object.entries({ ...VIKE_ENTRIES, ...SASS_ENTRY })) {
    const file = new URL(`./${name}.mjs`, import.meta.url)
    if (!existsSync(fileURLToPath(file))) return
    compiled.set(specifier, file.href).set(import.meta.resolve(specifier), file.href)
  }
  // vite imports the Sass compiler by the path it resolved; vike resolves its own files by path, and must find them.
  for (const specifier of Object.values(SASS_ENTRY)) compiled.set(fileURLToPath(import.meta.resolve(specifier)), compiled.get(specifier)!)
  // `vike` itself is vike/server.
  compiled.set('vike', compiled.get('vike/server')!)
  // By the specifier alone: vike's plugin resolves its own files by their paths, and must find them.
  const resolve: ResolveHookSync = (specifier, context, nextResolve) => {
    const url = compiled.get(specifier)
    return url ? { url, format: 'module', shortCircuit: true } : nextResolve(specifier, context)
  }
  registerHooks({ resolve })
}
