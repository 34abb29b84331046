import type { Plugin } from 'vite'
import { normalizePath, searchForWorkspaceRoot } from 'vite'

/**
 * Keeps the folders vite serves files from (`server.fs.allow`) those of the tool root. vike's dev
 * plugin adds the cwd and the workspace around it (its determineFsAllowList), as a project is run
 * from its root; `dev` is run from the writer's folder, which may be their home, and used to run
 * with the tool root as its cwd. The folders vike took from the cwd, where the tool root does not
 * give the same, are taken out once every plugin has resolved the config; a post's own files are
 * served by devContentPlugin.
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
