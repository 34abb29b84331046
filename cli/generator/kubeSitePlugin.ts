import type { Plugin } from 'vite'
import type { SiteConfig } from '../content/types.ts'
import type { Picture } from '../../pages/_lib/picture.ts'
import { internalError } from '../errors.ts'
import { EARLY_SCRIPT_FILE, siteEarlyScript } from './compileEarlyScript.ts'
import { uiTemplates } from '../../pages/_lib/uiStrings.ts'

export const CONFIG_MODULE_ID = 'virtual:kube-site/config'
/** The id vite knows the config module by; each part's is this, a slash and its key. */
export const CONFIG_RESOLVED_ID = `\0${CONFIG_MODULE_ID}`

/**
 * The config as a module: a named export per top-level key (pages/_lib/siteConfigModule.d.ts),
 * each re-exported from a module of its own. A module is never split between chunks, so one
 * module holding every key would put the home page's copy and the pricing plans in the chunk the
 * blog loads for its header; one module per key lands each where its readers are.
 */
export function configModule(config: SiteConfig): string {
  return [...Object.keys(config), PICTURES, UI_TEMPLATES]
    .map((key) => {
      if (!/^[A-Za-z_$][\w$]*$/.test(key)) throw internalError(`site config key ${JSON.stringify(key)} is not a name a module can export`)
      return `export { default as ${key} } from '${CONFIG_MODULE_ID}/${key}'\n`
    })
    .join('')
}

/** The inline script of every page, compiled from pages/_lib/earlyScript.ts (its default export: the script's text). */
export const EARLY_SCRIPT_MODULE_ID = 'virtual:kube-site/early-script'

/**
 * The ids vite knows this plugin's modules by. Each is made from the config, the inline script too
 * (its theme's storage key is the brand's): a dev server that reloads the config invalidates every
 * module this matches, or a page keeps the script of the old brand under a policy that hashes the new.
 */
export const CONFIG_MADE_MODULE = /^\0virtual:kube-site\/(config(\/\w+)?|early-script)$/

/** The export that holds the variants of the config's raster images (cli/images/configImages.ts). */
const PICTURES = 'pictures'
/** The export that holds the interface strings' templates in the site's language: only these reach the browser, no catalog. */
const UI_TEMPLATES = 'uiTemplates'

/**
 * Serves the validated site config to the pages as `virtual:kube-site/config`, with the pictures
 * the build made of its images, and the inline script as `virtual:kube-site/early-script`.
 */
export function kubeSitePlugin(getConfig: () => SiteConfig, getPictures: () => Record<string, Picture> = () => ({})): Plugin {
  return {
    name: 'kube-site:config',
    resolveId: {
      filter: { id: /^virtual:kube-site\/(config(\/\w+)?|early-script)$/ },
      handler: (id) => `\0${id}`,
    },
    load: {
      filter: { id: CONFIG_MADE_MODULE },
      handler(id) {
        const config = getConfig()
        if (id === `\0${EARLY_SCRIPT_MODULE_ID}`) {
          // dev compiles it again when the module is edited.
          this.addWatchFile(EARLY_SCRIPT_FILE)
          return `export default ${JSON.stringify(siteEarlyScript(config))}\n`
        }
        if (id === CONFIG_RESOLVED_ID) return configModule(config)
        const key = id.slice(CONFIG_RESOLVED_ID.length + 1)
        const value = key === PICTURES ? getPictures() : key === UI_TEMPLATES ? uiTemplates(config.site.language, config.ui) : config[key as keyof SiteConfig]
        return `export default ${JSON.stringify(value)}\n`
      },
    },
  }
}
