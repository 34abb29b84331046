// https://vike.dev/config
import type { Config } from 'vike/types'
import vikeReact from 'vike-react/config'

export default {
  extends: [vikeReact],
  // https://vike.dev/prerender: kube-site runs the prerender itself across threads (+onPrerenderStart.ts): a
  // thread may render no page of a route (partial), and all read the one server bundle.
  prerender: { partial: true, keepDistServer: true, redirects: false, disableAutoRun: true },
  // https://vike.dev/trailingSlash: /blog/ not /blog, as object storage serves dir/index.html.
  trailingSlash: true,
  // https://vike.dev/render-modes: HTML-only unless they say otherwise (blog/+config.ts); in the browser only
  // their +client.ts runs, hydrating their islands: no vike runtime, page or page context.
  clientHooks: false,
  // <html lang dir>: the config's language, in +lang.ts and +htmlAttributes.ts.
} satisfies Config
