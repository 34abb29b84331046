import type { Plugin } from 'vite'
import type { SiteConfig } from '../content/types.ts'

export const CONFIG_MODULE_ID = 'virtual:kube-site/config'
/** The id vite knows the config module by, for invalidating it when the config changes. */
export const CONFIG_RESOLVED_ID = `\0${CONFIG_MODULE_ID}`

/** Serves the validated site config to the pages as `virtual:kube-site/config`. */
export function kubeSitePlugin(getConfig: () => SiteConfig): Plugin {
  return {
    name: 'kube-site:config',
    resolveId: {
      filter: { id: /^virtual:kube-site\/config$/ },
      handler: () => CONFIG_RESOLVED_ID,
    },
    load: {
      filter: { id: /^\0virtual:kube-site\/config$/ },
      handler: () => `export default ${JSON.stringify(getConfig())}`,
    },
  }
}
