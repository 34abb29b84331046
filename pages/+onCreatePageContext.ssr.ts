// https://vike.dev/onCreatePageContext. `.ssr`: server only, so the blog's router asks the server for no
// page context on a move in place (vike's hasServerOnlyHook leaves `.ssr` hooks out).
import type { PageContextServer } from 'vike/types'
import { getSiteContent } from './_server/getSiteContent.server.ts'

/** In a build, the pages of a route share the config vike resolved for the first (cli/generator/prerender/prerenderShare.ts, sharedPageConfig). */
export default function onCreatePageContext(pageContext: PageContextServer): void {
  getSiteContent().prerender?.shareConfig(pageContext)
}
