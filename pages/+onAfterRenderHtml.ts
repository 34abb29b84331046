// https://vike.dev/onAfterRenderHtml (vike-react): after React has rendered the page.
import type { PageContextServer } from 'vike/types'
import { getSiteContent } from './_server/getSiteContent.server.ts'

/**
 * In a build, the page's markup waits outside its document while vike puts its tags in (vike copies the
 * document to search it; a small one costs less); cli/generator/prerender/renderPages.ts puts it back.
 */
export default function onAfterRenderHtml(pageContext: PageContextServer): void {
  const rendering = getSiteContent().rendering
  if (rendering && pageContext.pageHtmlString) pageContext.pageHtmlString = rendering.holdRoot(pageContext.pageHtmlString)
}
