// https://vike.dev/onCreatePageContext: after vike has made a page context and resolved its config.
// `.ssr`: run on the server only, and not a reason for the blog's router to ask the server for a
// page context when it moves in place (vike's hasServerOnlyHook leaves `.ssr` hooks out).
import type { PageContextServer } from 'vike/types'
import { getSiteContent } from './_server/getSiteContent.server.ts'

/**
 * In a build, the pages of one route share the config vike resolved for the first of them
 * (cli/generator/prerender/prerenderShare.ts, sharedPageConfig): vike makes every page's context before
 * rendering the first, each with its own copy. In `dev` a context lives for one request.
 */
export default function onCreatePageContext(pageContext: PageContextServer): void {
  getSiteContent().prerender?.shareConfig(pageContext)
}
