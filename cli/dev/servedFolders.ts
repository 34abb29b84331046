import type { Plugin } from 'vite'
import { normalizePath, searchForWorkspaceRoot } from 'vite'

/** Keeps vite's `server.fs.allow` to the tool root's folders, taking out the cwd vike adds (`dev` runs from the writer's folder); posts' files are devContentPlugin's. */
export function servedFromToolRoot(toolRoot: string): Plugin {
  return {
    name: 'kube-site:served-folders',
    apply: 'serve',
    configureServer(server) {
      const fromToolRoot = new Set([toolRoot, searchForWorkspaceRoot(toolRoot)].map(normalizePath))
      const fromCwd = new Set([process.cwd(), searchForWorkspaceRoot(process.cwd())].map(normalizePath))
      const allow = server.config.server.fs.allow
      const kept = allow.filter((folder) => !fromCwd.has(normalizePath(folder)) || fromToolRoot.has(normalizePath(folder)))
      allow.splice(0, allow.length, ...kept)
    },
  }
}
