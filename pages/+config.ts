// https://vike.dev/config
import type { Config } from 'vike/types'
import vikeReact from 'vike-react/config'

export default {
  extends: [vikeReact],
  // https://vike.dev/prerender: every page static, rendered by the CLI through vike's server runtime from the kept
  // server bundle (cli/generator/prerender/renderPages.ts), not by vike's prerender: no route lists its URLs (partial).
  prerender: { partial: true, keepDistServer: true, redirects: false, disableAutoRun: true },
  // https://vike.dev/trailingSlash: /blog/ not /blog, as object storage serves dir/index.html.
  trailingSlash: true,
  // https://vike.dev/render-modes: HTML-only unless they say otherwise (blog/+config.ts); in the browser only
  // their +client.ts runs, hydrating their islands: no vike runtime, page or page context.
  clientHooks: false,
  // <html lang dir>: the config's language, in +lang.ts and +htmlAttributes.ts.
} satisfies Config
