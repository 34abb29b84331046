import type { Plugin } from 'vite'
import type { SiteConfig } from '../../content/types.ts'
import { internalError } from '../../errors.ts'
import { EARLY_SCRIPT_FILE, siteEarlyScript } from './compileEarlyScript.ts'

export const CONFIG_MODULE_ID = 'virtual:kube-site/config'
/** The id vite knows the config module by; each part's is this, a slash and its key. */
export const CONFIG_RESOLVED_ID = `\0${CONFIG_MODULE_ID}`

/** The config as a module, one named export per name (configExports.ts exportNames) each in a module of its own, so each key lands in the chunk of its readers. */
export function configModule(names: readonly string[]): string {
  return names
    .map((key) => {
      if (!/^[A-Za-z_$][\w$]*$/.test(key)) throw internalError(`site config key ${JSON.stringify(key)} is not a name a module can export`)
      return `export { default as ${key} } from '${CONFIG_MODULE_ID}/${key}'\n`
    })
    .join('')
}

/** The inline script of every page, compiled from pages/_lib/islands/earlyScript.ts (its default export: the script's text). */
export const EARLY_SCRIPT_MODULE_ID = 'virtual:kube-site/early-script'

/** This plugin's module ids, all made from the config: a dev config reload invalidates them all, or a page keeps an old script under a new hash. */
export const CONFIG_MADE_MODULE = /^\0virtual:kube-site\/(config(\/\w+)?|early-script)$/

/**
 * Serves the config module's exports (configExports.ts, made by the caller: for a build by the CLI's thread, which hands them to
 * the bundle's) as `virtual:kube-site/config`, and the inline script of `getConfig()` as `virtual:kube-site/early-script`.
 */
export function kubeSitePlugin(getConfig: () => SiteConfig, getExports: () => Readonly<Record<string, unknown>>): Plugin {
  return {
    name: 'kube-site:config',
    resolveId: {
      filter: { id: /^virtual:kube-site\/(config(\/\w+)?|early-script)$/ },
      handler: (id) => `\0${id}`,
    },
    load: {
      filter: { id: CONFIG_MADE_MODULE },
      handler(id) {
        if (id === `\0${EARLY_SCRIPT_MODULE_ID}`) {
          // dev compiles it again when the module is edited.
          this.addWatchFile(EARLY_SCRIPT_FILE)
          return `export default ${JSON.stringify(siteEarlyScript(getConfig()))}\n`
        }
        const exports = getExports()
        if (id === CONFIG_RESOLVED_ID) return configModule(Object.keys(exports))
        return `export default ${JSON.stringify(exports[id.slice(CONFIG_RESOLVED_ID.length + 1)])}\n`
      },
    },
  }
}
