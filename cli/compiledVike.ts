import { existsSync } from 'node:fs'
import { registerHooks, type ResolveHookSync } from 'node:module'
import { fileURLToPath } from 'node:url'
import { VIKE_ENTRIES } from './vikeEntries.js'

// One copy of vike in a thread. The compiled CLI bundles vike (cli/compileCli.js); the server
// bundle leaves vike's imports to Node (viteConfig.ts, SERVER_RUNTIME), and so does vite's dev
// server for the pages' packages. Left to Node, those imports loaded vike a second time from
// node_modules, about 190 files: so the CLI compiles each entry point of vike they import into a file of
// its own, its modules shared with the CLI's in chunks, and a resolve hook hands them those files.

let registered = false

/**
 * Makes this thread's imports of vike's entry points (VIKE_ENTRIES), by their name (`vike/server`)
 * or by the URL of their file in node_modules (vite's dev server imports a package it leaves to
 * Node by its file URL), the compiled CLI's. Hooks are a thread's own: the CLI's thread and each
 * prerender thread call it. From source (the unit tests) there is no compiled file, and vike in
 * node_modules is the one copy.
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
