// https://vike.dev/config
import type { Config } from 'vike/types'
import vikeReact from 'vike-react/config'

export default {
  extends: [vikeReact],
  // https://vike.dev/prerender: every page is prerendered; kube-site runs the prerender itself,
  // split across worker threads (see +onPrerenderStart.ts). A worker may render no page of some
  // route (partial), and all of them read the one server bundle, which must stay in place.
  prerender: { partial: true, keepDistServer: true, redirects: false, disableAutoRun: true },
  // https://vike.dev/trailingSlash: /blog/ not /blog, as object storage serves dir/index.html.
  trailingSlash: true,
  // https://vike.dev/render-modes: pages are HTML-only unless they say otherwise (the blog does,
  // in blog/+config.ts). React renders them at build time; in the browser only their +client.ts
  // runs, which hydrates their islands (pages/_islands/): no vike runtime, page or page context.
  clientHooks: false,
  // <html lang dir>: the config's language, in +lang.ts and +htmlAttributes.ts.
} satisfies Config
