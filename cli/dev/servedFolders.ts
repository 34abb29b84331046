import type { Plugin } from 'vite'
import { normalizePath, searchForWorkspaceRoot } from 'vite'

/**
 * Keeps vite's `server.fs.allow` to the tool root's folders: vike adds the cwd and its workspace, and
 * `dev` runs from the writer's folder (maybe their home). Those are taken out once every plugin has
 * resolved the config; a post's files are served by devContentPlugin.
 */
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
